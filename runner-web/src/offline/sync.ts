import {
  clearSynced,
  markActionSynced,
  type MediaUploadState,
  type OfflineDb,
  type OfflineLocation,
  pendingActions,
  pendingMedia,
  type QueuedAction,
  type QueuedMedia,
  updateMedia,
} from './offline-db.ts';
import type { SignedAction } from '@turnproof/config/device-signature';
import {
  type CompleteRequest,
  type LocationFields,
  type MediaConfirmRequest,
  type PauseRequest,
  type RunnerApi,
  RunnerApiError,
  type SignatureFields,
  type SupplyCountRequest,
  type TaskRequest,
} from './runner-api.ts';

/** Files upload this many at a time (spec: media syncs in batches of 3). */
export const MEDIA_BATCH_SIZE = 3;
/** A reserved upload link this close to expiry is not used; a new one is requested. */
const UPLOAD_LINK_MARGIN_MS = 60_000;

export interface SyncDeps {
  db: OfflineDb;
  api: RunnerApi;
  now?: () => number;
  mediaBatchSize?: number;
  /** Each queued file's upload as it goes, for the task's upload list. */
  onMedia?: (event: MediaSyncEvent) => void;
  /** The id of this phone's signing key with the link's run (registered on first use); none: sent unsigned. */
  deviceKey?: (token: string) => Promise<string>;
  /** Signs a request with this phone's key (offline/device-key.ts), for one not signed when it was queued. */
  sign?: (action: SignedAction, body: object) => Promise<string>;
}

/**
 * A request with this phone's signature: the one made when the action was queued, else one made now. A
 * request that names uploaded files (a photo's confirmation, a report with photos) is complete only once
 * they are uploaded, so it is signed as it is sent. Without a key: the request as it is (unsigned).
 */
type Signer = <T extends object>(action: SignedAction, body: T, queued?: string | null) => Promise<T & SignatureFields>;

/**
 * A queued file's upload (by its id in the media store): 'uploading' with the share of its bytes sent
 * (1 while the server confirms it), 'uploaded' once confirmed, 'failed' with why.
 */
export type MediaSyncEvent =
  | { id: number; state: 'uploading'; progress: number }
  | { id: number; state: 'uploaded' }
  | { id: number; state: 'failed'; error: unknown };

/** The uploads under way, by file id: removing a file cancels its PUT. */
const uploadsInFlight = new Map<number, AbortController>();

/** Cancels the upload of a queued file, if one is under way (the cleaner removed it). */
export function cancelUpload(id: number): void {
  uploadsInFlight.get(id)?.abort();
}

/** For 'Syncing... (done/total)'. */
export interface SyncProgress {
  done: number;
  total: number;
}

export type SyncResult =
  | { ok: true; synced: number }
  | {
      ok: false;
      /** 'Sync failed: {message}', shown with Retry. */
      message: string;
      /** false when trying again cannot help by itself (a refusal such as 400, 403, 404, 409, 410). */
      retryable: boolean;
      synced: number;
      error: unknown;
    };

/**
 * Sends what was queued offline for one magic link, in the spec's order: task actions oldest first,
 * stopping at the first failure; then files in batches of 3 (reserve, PUT, confirm), each marked synced
 * as it succeeds. Issue reports and run completions go after the files: an issue names its photos by
 * their server paths, which exist only once they are uploaded; and the server refuses to complete a run
 * while required photos are missing, so a completion queued before its photos uploaded would otherwise
 * block the queue for good. On full success the token's synced items are deleted.
 *
 * Every request carries the item's stored client action id (files: ids derived from it), never a new
 * one, so resending after a crash or a lost answer is harmless: the server applies each id once and
 * answers a repeat as it answered the first time.
 */
