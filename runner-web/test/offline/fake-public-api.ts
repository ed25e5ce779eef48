/**
 * An in-memory stand-in for the public runner API (api/src/public/public-run-router.ts) behind a fake
 * `fetch`. Like the real server it applies each action_id once and answers a repeat with the recorded
 * answer (another kind under the same id: 409), ignores a task action older than the task's state,
 * refuses completion while tasks or required photos are missing, and checks signed upload links.
 * It records every call, and can fail chosen calls (before or after applying them).
 */

export const FAKE_ORIGIN = 'http://fake.test';
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;

export interface FakeCall {
  n: number;
  method: string;
  path: string;
  body: any;
  contentType: string | null;
}

export type Failure =
  | { status: number; error?: string }
  /** No answer reaches the client (fetch rejects). With afterApply the server applied the request first. */
  | { network: true; afterApply?: boolean };

interface FakeTask {
  id: string;
  checked: boolean;
  comment: string | null;
  duration_seconds: number | null;
  required_media: number;
  clientUpdatedAt: number | null;
}

interface FakeMedia {
  path: string;
  runTaskId: string;
  status: 'uploading' | 'uploaded' | 'confirmed' | 'error';
  signedToken: string;
  expiresAt: number;
  bytes: number;
  contentType: string | null;
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const invalidLink = 'This link is invalid, expired, or revoked. Please ask the host for a new link.';

export class FakePublicApi {
  readonly token: string;
  readonly calls: FakeCall[] = [];
  readonly tasks = new Map<string, FakeTask>();
  readonly media = new Map<string, FakeMedia>();
  readonly alerts: any[] = [];
  runStatus: 'pending' | 'in_progress' | 'completed' = 'pending';
  /** How often each action id's effect was applied (never more than once on a correct server). */
  readonly applications = new Map<string, number>();
  private readonly processed = new Map<string, { kind: string; status: number; response: unknown }>();
  private readonly failures: { when: (call: FakeCall) => boolean; failure: Failure }[] = [];
  private counter = 0;
  /** The server's clock (upload link expiry). */
  now = Date.parse('2030-01-01T10:00:00Z');
  putDelayMs = 5;
  /** When set, a PUT waits (up to 200 ms) until this many PUTs are in flight, to expose the client's concurrency. */
  putRendezvous = 0;
  inFlightPuts = 0;
  maxInFlightPuts = 0;

  constructor(token: string, tasks: { id: string; required_media?: number }[]) {
    this.token = token;
    for (const task of tasks) {
      this.tasks.set(task.id, {
        id: task.id,
        checked: false,
        comment: null,
        duration_seconds: null,
        required_media: task.required_media ?? 0,
        clientUpdatedAt: null,
      });
    }
  }

  /** Fails the n-th call (1-based, counting every call). */
  failCall(n: number, failure: Failure): this {
    return this.failWhen((call) => call.n === n, failure);
  }

  /** Fails the n-th call (1-based) to a path such as '/api/public/task' (PUTs: '/api/public/upload/*'). */
  failPathCall(path: string, n: number, failure: Failure): this {
    let seen = 0;
    return this.failWhen((call) => {
      const matches = path.endsWith('*') ? call.path.startsWith(path.slice(0, -1)) : call.path === path;
      return matches && ++seen === n;
    }, failure);
  }

  failWhen(when: (call: FakeCall) => boolean, failure: Failure): this {
    this.failures.push({ when, failure });
    return this;
  }

  callsTo(path: string): FakeCall[] {
    return this.calls.filter((call) => call.path === path);
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, FAKE_ORIGIN);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const rawBody = init?.body;
    const body =
      typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody instanceof Blob ? rawBody : (rawBody ?? null);
    const call: FakeCall = {
      n: ++this.counter,
      method,
      path: url.pathname,
      body,
      contentType: headers.get('Content-Type'),
    };
    this.calls.push(call);
    // Every rule sees every call (rules may count calls); the first matching one applies.
    const failure = this.failures.filter((entry) => entry.when(call))[0]?.failure;
    if (failure && 'status' in failure) {
      return json(failure.status, { error: failure.error ?? 'Failure' });
    }
    if (failure && !failure.afterApply) throw new TypeError('Failed to fetch');
    let answer: Response;
    try {
      answer = await this.route(call, url);
    } catch (error) {
      if (!(error instanceof HttpFailure)) throw error;
      answer = json(error.status, { error: error.message });
    }
    if (failure) throw new TypeError('Failed to fetch');
    return answer;
  };

  private async route(call: FakeCall, url: URL): Promise<Response> {
    const { method, path, body } = call;
    if (method === 'GET' && path === '/api/public/run') return this.getRun(url.searchParams.get('token'));
    if (method === 'PUT' && path.startsWith('/api/public/upload/')) {
      return this.put(path.slice('/api/public/upload/'.length), body as Blob);
    }
    if (method !== 'POST') throw new HttpFailure(404, `No API route matches ${method} ${path}.`);
    const kinds: Record<string, string> = {
      '/api/public/task': 'task',
      '/api/public/upload': 'upload',
      '/api/public/media-confirm': 'media-confirm',
      '/api/public/complete': 'complete',
      '/api/public/issue': 'issue',
    };
    const kind = kinds[path];
    if (!kind) throw new HttpFailure(404, `No API route matches ${method} ${path}.`);
    if (typeof body?.action_id !== 'string' || body.action_id.length < 8 || body.action_id.length > 100) {
      throw new HttpFailure(400, 'action_id is required: a unique id for this action.');
    }
    if (body.token !== this.token) throw new HttpFailure(404, invalidLink);
    const recorded = this.processed.get(body.action_id);
    if (recorded) {
      if (recorded.kind !== kind) throw new HttpFailure(409, 'This action id was already used for another action.');
      return json(recorded.status, recorded.response);
    }
    if (this.runStatus === 'completed') throw new HttpFailure(409, 'This run is already completed.');
    const { status, response } = this.apply(kind, body);
    this.processed.set(body.action_id, { kind, status, response });
    this.applications.set(body.action_id, (this.applications.get(body.action_id) ?? 0) + 1);
    return json(status, response);
  }

