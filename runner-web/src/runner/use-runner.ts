import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { describeError } from '../i18n/describe-error.ts';
import { messages } from '../i18n/locale.ts';
import type { Messages } from '../i18n/messages.ts';
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
  queueIssue,
  queueMedia,
  queuedCount,
  type QueuedAction,
  type QueuedMedia,
  removeQueuedMedia,
} from '../offline/offline-db.ts';
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
import { type LocalChanges, overlayRun, type PublicRun, type PublicTask } from '../run-model.ts';
import { onFlushRequest, requestBackgroundSync } from '../sw/background-sync.ts';
import type { ShowToast, ToastInput } from '../use-toasts.ts';
import { type UploadItem, uploadItems, type UploadProgress } from './upload-items.ts';

/** Spec: a run older than this is reloaded before an upload. */
const STALE_BEFORE_UPLOAD_MS = 4 * 60 * 1000;
/** Spec: the queued count refreshes every 10 s. */
const QUEUED_REFRESH_MS = 10_000;

export interface SyncView {
  running: boolean;
  progress: SyncProgress | null;
  /** Unsynced actions and files of this link. */
  queued: number;
  /** Why the last attempt failed ('Sync failed: {message}'), null after a success. */
  error: { cause: unknown } | null;
}

/** What the cleaner says in Report an issue. */
export interface IssueReport {
  severity: IssueSeverity;
  description: string;
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
  setChecked(task: PublicTask, checked: boolean, durationSeconds: number | null): Promise<void>;
  saveComment(task: PublicTask, comment: string): Promise<void>;
  addFiles(task: PublicTask, files: readonly File[]): Promise<void>;
  /** Each task's photos and videos with their upload state, by run task id. */
  uploads: Readonly<Record<string, UploadItem[]>>;
  /** Takes a file that is not yet confirmed out of the queue (cancelling its upload). */
  removeFile(queueId: number): Promise<void>;
  completeRun(): Promise<void>;
  /** Queues the report and its photos; answers whether it was queued. */
  reportIssue(task: PublicTask, report: IssueReport): Promise<boolean>;
  syncNow(): void;
}

interface Snapshot {
  server: PublicRun;
  source: RunSource;
  changes: LocalChanges;
  /** This link's files still to upload (synced ones are the server's now). */
  files: QueuedMedia[];
}

const NO_CHANGES: LocalChanges = { actions: [], queuedMedia: {} };

