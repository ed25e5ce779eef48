import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { describeError } from '../i18n/describe-error.ts';
import { messages } from '../i18n/locale.ts';
import type { Messages, PendingCounts } from '../i18n/messages.ts';
import { loadRun, type RunSource } from '../load-run.ts';
import { deviceLocation } from '../location/device-location.ts';
import {
  type IssueSeverity,
  type MediaFileMeta,
  type NewAction,
  offlineDb,
  type OfflineLocation,
  pendingMedia,
  queueAction,
  queueGuestPresent,
  queueIssue,
  queueMedia,
  type QueuedAction,
  type QueuedMedia,
  removeQueuedMedia,
} from '../offline/offline-db.ts';
import { deviceSigning, registeredDeviceKey, signWhenQueued } from '../offline/device-key.ts';
import { createRunnerApi, RunnerApiError } from '../offline/runner-api.ts';
import {
  cancelUpload,
  createSyncScheduler,
  type MediaSyncEvent,
  type SyncProgress,
  type SyncResult,
  type SyncScheduler,
  syncToken,
} from '../offline/sync.ts';
import { COMPRESSION_BATCH_SIZE, compressPhoto } from '../photo-compression.ts';
import type { CapturedPhoto } from '../photos/photo-checks.ts';
import {
  type LocalChanges,
  overlayRun,
  type PublicRun,
  type PublicSupply,
  type PublicTask,
  type SupplyLevel,
} from '../run-model.ts';
import { onFlushRequest, requestBackgroundSync } from '../sw/background-sync.ts';
import type { ToastInput, Toasts } from '../use-toasts.ts';
import { type UploadItem, uploadItems, type UploadProgress } from './upload-items.ts';

/** Spec: a run older than this is reloaded before an upload. */
const STALE_BEFORE_UPLOAD_MS = 4 * 60 * 1000;
/** Spec: the queued count refreshes every 10 s. */
const QUEUED_REFRESH_MS = 10_000;
/** A task update that takes longer than this shows 'Updating...' until it ends (a quick one shows nothing). */
const SLOW_UPDATE_MS = 1000;

export interface SyncView {
  running: boolean;
  progress: SyncProgress | null;
  /** Unsynced actions and files of this link. */
  queued: number;
  /** What they are: tasks, photos, issue reports, the run's completion. */
  pending: PendingCounts;
  /** Why the last attempt failed ('Sync failed: {message}'), null after a success. */
  error: { cause: unknown } | null;
}

/** What the cleaner says in Report an issue. */
export interface IssueReport {
  severity: IssueSeverity;
  description: string;
  files: readonly File[];
}

/** What the cleaner says in "Guest still here". */
export interface GuestReport {
  note: string;
  files: readonly File[];
}

export interface Runner {
  /** The server's (or cached) run with this device's queued changes laid over it. */
  run: PublicRun;
  source: RunSource;
  sync: SyncView;
  /** A write is being queued. */
  busy: boolean;
  completeTask(task: PublicTask, comment: string, durationSeconds: number): Promise<void>;
  /** Queues a task's photos and videos, each with where it came from and its alignment score. */
  addFiles(task: PublicTask, files: readonly CapturedPhoto[]): Promise<void>;
  /** Each task's photos and videos with their upload state, by run task id. */
  uploads: Readonly<Record<string, UploadItem[]>>;
  /** Takes a file that is not yet confirmed out of the queue (cancelling its upload). */
  removeFile(queueId: number): Promise<void>;
  completeRun(): Promise<void>;
  /** Queues the report and its photos; answers whether it was queued. */
  reportIssue(task: PublicTask, report: IssueReport): Promise<boolean>;
  /** Pause or Resume the run (the task timer follows `run.paused_since`). */
  pauseRun(kind: 'pause' | 'resume'): Promise<void>;
  /** "Guest still here" with an optional note and photo; answers whether it was queued. */
  reportGuestPresent(report: GuestReport): Promise<boolean>;
  /** Queues a supply's count (null with 'low'), sent like a task's tick. */
  countSupply(supply: PublicSupply, count: number | null, level: SupplyLevel): Promise<void>;
  syncNow(): void;
}

interface Snapshot {
  server: PublicRun;
  source: RunSource;
  changes: LocalChanges;
  /** This link's files still to upload (synced ones are the server's now). */
  files: QueuedMedia[];
  queued: number;
  pending: PendingCounts;
}