export async function syncToken(
  token: string,
  deps: SyncDeps,
  onProgress: (progress: SyncProgress) => void = () => {},
): Promise<SyncResult> {
  const { db, api } = deps;
  const now = deps.now ?? Date.now;
  const batchSize = Math.max(1, deps.mediaBatchSize ?? MEDIA_BATCH_SIZE);
  let done = 0;
  try {
    const actions = await pendingActions(db, token);
    const media = await pendingMedia(db, token);
    const total = actions.length + media.length;
    const step = () => onProgress({ done: ++done, total });
    onProgress({ done, total });

    const { deviceKey, sign: signNow } = deps;
    const sign: Signer = async (action, body, queued) => {
      const signature = deviceKey && (queued || (await signNow?.(action, body)));
      return signature ? { ...body, device_key_id: await deviceKey(token), signature } : body;
    };
    const uploader: Uploader = { db, api, now, onMedia: deps.onMedia ?? (() => {}), sign };
    const send = async (action: QueuedAction, files: readonly QueuedMedia[] = []) => {
      await sendAction(api, action, files, sign);
      await markActionSynced(db, action.id!);
      step();
    };
    // Pauses and supply counts go in order with the tasks: the work time between pauses is the server's to
    // count, and counts are small writes like ticks.
    const timed = new Set<QueuedAction['type']>(['task', 'supply', 'pause', 'resume']);
    for (const action of actions.filter((action) => timed.has(action.type))) await send(action);

    for (let start = 0; start < media.length; start += batchSize) {
      const batch = media.slice(start, start + batchSize);
      const outcomes = await Promise.allSettled(
        batch.map(async (item) => {
          await uploadMedia(uploader, item);
          step();
        }),
      );
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    }

    // Read again: the paths of this sync's uploads, and of those an earlier, interrupted sync made.
    const files = await db.getAllFromIndex('media', 'token', token);
    const reports = new Set<QueuedAction['type']>(['issue', 'guest_present']);
    for (const action of actions.filter((action) => reports.has(action.type))) await send(action, files);
    for (const action of actions.filter((action) => action.type === 'complete')) await send(action);

    await clearSynced(db, token);
    return { ok: true, synced: done };
  } catch (error) {
    return {
      ok: false,
      message: `Sync failed: ${error instanceof Error ? error.message : String(error)}`,
      retryable: error instanceof RunnerApiError ? error.retryable : true,
      synced: done,
      error,
    };
  }
}

function locationFields(location: OfflineLocation | null | undefined): LocationFields {
  if (!location) return {};
  return {
    latitude: location.latitude,
    longitude: location.longitude,
    location_accuracy: location.accuracy ?? null,
    location_timestamp: location.timestamp ?? null,
    address: location.address ?? null,
  };
}

/** The server paths of a report's photos, all uploaded by now (the files go before the reports). */
function reportMediaPaths(
  action: QueuedAction & { type: 'issue' | 'guest_present' },
  files: readonly QueuedMedia[],
): string[] {
  return (action.payload.mediaActionIds ?? []).map((actionId) => {
    const path = files.find((item) => item.actionId === actionId)?.upload?.path;
    if (!path) throw new Error(`A photo of the report was not uploaded (${actionId})`);
    return path;
  });
}

type Queued<T extends QueuedAction['type']> = QueuedAction & { type: T };

const taskRequest = (action: Queued<'task'>): TaskRequest => ({
  token: action.token,
  action_id: action.actionId,
  runTaskId: action.runTaskId,
  checked: action.payload.checked,
  comment: action.payload.comment ?? null,
  duration_seconds: action.payload.duration_seconds ?? null,
  timestamp: action.timestamp,
  ...locationFields(action.location),
});

const supplyRequest = (action: Queued<'supply'>): SupplyCountRequest => ({
  token: action.token,
  action_id: action.actionId,
  supply_id: action.payload.supplyId,
  count: action.payload.count,
  level: action.payload.level === 'counted' ? null : action.payload.level,
  timestamp: action.timestamp,
});

const pauseRequest = (action: Queued<'pause' | 'resume'>): PauseRequest => ({
  token: action.token,
  action_id: action.actionId,
  timestamp: action.timestamp,
  ...locationFields(action.location),
});