  private task(runTaskId: unknown): FakeTask {
    const task = typeof runTaskId === 'string' ? this.tasks.get(runTaskId) : undefined;
    if (!task) throw new HttpFailure(403, 'This task does not belong to this run.');
    return task;
  }

  private apply(kind: string, body: any): { status: number; response: unknown } {
    switch (kind) {
      case 'task': {
        const task = this.task(body.runTaskId);
        const at = body.timestamp == null ? this.now : new Date(body.timestamp).getTime();
        const applied = task.clientUpdatedAt === null || task.clientUpdatedAt <= at;
        if (applied) {
          Object.assign(task, {
            checked: body.checked,
            comment: body.comment ?? null,
            duration_seconds: body.duration_seconds ?? null,
            clientUpdatedAt: at,
          });
        }
        if (this.runStatus === 'pending') this.runStatus = 'in_progress';
        return { status: 200, response: { ok: true, applied, run: { status: 'in_progress' }, task: { ...task } } };
      }
      case 'upload': {
        this.task(body.runTaskId);
        if (!(body.size >= 1)) throw new HttpFailure(400, 'The file is empty.');
        const signedToken = `signed-${this.media.size + 1}`;
        const path = `runs/run-1/${body.runTaskId}/${this.media.size + 1}-${String(body.fileName).toLowerCase()}`;
        const expiresAt = this.now + UPLOAD_URL_TTL_MS;
        this.media.set(path, {
          path,
          runTaskId: body.runTaskId,
          status: 'uploading',
          signedToken,
          expiresAt,
          bytes: 0,
          contentType: body.contentType ?? null,
        });
        return {
          status: 200,
          response: {
            path,
            signedToken,
            uploadUrl: `${FAKE_ORIGIN}/api/public/upload/${signedToken}`,
            expires_at: new Date(expiresAt).toISOString(),
          },
        };
      }
      case 'media-confirm': {
        const task = this.task(body.runTaskId);
        const media = this.media.get(body.path);
        if (!media || media.runTaskId !== task.id) throw new HttpFailure(403, 'This file does not belong to this run.');
        if (media.status === 'uploading') throw new HttpFailure(409, 'The file has not been uploaded yet.');
        media.status = 'confirmed';
        if (this.runStatus === 'pending') this.runStatus = 'in_progress';
        return {
          status: 200,
          response: { ok: true, media: { path: media.path }, media_count: this.confirmedMedia(task.id) },
        };
      }
      case 'complete': {
        const missing = [...this.tasks.values()].filter(
          (task) => !task.checked || this.confirmedMedia(task.id) < task.required_media,
        );
        if (missing.length) {
          throw new HttpFailure(409, `Some tasks are not done yet: ${missing.map((task) => task.id).join(', ')}.`);
        }
        this.runStatus = 'completed';
        return {
          status: 200,
          response: { ok: true, run: { status: 'completed' }, message: 'Run completed successfully!' },
        };
      }
      case 'issue': {
        const media: string[] = body.media ?? [];
        if (media.some((path) => !this.media.has(path))) {
          throw new HttpFailure(403, 'This file does not belong to this run.');
        }
        const alert = {
          id: `alert-${this.alerts.length + 1}`,
          severity: body.severity,
          description: body.description,
          media,
        };
        this.alerts.push(alert);
        return { status: 201, response: { ok: true, alert } };
      }
      default:
        throw new HttpFailure(500, 'unreachable');
    }
  }

  confirmedMedia(runTaskId: string): number {
    return [...this.media.values()].filter((media) => media.runTaskId === runTaskId && media.status === 'confirmed')
      .length;
  }

  private getRun(token: string | null): Response {
    if (token !== this.token) throw new HttpFailure(404, invalidLink);
    return json(200, {
      run: {
        status: this.runStatus,
        tasks: [...this.tasks.values()].map((task) => ({ ...task, media_count: this.confirmedMedia(task.id) })),
      },
    });
  }

  private async put(signedToken: string, blob: Blob): Promise<Response> {
    this.inFlightPuts += 1;
    this.maxInFlightPuts = Math.max(this.maxInFlightPuts, this.inFlightPuts);
    try {
      await new Promise((resolve) => setTimeout(resolve, this.putDelayMs));
      for (let waited = 0; this.inFlightPuts < this.putRendezvous && waited < 200; waited += 2) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const media = [...this.media.values()].find((item) => item.signedToken === signedToken);
      if (!media || media.expiresAt < this.now) {
        throw new HttpFailure(403, 'This upload link is invalid or has expired. Please request a new upload.');
      }
      if (this.runStatus === 'completed') throw new HttpFailure(409, 'This run is already completed.');
      if (media.status === 'confirmed') throw new HttpFailure(409, 'This file is already confirmed.');
      media.status = 'uploaded';
      media.bytes = blob.size;
      return json(200, { ok: true, path: media.path, size: blob.size, content_type: media.contentType });
    } finally {
      this.inFlightPuts -= 1;
    }
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