const NO_CHANGES: LocalChanges = { actions: [], queuedMedia: {} };
const NOTHING_PENDING: PendingCounts = { tasks: 0, photos: 0, issues: 0, completion: false, supplies: 0 };

/** What the unsynced actions and files are, for the cleaner: tasks touched, photos, reports, pauses, completion. */
function pendingOf(actions: readonly QueuedAction[], media: readonly QueuedMedia[]): PendingCounts {
  const unsynced = actions.filter((action) => !action.synced);
  return {
    tasks: new Set(unsynced.flatMap((action) => (action.type === 'task' ? [action.runTaskId] : []))).size,
    photos: media.filter((item) => !item.issueActionId).length,
    issues: unsynced.filter((action) => action.type === 'issue').length,
    pauses: unsynced.filter((action) => action.type === 'pause' || action.type === 'resume').length,
    guestReports: unsynced.filter((action) => action.type === 'guest_present').length,
    completion: unsynced.some((action) => action.type === 'complete'),
    supplies: new Set(unsynced.flatMap((action) => (action.type === 'supply' ? [action.payload.supplyId] : []))).size,
  };
}

type LocalState = Pick<Snapshot, 'changes' | 'files' | 'queued' | 'pending'>;

/** This link's queued actions (synced ones too, until cleared) and unsynced files per task. */
async function readChanges(token: string): Promise<LocalState> {
  const db = await offlineDb();
  const [actions, media] = await Promise.all([db.getAllFromIndex('actions', 'token', token), pendingMedia(db, token)]);
  actions.sort((a, b) => a.timestamp - b.timestamp || (a.id ?? 0) - (b.id ?? 0));
  const queuedMedia: Record<string, number> = {};
  // An issue's photos are not the task's: they do not count toward its required photos.
  for (const item of media) {
    if (!item.issueActionId) queuedMedia[item.runTaskId] = (queuedMedia[item.runTaskId] ?? 0) + 1;
  }
  const queued = actions.filter((action) => !action.synced).length + media.length;
  return { changes: { actions, queuedMedia }, files: media, queued, pending: pendingOf(actions, media) };
}

/**
 * Files that synced since `before` are on the server now; when the fresh run cannot be fetched, they
 * and the synced actions are folded into the copy we have, so the view does not step back.
 */
function foldSynced(server: PublicRun, before: LocalChanges, after: LocalChanges): PublicRun {
  const kept = new Set((after.actions as QueuedAction[]).map((action) => action.id));
  const cleared = (before.actions as QueuedAction[]).filter((action) => !kept.has(action.id));
  const uploaded: Record<string, number> = {};
  for (const [id, count] of Object.entries(before.queuedMedia)) {
    const gone = count - (after.queuedMedia[id] ?? 0);
    if (gone > 0) uploaded[id] = gone;
  }
  return overlayRun(server, { actions: cleared, queuedMedia: uploaded });
}

/** The runner's state and writes. Every write is queued in IndexedDB first, then the scheduler sends it. */
/** The spec's upload failure ('Failed to get upload URL', ...), then what went wrong. */
function uploadFailure(t: Messages, error: unknown): string {
  const step = error instanceof RunnerApiError ? error.step : '';
  return `${t.uploadFailure[step] ?? t.failedToUploadFile}: ${describeError(t, error)}`;
}

