import { describe, expect, it } from 'vitest';
import { createRunnerApi, RunnerApiError } from '../../src/offline/runner-api.ts';
import { FAKE_ORIGIN, FakePublicApi } from './fake-public-api.ts';

const TASK = '00000000-0000-4000-8000-00000000000a';
const TOKEN = 'magic-token-1';

function recordingFetch(answer: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    calls.push({ url: String(input), init });
    return answer();
  };
  return { calls, fetch };
}

describe('runner API client', () => {
  it('calls the public endpoints under the base URL with JSON bodies', async () => {
    const server = new FakePublicApi(TOKEN, [{ id: TASK }]);
    const api = createRunnerApi({ baseUrl: `${FAKE_ORIGIN}/`, fetch: server.fetch });

    const run = await api.getRun<{ run: { status: string } }>(TOKEN);
    expect(run.run.status).toBe('pending');
    const task = await api.postTask({ token: TOKEN, runTaskId: TASK, action_id: 'action-0001', checked: true });
    expect(task).toMatchObject({ ok: true, applied: true, task: { checked: true } });
    const reserved = await api.requestUpload({
      token: TOKEN,
      runTaskId: TASK,
      action_id: 'action-0002',
      fileName: 'Kitchen.webp',
      contentType: 'image/webp',
      size: 3,
    });
    expect(reserved.uploadUrl).toBe(`${FAKE_ORIGIN}/api/public/upload/${reserved.signedToken}`);
    const stored = await api.putFile(reserved.uploadUrl, new Blob(['abc']), 'image/webp');
    expect(stored).toMatchObject({ ok: true, size: 3 });
    const confirmed = await api.confirmMedia({
      token: TOKEN,
      runTaskId: TASK,
      action_id: 'action-0003',
      path: reserved.path,
      type: 'photo',
    });
    expect(confirmed.media_count).toBe(1);
    const issue = await api.reportIssue({
      token: TOKEN,
      action_id: 'action-0004',
      severity: 'low',
      description: 'Scuff on the wall',
    });
    expect(issue.alert.severity).toBe('low');
    const completed = await api.complete({ token: TOKEN, action_id: 'action-0005', note: 'all good' });
    expect(completed.run.status).toBe('completed');

    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/public/run',
      'POST /api/public/task',
      'POST /api/public/upload',
      `PUT /api/public/upload/${reserved.signedToken}`,
      'POST /api/public/media-confirm',
      'POST /api/public/issue',
      'POST /api/public/complete',
    ]);
    expect(server.calls[1]!.contentType).toBe('application/json');
    expect(server.calls[3]!.contentType).toBe('image/webp');
    expect(server.calls[3]!.body).toBeInstanceOf(Blob);
    expect(server.calls[6]!.body).toEqual({ token: TOKEN, action_id: 'action-0005', note: 'all good' });
  });

  it('encodes the token, asks for an uncached answer, and uses same-origin paths by default', async () => {
    const { calls, fetch } = recordingFetch(() => Response.json({ run: {} }));
    const api = createRunnerApi({ fetch });
    await api.getRun('a b/c');
    expect(calls[0]!.url).toBe('/api/public/run?token=a%20b%2Fc');
    expect(calls[0]!.init?.cache).toBe('no-store');
    await api.putFile('/api/public/upload/xyz', new Blob(['x']), '');
    expect(calls[1]!.url).toBe('/api/public/upload/xyz');
    expect(new Headers(calls[1]!.init?.headers).get('Content-Type')).toBe('application/octet-stream');
  });

  it('fails with the spec message formats, the status and the server’s {error} text', async () => {
    const failing = (status: number, body: string, statusText = '') =>
      createRunnerApi({ fetch: async () => new Response(body, { status, statusText }) });
    const busy = failing(503, JSON.stringify({ error: 'The service is busy. Try again shortly.' }));
    const task = { token: TOKEN, runTaskId: TASK, action_id: 'action-0001', checked: true };

    const error = await busy.postTask(task).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RunnerApiError);
    expect(error).toMatchObject({
      message: 'Task sync failed: 503 The service is busy. Try again shortly.',
      status: 503,
      text: 'The service is busy. Try again shortly.',
      step: 'task',
      retryable: true,
      invalidLink: false,
    });
    await expect(busy.complete({ token: TOKEN, action_id: 'action-0002' })).rejects.toThrow(
      'Complete sync failed: 503 The service is busy. Try again shortly.',
    );
    await expect(
      busy.requestUpload({ token: TOKEN, runTaskId: TASK, action_id: 'action-0003', fileName: 'a', size: 1 }),
    ).rejects.toThrow('Upload URL request failed: 503 The service is busy. Try again shortly.');
    await expect(busy.putFile('https://x.test/u', new Blob(['a']), 'image/webp')).rejects.toThrow(
      'Storage upload failed: 503 The service is busy. Try again shortly.',
    );
    await expect(
      busy.confirmMedia({ token: TOKEN, runTaskId: TASK, action_id: 'action-0004', path: 'p', type: 'photo' }),
    ).rejects.toThrow('Media confirm failed: 503 The service is busy. Try again shortly.');

    const gone = failing(410, JSON.stringify({ error: 'This link was revoked.' }));
    const refused = await gone.getRun(TOKEN).catch((caught: unknown) => caught);
    expect(refused).toMatchObject({
      message: 'Failed to load run data: 410 This link was revoked.',
      invalidLink: true,
      retryable: false,
    });

    await expect(failing(502, '<html>Bad gateway</html>', 'Bad Gateway').postTask(task)).rejects.toThrow(
      'Task sync failed: 502 Bad Gateway',
    );
    await expect(failing(500, '').postTask(task)).rejects.toThrow('Task sync failed: 500 Request failed');
  });

  it('reports a request that got no answer as status 0, retryable', async () => {
    const api = createRunnerApi({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await api
      .postTask({ token: TOKEN, runTaskId: TASK, action_id: 'action-0001', checked: true })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      message: 'Task sync failed: network error (Failed to fetch)',
      status: 0,
      retryable: true,
    });
  });

  it('lets an abort through unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    const api = createRunnerApi({
      fetch: async (_input, init) => {
        init?.signal?.throwIfAborted();
        return Response.json({});
      },
    });
    const error = await api.getRun(TOKEN, controller.signal).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(RunnerApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});