/** This link's queued actions (synced ones too, until cleared) and unsynced files per task. */
async function readChanges(token: string): Promise<{ changes: LocalChanges; files: QueuedMedia[]; queued: number }> {
  const db = await offlineDb();
  const [actions, media] = await Promise.all([db.getAllFromIndex('actions', 'token', token), pendingMedia(db, token)]);
  actions.sort((a, b) => a.timestamp - b.timestamp || (a.id ?? 0) - (b.id ?? 0));
  const queuedMedia: Record<string, number> = {};
  // An issue's photos are not the task's: they do not count toward its required photos.
  for (const item of media) {
    if (!item.issueActionId) queuedMedia[item.runTaskId] = (queuedMedia[item.runTaskId] ?? 0) + 1;
  }
  const queued = actions.filter((action) => !action.synced).length + media.length;
  return { changes: { actions, queuedMedia }, files: media, queued };
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

export function useRunner(token: string, initial: { run: PublicRun; source: RunSource }, toast: ShowToast): Runner {
  const api = useMemo(() => createRunnerApi(), []);
  const [snapshot, setSnapshot] = useState<Snapshot>({
    server: initial.run,
    source: initial.source,
    changes: NO_CHANGES,
    files: [],
  });
  const latest = useRef(snapshot);
  useLayoutEffect(() => {
    latest.current = snapshot;
  });
  const [queued, setQueued] = useState(0);
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

  const commit = useCallback((next: Partial<Snapshot>, count?: number) => {
    latest.current = { ...latest.current, ...next };
    setSnapshot(latest.current);
    if (count !== undefined) setQueued(count);
  }, []);

  /** Re-reads the queue after a local write. */
  const refreshLocal = useCallback(async () => {
    const { changes, files, queued: count } = await readChanges(token);
    commit({ changes, files }, count);
  }, [commit, token]);

  /** A fresh run from the server with the queue laid over it; on failure the synced items are folded in. */
  const refreshFromServer = useCallback(async () => {
    const before = latest.current.changes;
    const load = await loadRun(api, token).catch(() => null);
    const { changes, files, queued: count } = await readChanges(token);
    if (load?.state === 'loaded' && !load.source.fromCache) {
      commit({ server: load.run, source: load.source, changes, files }, count);
    } else {
      commit({ server: foldSynced(latest.current.server, before, changes), changes, files }, count);
    }
  }, [api, commit, token]);

  useEffect(() => {
    const instance = createSyncScheduler<SyncResult>({
      sync: async () => {
        const db = await offlineDb();
        const result = await syncToken(token, { db, api, onMedia }, setProgress);
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
    void refreshLocal().catch(() => undefined);
    instance.start();
    const timer = setInterval(() => {
      void offlineDb()
        .then((db) => queuedCount(db, token))
        .then(setQueued, () => undefined);
    }, QUEUED_REFRESH_MS);
    return () => {
      clearInterval(timer);
      stopFlushRequests();
      window.removeEventListener('online', reconnected);
      instance.stop();
      if (scheduler.current === instance) scheduler.current = null;
    };
  }, [api, onMedia, refreshFromServer, refreshLocal, token]);

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
        await queueAction(await offlineDb(), { ...action, location: deviceLocation.latest() });
      }, failure),
    [locally],
  );

  /**
   * After a write was queued: offline, `queuedToast`; online, the queue is sent now and a refusal
   * (not a network blip or a server fault, which are retried) shows as `failure`. Answers the result.
   */
  const sendAfterWrite = useCallback(
    async (queuedToast: (t: Messages) => ToastInput, failure: (t: Messages) => string) => {
      const result = await send();
      const t = messages();
      if (!result) toast(queuedToast(t));
      else if (!result.ok && result.retryable) toast(queuedToast(t));
      else if (!result.ok) toast({ title: failure(t), description: describeError(t, result.error), tone: 'error' });
      return result;
    },
    [send, toast],
  );

  const writeTask = useCallback(
    async (
      task: PublicTask,
      payload: { checked: boolean; comment: string | null; duration_seconds: number | null },
    ) => {
      const queuedOk = await queue({ token, type: 'task', runTaskId: task.id, payload }, (t) => t.failedToUpdateTask);
      if (!queuedOk) return;
      if (navigator.onLine) {
        const t = messages();
        toast({ title: t.updating, description: t.taskUpdating });
      }
      await sendAfterWrite(
        (t) => ({ title: t.toastQueued, description: t.taskWillSync }),
        (t) => t.failedToUpdateTask,
      );
    },
    [queue, sendAfterWrite, toast, token],
  );

  const completeTask = useCallback(
    (task: PublicTask, comment: string, durationSeconds: number) =>
      writeTask(task, { checked: true, comment: comment.trim() || null, duration_seconds: durationSeconds }),
    [writeTask],
  );

  const setChecked = useCallback(
    (task: PublicTask, checked: boolean, durationSeconds: number | null) =>
      writeTask(task, { checked, comment: task.comment, duration_seconds: checked ? durationSeconds : null }),
    [writeTask],
  );

  const saveComment = useCallback(
    async (task: PublicTask, comment: string) => {
      const next = comment.trim() || null;
      if (next === (task.comment ?? null)) return;
      await writeTask(task, { checked: task.checked, comment: next, duration_seconds: task.duration_seconds });
    },
    [writeTask],
  );

  /** Before an upload, a run older than 4 minutes is reloaded (spec). */
  const freshenBeforeUpload = useCallback(async () => {
    if (navigator.onLine && Date.now() - latest.current.source.fetchedAt > STALE_BEFORE_UPLOAD_MS) {
      await refreshFromServer().catch(() => undefined);
    }
  }, [refreshFromServer]);

  const addFiles = useCallback(
    async (task: PublicTask, files: readonly File[]) => {
      if (files.length === 0) return;
      let added = 0;
      await locally(
        async () => {
          await freshenBeforeUpload();
          const db = await offlineDb();
          // In batches of 3: compressed together, then queued, so at most 3 compressed copies wait in memory.
          for (let start = 0; start < files.length; start += COMPRESSION_BATCH_SIZE) {
            const batch = files.slice(start, start + COMPRESSION_BATCH_SIZE);
            const prepared = await Promise.allSettled(batch.map(preparePhoto));
            for (const outcome of prepared) {
              try {
                if (outcome.status === 'rejected') throw outcome.reason;
                await queueMedia(db, { token, runTaskId: task.id, ...outcome.value });
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
      const t = messages();
      toast({ title: t.fileQueued, description: t.fileWillUpload });
      const result = await send();
      if (result?.ok) toast({ title: t.fileUploaded });
      else if (result && !result.retryable) {
        toast({ title: t.uploadError, description: uploadFailure(t, result.error), tone: 'error' });
      }
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
    sync: { running: syncState.running, progress: syncState.running ? progress : null, queued, error: syncState.error },
    busy,
    completeTask,
    setChecked,
    saveComment,
    addFiles,
    uploads,
    removeFile,
    completeRun,
    reportIssue,
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
