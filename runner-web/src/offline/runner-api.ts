import type { PhotoSource } from './offline-db.ts';

/** A typed client of the magic-link API (spec 7.1): no login, the token in the query or body. */

/** Location fields every write may carry. */
export interface LocationFields {
  latitude?: number | null;
  longitude?: number | null;
  location_accuracy?: number | null;
  /** ms since the epoch or ISO 8601 */
  location_timestamp?: number | string | null;
  address?: string | null;
}

/** What a signed action adds (offline/device-key.ts): the phone key's id with the run, and its signature. */
export interface SignatureFields {
  device_key_id?: string;
  signature?: string;
}

export interface TaskRequest extends LocationFields, SignatureFields {
  token: string;
  runTaskId: string;
  action_id: string;
  checked: boolean;
  comment?: string | null;
  duration_seconds?: number | null;
  /** When the cleaner acted (ms since the epoch or ISO); the server ignores an action older than the task's state. */
  timestamp?: number | string | null;
}

export interface TaskResponse {
  ok: true;
  /** false when the task had a newer change: the answer then carries that state. */
  applied: boolean;
  run: { status: string; started_at: string };
  task: {
    id: string;
    checked: boolean;
    comment: string | null;
    duration_seconds: number | null;
    checked_at: string | null;
    order_index: number;
  };
}

export interface UploadRequest {
  token: string;
  runTaskId: string;
  action_id: string;
  fileName: string;
  contentType?: string | null;
  size: number;
}

export interface UploadResponse {
  path: string;
  signedToken: string;
  uploadUrl: string;
  expires_at?: string;
}

export interface PutFileResponse {
  ok: true;
  path: string;
  size: number;
  content_type: string;
}

export interface MediaConfirmRequest extends LocationFields {
  token: string;
  runTaskId: string;
  action_id: string;
  path: string;
  type: 'photo' | 'video';
  captured_at?: number | string | null;
  source?: PhotoSource | null;
  alignment_score?: number | null;
}

export interface MediaConfirmResponse {
  ok: true;
  media: { id: string; type: string; path: string };
  media_count: number;
  started_at: string;
}

export interface CompleteRequest {
  token: string;
  action_id: string;
  [extra: string]: unknown;
}

export interface CompleteResponse {
  ok: true;
  run: { id: string; status: string; ended_at: string | null };
  message: string;
}

export interface IssueRequest extends LocationFields {
  token: string;
  action_id: string;
  runTaskId?: string | null;
  severity: 'low' | 'medium' | 'high';
  description: string;
  /** Uploaded photos, by path: the issue confirms them as its own. */
  media?: string[] | null;
  /** When the cleaner reported it (ms since the epoch). */
  timestamp?: number | null;
}

export interface IssueResponse {
  ok: true;
  alert: { id: string; severity: string; description: string; created_at: string };
}

/** Pause or Resume, at the time the cleaner tapped it. */
export interface PauseRequest extends LocationFields, SignatureFields {
  token: string;
  action_id: string;
  timestamp?: number | null;
}

export interface PauseResponse {
  ok: true;
  applied: boolean;
  paused: boolean;
  paused_at: string | null;
  resumed_at: string | null;
}

export interface GuestPresentRequest extends LocationFields {
  token: string;
  action_id: string;
  note?: string | null;
  /** The uploaded photo, by path: the report confirms it as its own. */
  media?: string[] | null;
  timestamp?: number | null;
}

export interface GuestPresentResponse {
  ok: true;
  alert: { id: string; kind: 'guest_present'; note: string; created_at: string };
  slack_minutes: number | null;
}

export interface SupplyCountRequest extends SignatureFields {
  token: string;
  action_id: string;
  supply_id: string;
  /** Null with level 'low'; 0 with 'out'. */
  count: number | null;
  level?: 'low' | 'out' | null;
  /** When the cleaner counted (ms since the epoch); an older count never overwrites a newer one. */
  timestamp?: number | null;
}

export interface SupplyCountResponse {
  ok: true;
  applied: boolean;
  supply: { id: string; count: number | null; level: string | null };
}

/** This phone's public signing key, registered with the link's run. */
export interface DeviceKeyRequest {
  token: string;
  public_key: { kty: string; crv: string; x: string; y: string };
}

export interface DeviceKeyResponse {
  ok: true;
  device_key_id: string;
}

/** The spec's sync failure prefixes ('{prefix}: {status} {text}'). */
export const API_FAILURE = {
  run: 'Failed to load run data',
  task: 'Task sync failed',
  complete: 'Complete sync failed',
  issue: 'Issue sync failed',
  pause: 'Pause sync failed',
  guestPresent: 'Guest report sync failed',
  supply: 'Supply count sync failed',
  upload: 'Upload URL request failed',
  storage: 'Storage upload failed',
  confirm: 'Media confirm failed',
  deviceKey: 'Device key registration failed',
} as const;

export type ApiStep = keyof typeof API_FAILURE;

/** The server's answers for an unknown (404), revoked or expired (410) link, and for a foreign task (403). */
const INVALID_LINK_STATUSES = new Set([403, 404, 410]);

