import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../src/media/signed-tokens.ts';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { cameraPhoto, Cleaner } from './cleaner.ts';

let api: TestApi;
let owner: Awaited<ReturnType<typeof signedInOwner>>;

beforeAll(async () => {
  api = await startTestApi();
  owner = await signedInOwner(api);
});
afterAll(() => api?.close());

async function newRun() {
  const property = await owner.post('/api/properties', { name: 'Harbor Loft', address: '3 Pier Ave' });
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = (
    await owner.post('/api/runs', { property_id: property.body.id, type: 'turnover', template_id: template.id })
  ).body;
  const cleaner = Cleaner.fromLink(run.magic_link);
  const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
  return { run, cleaner, tasks };
}

const invalidLink = 'This link is invalid, expired, or revoked. Please ask the host for a new link.';

describe('magic-link security', () => {
  it('answers 404 for an unknown token, 410 once revoked, and a rotated link replaces the old one', async () => {
    const unknown = new Cleaner(api.baseUrl, 'not-a-real-token-at-all');
    const missing = await unknown.openRun();
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(invalidLink);
    expect((await unknown.http.request('HEAD', '/api/test-run/not-a-real-token-at-all')).status).toBe(404);

    const { run, cleaner, tasks } = await newRun();
    expect((await cleaner.http.request('HEAD', `/api/test-run/${cleaner.token}`)).status).toBe(200);
    const rotated = await owner.post(`/api/runs/${run.id}/link`);
    expect(rotated.body.magic_link).not.toBe(run.magic_link);
    expect((await cleaner.openRun()).status).toBe(404);
    const fresh = Cleaner.fromLink(rotated.body.magic_link);
    expect((await fresh.openRun()).status).toBe(200);

    const revoked = await owner.delete(`/api/runs/${run.id}/link`);
    expect(revoked.body.magic_link).toBeNull();
    const gone = await fresh.openRun();
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe('This link was revoked by the host. Please ask the host for a new link.');
    expect((await fresh.tick(tasks[0]!.id)).status).toBe(410);
    expect((await fresh.http.request('HEAD', `/api/test-run/${fresh.token}`)).status).toBe(410);
  });

  it("refuses another run's task (403) and changes nothing", async () => {
    const first = await newRun();
    const second = await newRun();
    const foreign = await first.cleaner.tick(second.tasks[0]!.id, { comment: 'Sneaky' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('This task does not belong to this run.');
    const upload = await first.cleaner.uploadPhoto(second.tasks[0]!.id, await cameraPhoto('x', 64, 64));
    expect(upload.reserved.status).toBe(403);
    const untouched = (await second.cleaner.openRun()).body.run.tasks[0];
    expect(untouched).toMatchObject({ checked: false, comment: null });
  });

  it('refuses tampered and expired upload URLs (403), over-size files (413) and a text file posing as a JPEG', async () => {
    const { cleaner, tasks } = await newRun();
    const taskId = tasks[0]!.id;
    const reserve = (size: number, contentType = 'image/jpeg') =>
      cleaner.http.post('/api/public/upload', {
        token: cleaner.token,
        runTaskId: taskId,
        fileName: 'proof.jpg',
        contentType,
        size,
        action_id: randomUUID(),
      });
    const put = (url: string, bytes: Uint8Array) =>
      fetch(url, { method: 'PUT', body: bytes, headers: { 'Content-Type': 'image/jpeg' } });

    const reserved = await reserve(1000);
    const [payload, mac] = (reserved.body.signedToken as string).split('.');
    const tampered = `${api.baseUrl}/api/public/upload/${payload}.${mac!.slice(0, -2)}AA`;
    const tamperedAnswer = await put(tampered, new Uint8Array(10));
    expect(tamperedAnswer.status).toBe(403);
    expect(((await tamperedAnswer.json()) as { error: string }).error).toBe(
      'This upload link is invalid or has expired. Please request a new upload.',
    );

    const media = await api.orm.em
      .getConnection()
      .execute<{ id: string }[]>('select id from media where path = ?', [reserved.body.path]);
    const expiredToken = signToken(
      api.config.SECRET_KEY,
      'upload',
      { mediaId: media[0]!.id, path: reserved.body.path, maxBytes: 1000, kind: 'photo' },
      60_000,
      Date.now() - 16 * 60_000,
    );
    expect((await put(`${api.baseUrl}/api/public/upload/${expiredToken}`, new Uint8Array(10))).status).toBe(403);

    const tooBig = await reserve(26 * 1024 * 1024);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('The file is too large: photos can be at most 25 MB.');
    const tooBigVideo = await reserve(201 * 1024 * 1024, 'video/mp4');
    expect(tooBigVideo.body.error).toBe('The file is too large: videos can be at most 200 MB.');
    // Declaring a small size and sending more is stopped at the limit too.
    const liar = await reserve(1000);
    const liarAnswer = await put(liar.body.uploadUrl, new Uint8Array(26 * 1024 * 1024));
    expect(liarAnswer.status).toBe(413);

    const fake = await reserve(40);
    const fakeAnswer = await put(
      fake.body.uploadUrl,
      new TextEncoder().encode('This is a text file, not a photo at all.'),
    );
    expect(fakeAnswer.status).toBe(415);
    expect(((await fakeAnswer.json()) as { error: string }).error).toMatch(/^The file is not a valid image\./);
    const confirm = await cleaner.http.post('/api/public/media-confirm', {
      token: cleaner.token,
      runTaskId: taskId,
      path: fake.body.path,
      type: 'photo',
      action_id: randomUUID(),
    });
    expect(confirm.status).toBe(409);
  });

  it('keeps EXIF location in the media row but serves thumbnails without metadata', async () => {
    const { run, cleaner, tasks } = await newRun();
    const { confirmed } = await cleaner.uploadPhoto(tasks[0]!.id, await cameraPhoto('gps'));
    expect(confirmed?.status).toBe(200);
    const [row] = await api.orm.em
      .getConnection()
      .execute<{ latitude: number; longitude: number }[]>('select latitude, longitude from media where run_id = ?', [
        run.id,
      ]);
    expect(row!.latitude).toBeCloseTo(30.27, 2);
    expect(row!.longitude).toBeCloseTo(-97.74, 2);
    const media = (await cleaner.openRun()).body.run.tasks[0].media[0];
    const thumbnail = Buffer.from(await (await fetch(media.thumbnail_url)).arrayBuffer());
    expect(thumbnail.includes(Buffer.from('Exif'))).toBe(false);
    expect((await fetch(media.thumbnail_url.replace(/.$/, 'x'))).status).toBe(403);
  });

  it("answers 404 on every owner endpoint of another owner's run", async () => {
    const { run } = await newRun();
    const stranger = await signedInOwner(api);
    const paths: [string, string][] = [
      ['GET', `/api/runs/${run.id}`],
      ['PUT', `/api/runs/${run.id}`],
      ['DELETE', `/api/runs/${run.id}`],
      ['POST', `/api/runs/${run.id}/link`],
      ['DELETE', `/api/runs/${run.id}/link`],
      ['GET', `/api/runs/${run.id}/reports`],
      ['POST', `/api/runs/${run.id}/reports`],
      ['GET', `/api/runs/${run.id}/reports/1/pdf`],
      ['GET', `/api/runs/${run.id}/reports/1/html`],
    ];
    for (const [method, path] of paths) {
      const answer = await stranger.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await owner.get(`/api/runs/${run.id}`)).status).toBe(200);
  });
});