const completeRequest = (action: Queued<'complete'>): CompleteRequest => ({
  ...action.payload,
  token: action.token,
  action_id: action.actionId,
});

/**
 * The request an action sends, but its signature, when it is known as the action is queued: what the
 * phone signs then (device-key.ts). Null for the reports, which name their photos by server paths known
 * only once they are uploaded (signed when sent).
 */
export function signedRequest(action: QueuedAction): { action: SignedAction; body: object } | null {
  switch (action.type) {
    case 'task':
      return { action: 'task', body: taskRequest(action) };
    case 'supply':
      return { action: 'supply-count', body: supplyRequest(action) };
    case 'pause':
    case 'resume':
      return { action: action.type, body: pauseRequest(action) };
    case 'complete':
      return { action: 'complete', body: completeRequest(action) };
    case 'issue':
    case 'guest_present':
      return null;
  }
}

async function sendAction(
  api: RunnerApi,
  action: QueuedAction,
  files: readonly QueuedMedia[],
  sign: Signer,
): Promise<void> {
  const base = { token: action.token, action_id: action.actionId };
  const queued = action.signature;
  switch (action.type) {
    case 'task':
      await api.postTask(await sign('task', taskRequest(action), queued));
      return;
    case 'complete':
      await api.complete(await sign('complete', completeRequest(action), queued));
      return;
    case 'supply':
      await api.countSupply(await sign('supply-count', supplyRequest(action), queued));
      return;
    case 'issue': {
      const request = {
        ...base,
        runTaskId: action.runTaskId ?? null,
        severity: action.payload.severity,
        description: action.payload.description,
        media: reportMediaPaths(action, files),
        timestamp: action.timestamp,
        ...locationFields(action.location),
      };
      await api.reportIssue(await sign('issue', request, queued));
      return;
    }
    case 'pause':
    case 'resume':
      await api.pause(action.type, await sign(action.type, pauseRequest(action), queued));
      return;
    case 'guest_present': {
      const request = {
        ...base,
        note: action.payload.note,
        media: reportMediaPaths(action, files),
        timestamp: action.timestamp,
        ...locationFields(action.location),
      };
      await api.reportGuestPresent(await sign('guest-present', request, queued));
      return;
    }
  }
}

const contentTypeOf = (item: QueuedMedia) => item.fileMeta.type || item.blob.type || 'application/octet-stream';

/** The action id of a file's n-th upload reservation, and of its confirmation. */
export const reserveActionId = (actionId: string, reservation: number) => `${actionId}:upload:${reservation}`;
export const confirmActionId = (actionId: string) => `${actionId}:confirm`;

/**
 * What a file's upload uses: the device's store, the API, the clock, where its progress is reported, and
 * the phone's signature for its confirmation.
 */
interface Uploader {
  db: OfflineDb;
  api: RunnerApi;
  now: () => number;
  onMedia: (event: MediaSyncEvent) => void;
  sign: Signer;
}

/** One queued file's upload, reported to `onMedia`, and skipped (not an error) once the cleaner removed it. */
async function uploadMedia(uploader: Uploader, item: QueuedMedia): Promise<void> {
  const { db, onMedia } = uploader;
  const id = item.id!;
  const controller = new AbortController();
  uploadsInFlight.set(id, controller);
  // The cleaner may remove the file at any step before its confirmation: then it is simply not sent.
  const removed = async () => controller.signal.aborted || !(await db.get('media', id));
  try {
    if (await removed()) return;
    onMedia({ id, state: 'uploading', progress: 0 });
    await sendMedia(uploader, item, controller.signal, removed);
  } catch (error) {
    if (await removed()) return;
    onMedia({ id, state: 'failed', error });
    throw error;
  } finally {
    uploadsInFlight.delete(id);
  }
}

/**
 * Reserve, PUT, confirm, remembering each step on the stored item so a retry resumes after the last
 * step that succeeded. A reservation is repeated with the same action id (the server answers with the
 * same path) unless its upload link expired, when a new one is made.
 */