export function useRunner(
  token: string,
  initial: { run: PublicRun; source: RunSource },
  toasts: Pick<Toasts, 'show' | 'dismiss'>,
): Runner {
  const { show: toast, dismiss } = toasts;
  const api = useMemo(() => createRunnerApi(), []);
  const [snapshot, setSnapshot] = useState<Snapshot>({
    server: initial.run,
    source: initial.source,
    changes: NO_CHANGES,
    files: [],
    queued: 0,
    pending: NOTHING_PENDING,
  });
  const latest = useRef(snapshot);
  useLayoutEffect(() => {
    latest.current = snapshot;
  });
  const [busy, setBusy] = useState(false);
  const [syncState, setSyncState] = useState<{ running: boolean; error: SyncView['error'] }>({
    running: false,
    error: null,
  });
  const [progress, setProgress] = useState<SyncProgress | null>(null);
  const [fileProgress, setFileProgress] = useState<Record<number, UploadProgress>>({});
  /** A file's upload event; progress only when the whole percent changes, so a PUT does not render per chunk. */
  const onMedia = useCallback((event: MediaSyncEvent) => {
    const { id, ...state } = event;
    setFileProgress((all) => {
      const before = all[id];
      const same =
        before?.state === 'uploading' &&
        state.state === 'uploading' &&
        Math.round(before.progress * 100) === Math.round(state.progress * 100);
      return same ? all : { ...all, [id]: state };
    });
  }, []);
  const scheduler = useRef<SyncScheduler | null>(null);

  const commit = useCallback((next: Partial<Snapshot>) => {
    latest.current = { ...latest.current, ...next };
    setSnapshot(latest.current);
  }, []);

  /** Re-reads the queue after a local write. */
  const refreshLocal = useCallback(async () => commit(await readChanges(token)), [commit, token]);

  /**
   * After a sync: what was sent is the server's now, so it is folded into the copy we have at once (no
   * "Waiting to upload" for work already sent while the run reloads); then a fresh run from the server.
   */
  const refreshFromServer = useCallback(async () => {
    const before = latest.current.changes;
    const local = await readChanges(token);
    commit({ server: foldSynced(latest.current.server, before, local.changes), ...local });
    const load = await loadRun(api, token).catch(() => null);
    if (load?.state === 'loaded' && !load.source.fromCache) {
      commit({ server: load.run, source: load.source, ...(await readChanges(token)) });
    }
  }, [api, commit, token]);

  useEffect(() => {
    const instance = createSyncScheduler<SyncResult>({
      sync: async () => {
        const db = await offlineDb();
        const result = await syncToken(token, { db, api, onMedia, ...deviceSigning(api) }, setProgress);
        if (result.synced > 0 || latest.current.source.fromCache) await refreshFromServer();
        else await refreshLocal();
        return result;
      },
      onChange: (state) =>
        setSyncState({
          running: state.running,
          error: state.lastResult && !state.lastResult.ok ? { cause: state.lastResult.error } : null,
        }),
    });
    scheduler.current = instance;
    // Background Sync: registered on reconnect; the service worker's 'sync' event asks open pages to send.
    const stopFlushRequests = onFlushRequest(() => void instance.syncNow());
    const reconnected = () => void requestBackgroundSync();
    window.addEventListener('online', reconnected);
    // A first position early, so that the first write can carry one without waiting for the GPS.
    deviceLocation.refresh();
    // This phone's signing key is made and registered with the run on first open (offline: at the first sync).
    void registeredDeviceKey(api, token).catch(() => undefined);
    void refreshLocal().catch(() => undefined);
    instance.start();
    // Only the counts: a new copy of the files would redraw their thumbnails every 10 s.
    // A read that another commit overtook is stale (e.g. taken before a sync cleared the queue): dropped.
    const refreshCounts = async () => {
      const before = latest.current;
      const { queued, pending } = await readChanges(token);
      if (latest.current === before) commit({ queued, pending });
    };
    const timer = setInterval(() => void refreshCounts().catch(() => undefined), QUEUED_REFRESH_MS);
    return () => {
      clearInterval(timer);
      stopFlushRequests();
      window.removeEventListener('online', reconnected);
      instance.stop();
      if (scheduler.current === instance) scheduler.current = null;
    };
  }, [api, commit, onMedia, refreshFromServer, refreshLocal, token]);

  /** Sends the queue now when online; answers the result (null offline). */
  const send = useCallback(async (): Promise<SyncResult | null> => {
    if (!navigator.onLine || !scheduler.current) return null;
    return scheduler.current.syncNow();
  }, []);

  /** Runs a local write with the busy flag set; a failure is a toast titled `failure` (from the current language). */
  const locally = useCallback(
    async (write: () => Promise<void>, failure: (t: Messages) => string): Promise<boolean> => {
      setBusy(true);
      try {
        await write();
        await refreshLocal();
        // Queued with no signal: the browser wakes the service worker to send it once online, even if
        // the cleaner has closed the page by then.
        if (!navigator.onLine) void requestBackgroundSync();
        return true;
      } catch (error) {
        const t = messages();
        toast({ title: failure(t), description: describeError(t, error), tone: 'error' });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [refreshLocal, toast],
  );

  const queue = useCallback(
    (action: NewAction, failure: (t: Messages) => string): Promise<boolean> =>
      locally(async () => {
        await queueAction(await offlineDb(), await signWhenQueued({ ...action, location: deviceLocation.latest() }));
      }, failure),
    [locally],
  );

  /**
   * After a write was queued: offline, `queuedToast`; online, the queue is sent now and a refusal
   * (not a network blip or a server fault, which are retried) shows as `failure`. When the send is slow,
   * `slowToast` shows while it lasts, and goes when it ends. Answers the result.
   */
  const sendAfterWrite = useCallback(
    async (
      queuedToast: (t: Messages) => ToastInput,
      failure: (t: Messages) => string,
      slowToast?: (t: Messages) => ToastInput,
    ) => {
      let slowId: number | null = null;
      const slow =
        slowToast &&
        setTimeout(() => (slowId = toast({ ...slowToast(messages()), durationMs: 60_000 })), SLOW_UPDATE_MS);
      const result = await send().finally(() => {
        clearTimeout(slow);
        if (slowId !== null) dismiss(slowId);
      });
      const t = messages();
      if (!result) toast(queuedToast(t));
      else if (!result.ok && result.retryable) toast(queuedToast(t));
      else if (!result.ok) toast({ title: failure(t), description: describeError(t, result.error), tone: 'error' });
      return result;
    },
    [dismiss, send, toast],
  );

  const writeTask = useCallback(
    async (
      task: PublicTask,
      payload: { checked: boolean; comment: string | null; duration_seconds: number | null },
    ) => {
      const queuedOk = await queue({ token, type: 'task', runTaskId: task.id, payload }, (t) => t.failedToUpdateTask);
      if (!queuedOk) return;
      await sendAfterWrite(
        (t) => ({ title: t.toastQueued, description: t.taskWillSync }),
        (t) => t.failedToUpdateTask,
        (t) => ({ title: t.updating, description: t.taskUpdating }),
      );
    },
    [queue, sendAfterWrite, token],
  );

  const countSupply = useCallback(
    async (supply: PublicSupply, count: number | null, level: SupplyLevel) => {
      const payload = { supplyId: supply.id, count, level };
      if (!(await queue({ token, type: 'supply', payload }, (t) => t.failedToCountSupply))) return;
      await sendAfterWrite(
        (t) => ({ title: t.toastQueued, description: t.supplyWillSync }),
        (t) => t.failedToCountSupply,
      );
    },
    [queue, sendAfterWrite, token],
  );

  const completeTask = useCallback(
    (task: PublicTask, comment: string, durationSeconds: number) =>
      writeTask(task, { checked: true, comment: comment.trim() || null, duration_seconds: durationSeconds }),
    [writeTask],
  );

  /** Before an upload, a run older than 4 minutes is reloaded (spec). */
  const freshenBeforeUpload = useCallback(async () => {
    if (navigator.onLine && Date.now() - latest.current.source.fetchedAt > STALE_BEFORE_UPLOAD_MS) {
      await refreshFromServer().catch(() => undefined);
    }
  }, [refreshFromServer]);

  const addFiles = useCallback(
    async (task: PublicTask, files: readonly CapturedPhoto[]) => {
      if (files.length === 0) return;
      let added = 0;
      await locally(
        async () => {
          await freshenBeforeUpload();
          const db = await offlineDb();
          // In batches of 3: compressed together, then queued, so at most 3 compressed copies wait in memory.
          for (let start = 0; start < files.length; start += COMPRESSION_BATCH_SIZE) {
            const batch = files.slice(start, start + COMPRESSION_BATCH_SIZE);
            const prepared = await Promise.allSettled(batch.map(({ file }) => preparePhoto(file)));
            for (const [index, outcome] of prepared.entries()) {
              try {
                if (outcome.status === 'rejected') throw outcome.reason;
                const { source, alignmentScore } = batch[index]!;
                await queueMedia(db, { token, runTaskId: task.id, ...outcome.value, source, alignmentScore });
                added += 1;
              } catch (error) {
                const t = messages();
                toast({ title: t.failedToQueueFile, description: describeError(t, error), tone: 'error' });
              }
            }
          }
        },
        (t) => t.failedToQueueFile,
      );
      if (added === 0) return;
      const result = await send();
      const t = messages();
      // Offline or not sent yet: queued; each file's row shows its own state too.
      if (!result || (!result.ok && result.retryable)) toast({ title: t.fileQueued, description: t.fileWillUpload });
      else if (result.ok) toast({ title: t.fileUploaded });
      else toast({ title: t.uploadError, description: uploadFailure(t, result.error), tone: 'error' });
    },
    [freshenBeforeUpload, locally, send, toast, token],
  );

  const reportIssue = useCallback(
    async (task: PublicTask, report: IssueReport): Promise<boolean> => {
      const queuedOk = await locally(
        async () => {
          await freshenBeforeUpload();
          const photos = [];
          for (const file of report.files) photos.push(await preparePhoto(file));
          const { severity, description } = report;
          await queueIssue(
            await offlineDb(),
            { token, runTaskId: task.id, payload: { severity, description }, location: deviceLocation.latest() },
            photos,
          );
        },
        (t) => t.failedToReportIssue,
      );
      if (!queuedOk) return false;
      const result = await sendAfterWrite(
        (t) => ({ title: t.toastQueued, description: t.issueWillSync }),
        (t) => t.failedToReportIssue,
      );
      if (result?.ok) {
        const t = messages();
        toast({ title: t.issueReported, description: t.hostNotified, tone: 'success' });
      }
      return true;
    },
    [freshenBeforeUpload, locally, sendAfterWrite, toast, token],
  );

  const pauseRun = useCallback(
    async (kind: 'pause' | 'resume') => {
      if (!(await queue({ token, type: kind, payload: {} }, (t) => t.failedToPause))) return;
      await sendAfterWrite(
        (t) => ({ title: t.toastQueued, description: t.pauseWillSync }),
        (t) => t.failedToPause,
      );
    },
    [queue, sendAfterWrite, token],
  );

  const reportGuestPresent = useCallback(
    async (report: GuestReport): Promise<boolean> => {
      const photoTask = latest.current.server.tasks[0];
      const queuedOk = await locally(
        async () => {
          const photos = [];
          // The photo uses a task's upload reservation; the report, not the task, confirms it.
          if (photoTask) for (const file of report.files) photos.push(await preparePhoto(file));
          await queueGuestPresent(
            await offlineDb(),
            {
              token,
              note: report.note.trim() || null,
              location: deviceLocation.latest(),
              photoTaskId: photoTask?.id ?? '',
            },
            photos,
          );
        },
        (t) => t.failedToReportGuest,
      );
      if (!queuedOk) return false;
      const result = await sendAfterWrite(
        (t) => ({ title: t.toastQueued, description: t.guestWillSync }),
        (t) => t.failedToReportGuest,
      );
      if (result?.ok) toast({ title: messages().guestReported, tone: 'success' });
      return true;
    },
    [locally, sendAfterWrite, toast, token],
  );

  const completeRun = useCallback(async () => {
    if (!(await queue({ token, type: 'complete', payload: {} }, (t) => t.failedToCompleteRun))) return;
    const result = await sendAfterWrite(
      (t) => ({ title: t.toastQueued, description: t.completionWillSync }),
      (t) => t.failedToCompleteRun,
    );
    if (result?.ok) toast({ title: messages().runCompleted, tone: 'success' });
  }, [queue, sendAfterWrite, toast, token]);

  const removeFile = useCallback(
    async (queueId: number) => {
      await locally(
        async () => {
          // Once confirmed it stays: the server has it as proof of the task.
          if (await removeQueuedMedia(await offlineDb(), queueId)) cancelUpload(queueId);
        },
        (t) => t.failedToUploadFile,
      );
      setFileProgress(({ [queueId]: _removed, ...rest }) => rest);
    },
    [locally],
  );

  const syncNow = useCallback(() => void send(), [send]);

  const run = useMemo(() => overlayRun(snapshot.server, snapshot.changes), [snapshot]);
  const uploads = useMemo(() => uploadItems(run, snapshot.files, fileProgress), [run, snapshot.files, fileProgress]);
  return {
    run,
    source: snapshot.source,
    sync: {
      running: syncState.running,
      progress: syncState.running ? progress : null,
      queued: snapshot.queued,
      pending: snapshot.pending,
      error: syncState.error,
    },
    busy,
    completeTask,
    addFiles,
    uploads,
    removeFile,
    completeRun,
    reportIssue,
    pauseRun,
    reportGuestPresent,
    countSupply,
    syncNow,
  };
}

/** A picked file as it is queued: compressed off the main thread, with where the cleaner is. */
async function preparePhoto(
  file: File,
): Promise<{ fileMeta: MediaFileMeta; blob: Blob; location: OfflineLocation | null }> {
  const prepared = await compressPhoto(file);
  const blob = prepared.file;
  return {
    fileMeta: {
      name: blob.name || file.name,
      type: blob.type || file.type,
      size: blob.size,
      ...(prepared.width && prepared.height ? { width: prepared.width, height: prepared.height } : {}),
    },
    blob,
    location: deviceLocation.latest(),
  };
}