/** A failed call. status 0: no answer (offline, DNS, aborted). */
export class RunnerApiError extends Error {
  constructor(
    readonly step: ApiStep,
    readonly status: number,
    /** The server's `{error}` sentence, else the status text or the network error. */
    readonly text: string,
  ) {
    super(`${API_FAILURE[step]}: ${status ? `${status} ${text}` : `network error (${text})`}`.trim());
    this.name = 'RunnerApiError';
  }

  /** Worth trying again later: no answer, a timeout, rate limiting or a server fault. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }

  /** The link is unknown, revoked or expired (the Invalid Magic Link screen). */
  get invalidLink(): boolean {
    return INVALID_LINK_STATUSES.has(this.status);
  }
}

export interface RunnerApiOptions {
  /** Prefix of /api/... paths; '' (same origin) by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** A PUT of a file's bytes: its progress (0..1), and a signal that cancels it. */
export interface PutFileOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface RunnerApi {
  getRun<T = unknown>(token: string, signal?: AbortSignal): Promise<T>;
  postTask(body: TaskRequest): Promise<TaskResponse>;
  requestUpload(body: UploadRequest): Promise<UploadResponse>;
  putFile(uploadUrl: string, blob: Blob, contentType: string, options?: PutFileOptions): Promise<PutFileResponse>;
  confirmMedia(body: MediaConfirmRequest): Promise<MediaConfirmResponse>;
  complete(body: CompleteRequest): Promise<CompleteResponse>;
  reportIssue(body: IssueRequest): Promise<IssueResponse>;
  pause(kind: 'pause' | 'resume', body: PauseRequest): Promise<PauseResponse>;
  reportGuestPresent(body: GuestPresentRequest): Promise<GuestPresentResponse>;
  countSupply(body: SupplyCountRequest): Promise<SupplyCountResponse>;
  registerDeviceKey(body: DeviceKeyRequest): Promise<DeviceKeyResponse>;
}

export function createRunnerApi(options: RunnerApiOptions = {}): RunnerApi {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function call<T>(step: ApiStep, url: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new RunnerApiError(step, 0, error instanceof Error ? error.message : String(error));
    }
    const body = await readBody(response);
    if (!response.ok) throw new RunnerApiError(step, response.status, errorText(body, response));
    return body as T;
  }

  const post = <T>(step: ApiStep, path: string, body: unknown) =>
    call<T>(step, `${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });

  return {
    getRun: <T>(token: string, signal?: AbortSignal) =>
      call<T>('run', `${baseUrl}/api/public/run?token=${encodeURIComponent(token)}`, {
        cache: 'no-store',
        headers: { Accept: 'application/json' },
        ...(signal ? { signal } : {}),
      }),
    postTask: (body) => post('task', '/api/public/task', body),
    requestUpload: (body) => post('upload', '/api/public/upload', body),
    putFile: (uploadUrl, blob, contentType, { onProgress, signal } = {}) => {
      const url = /^https?:\/\//i.test(uploadUrl) ? uploadUrl : `${baseUrl}${uploadUrl}`;
      const headers = { 'Content-Type': contentType || 'application/octet-stream', Accept: 'application/json' };
      // fetch reports no upload progress; XMLHttpRequest does (not in the service worker, which has none).
      if (onProgress && !options.fetch && typeof XMLHttpRequest !== 'undefined') {
        return putWithProgress<PutFileResponse>(url, headers, blob, onProgress, signal);
      }
      return call('storage', url, { method: 'PUT', headers, body: blob, ...(signal ? { signal } : {}) });
    },
    confirmMedia: (body) => post('confirm', '/api/public/media-confirm', body),
    complete: (body) => post('complete', '/api/public/complete', body),
    reportIssue: (body) => post('issue', '/api/public/issue', body),
    pause: (kind, body) => post('pause', `/api/public/${kind}`, body),
    reportGuestPresent: (body) => post('guestPresent', '/api/public/guest-present', body),
    countSupply: (body) => post('supply', '/api/public/supply-count', body),
    registerDeviceKey: (body) => post('deviceKey', '/api/public/device-key', body),
  };
}

/** The storage PUT through XMLHttpRequest, for its upload progress; fails as `call` does. */
function putWithProgress<T>(
  url: string,
  headers: Record<string, string>,
  blob: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const aborted = () => new DOMException('The upload was cancelled', 'AbortError');
    if (signal?.aborted) return reject(aborted());
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(new RunnerApiError('storage', request.status, errorText(body, request.statusText)));
    };
    request.onerror = () => reject(new RunnerApiError('storage', 0, 'Failed to fetch'));
    request.ontimeout = request.onerror;
    request.onabort = () => reject(aborted());
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(blob);
  });
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text().catch(() => ''));
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorText(body: unknown, response: Response | string): string {
  if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') return body.error;
  if (typeof body === 'string' && body.length <= 200 && !body.trimStart().startsWith('<')) return body.trim();
  return (typeof response === 'string' ? response : response.statusText) || 'Request failed';
}