async function sendMedia(
  { db, api, now, onMedia, sign }: Uploader,
  item: QueuedMedia,
  signal: AbortSignal,
  removed: () => Promise<boolean>,
): Promise<void> {
  const id = item.id!;
  const contentType = contentTypeOf(item);
  let upload: MediaUploadState | null = item.upload ?? null;
  const usable = (state: MediaUploadState | null): boolean =>
    !!state && (state.stored || state.expiresAt === null || state.expiresAt > now() + UPLOAD_LINK_MARGIN_MS);

  // A replayed reservation may carry an expired link; then one more, fresh, reservation.
  for (let tries = 0; !usable(upload) && tries < 2; tries += 1) {
    const reservations = (upload?.reservations ?? 0) + 1;
    const actionId = reserveActionId(item.actionId, reservations);
    const reserved = await api.requestUpload({
      token: item.token,
      runTaskId: item.runTaskId,
      action_id: actionId,
      fileName: item.fileMeta.name,
      contentType,
      size: item.blob.size,
    });
    const expiresAt = reserved.expires_at ? Date.parse(reserved.expires_at) : NaN;
    upload = {
      reserveActionId: actionId,
      reservations,
      path: reserved.path,
      uploadUrl: reserved.uploadUrl,
      expiresAt: Number.isNaN(expiresAt) ? null : expiresAt,
      stored: false,
    };
    await updateMedia(db, id, { upload });
  }
  // Still "expired" by this device's clock after a fresh reservation: the clock is probably off; the
  // server's answer to the PUT decides (403 marks the link expired for the next attempt).
  if (!upload) throw new RunnerApiError('upload', 0, 'no upload link');

  if (!upload.stored) {
    try {
      await api.putFile(upload.uploadUrl, item.blob, contentType, {
        signal,
        onProgress: (fraction) => onMedia({ id, state: 'uploading', progress: fraction }),
      });
    } catch (error) {
      // 403: the signed link was refused (expired); the next attempt reserves a new one.
      if (error instanceof RunnerApiError && error.status === 403) {
        await updateMedia(db, id, { upload: { ...upload, expiresAt: 0 } });
      }
      throw error;
    }
    upload = { ...upload, stored: true };
    await updateMedia(db, id, { upload });
  }
  onMedia({ id, state: 'uploading', progress: 1 });

  // An issue's photo is not proof of the task: the issue names it by path, and the server confirms it as the issue's.
  if (item.issueActionId) {
    await updateMedia(db, id, { synced: true });
    onMedia({ id, state: 'uploaded' });
    return;
  }

  if (await removed()) return;
  const confirmation: MediaConfirmRequest = {
    token: item.token,
    runTaskId: item.runTaskId,
    action_id: confirmActionId(item.actionId),
    path: upload.path,
    type: contentType.startsWith('video/') ? 'video' : 'photo',
    captured_at: item.timestamp,
    source: item.source ?? null,
    alignment_score: item.alignmentScore ?? null,
    ...locationFields(item.location),
  };
  await api.confirmMedia(await sign('media-confirm', confirmation));
  await updateMedia(db, id, { synced: true });
  onMedia({ id, state: 'uploaded' });
}

// ---- retries and scheduling ----

export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 60_000;

/**
 * Delay before automatic retry number `attempt` (0-based): 1 s, 2 s, 4 s ... capped at 60 s, shortened by
 * up to half at random so that many phones coming back online do not retry in step. `random() === 0`
 * gives the exact series.
 */
export function nextRetryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, Math.floor(attempt)));
  const jitter = Math.min(1, Math.max(0, random()));
  return Math.round(base * (1 - jitter / 2));
}

/** What a scheduler needs of a sync result. */
export type SchedulableResult = { ok: true } | { ok: false; message: string; retryable?: boolean };

export interface SyncSchedulerState<R extends SchedulableResult = SyncResult> {
  running: boolean;
  lastResult: R | null;
  /** Failures since the last success (or reconnect). */
  attempt: number;
  /** Delay of the scheduled automatic retry, null when none is scheduled. */
  retryInMs: number | null;
}

export interface SyncSchedulerOptions<R extends SchedulableResult = SyncResult> {
  sync: () => Promise<R>;
  /** Default: navigator.onLine. */
  isOnline?: () => boolean;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** Subscribes to reconnects; answers the unsubscribe. Default: window's 'online' event. */
  onOnline?: (listener: () => void) => () => void;
  /** Default: nextRetryDelay. */
  retryDelay?: (attempt: number) => number;
  onChange?: (state: SyncSchedulerState<R>) => void;
}

export interface SyncScheduler<R extends SchedulableResult = SyncResult> {
  /** Subscribes to reconnects and syncs now. */
  start(): void;
  /**
   * Sync Now / Retry. Answers the result of a sync that began after this call (if one is running, a
   * single follow-up run serves every call made meanwhile); null when offline.
   */
  syncNow(): Promise<R | null>;
  /** Unsubscribes and cancels a scheduled retry; a running sync finishes. */
  stop(): void;
  readonly state: SyncSchedulerState<R>;
}

/** Syncs at start, on reconnect and on request, never two at once, retrying failures with backoff. */
export function createSyncScheduler<R extends SchedulableResult = SyncResult>(
  options: SyncSchedulerOptions<R>,
): SyncScheduler<R> {
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const setTimer = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const clearTimer =
    options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));
  const onOnline = options.onOnline ?? windowOnline;
  const retryDelay = options.retryDelay ?? ((attempt: number) => nextRetryDelay(attempt));

  const state: SyncSchedulerState<R> = { running: false, lastResult: null, attempt: 0, retryInMs: null };
  let started = false;
  let unsubscribe: (() => void) | null = null;
  let timer: unknown = null;
  let loop: Promise<void> | null = null;
  let wanted = false;
  let waiters: ((result: R | null) => void)[] = [];

  const emit = () => options.onChange?.({ ...state });

  function cancelRetry() {
    if (timer !== null) clearTimer(timer);
    timer = null;
    state.retryInMs = null;
  }

  function request(): Promise<R | null> {
    wanted = true;
    const answer = new Promise<R | null>((resolve) => waiters.push(resolve));
    loop ??= drain();
    return answer;
  }

  // The only place a sync runs: one at a time; requests made during a run are served by one more run.
  async function drain(): Promise<void> {
    try {
      while (wanted) {
        wanted = false;
        const served = waiters;
        waiters = [];
        const result = await once();
        for (const resolve of served) resolve(result);
      }
    } finally {
      loop = null;
    }
  }

  async function once(): Promise<R | null> {
    cancelRetry();
    if (!isOnline()) {
      emit();
      return null;
    }
    state.running = true;
    emit();
    let result: R;
    try {
      result = await options.sync();
    } catch (error) {
      const message = `Sync failed: ${error instanceof Error ? error.message : String(error)}`;
      result = { ok: false, message, retryable: true, error } as unknown as R;
    }
    state.running = false;
    state.lastResult = result;
    if (result.ok) {
      state.attempt = 0;
    } else if (result.retryable !== false && started) {
      const delay = retryDelay(state.attempt);
      state.attempt += 1;
      state.retryInMs = delay;
      timer = setTimer(() => {
        timer = null;
        state.retryInMs = null;
        void request();
      }, delay);
    }
    emit();
    return result;
  }

  return {
    start() {
      if (started) return;
      started = true;
      unsubscribe = onOnline(() => {
        state.attempt = 0;
        void request();
      });
      void request();
    },
    syncNow: request,
    stop() {
      started = false;
      unsubscribe?.();
      unsubscribe = null;
      cancelRetry();
    },
    get state() {
      return { ...state };
    },
  };
}

function windowOnline(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}
