import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loadRun, type RunSource } from '../load-run.ts';
import {
  type NewAction,
  offlineDb,
  pendingMedia,
  queueAction,
  queueMedia,
  queuedCount,
  type QueuedAction,
} from '../offline/offline-db.ts';
import { createRunnerApi } from '../offline/runner-api.ts';
import {
  createSyncScheduler,
  type SyncProgress,
  type SyncResult,
  type SyncScheduler,
  syncToken,
} from '../offline/sync.ts';
import { compressPhoto } from '../photo-compression.ts';
import { type LocalChanges, overlayRun, type PublicRun, type PublicTask } from '../run-model.ts';
import type { ShowToast } from '../use-toasts.ts';

/** Spec: a run older than this is reloaded before an upload. */
const STALE_BEFORE_UPLOAD_MS = 4 * 60 * 1000;
/** Spec: the queued count refreshes every 10 s. */
const QUEUED_REFRESH_MS = 10_000;

export interface SyncView {
  running: boolean;
  progress: SyncProgress | null;
  /** Unsynced actions and files of this link. */
  queued: number;
  /** 'Sync failed: {message}' of the last attempt, null after a success. */
  error: string | null;
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
  completeRun(): Promise<void>;
  syncNow(): void;
}

interface Snapshot {
  server: PublicRun;
  source: RunSource;
  changes: LocalChanges;
}

const NO_CHANGES: LocalChanges = { actions: [], queuedMedia: {} };

/** This link's queued actions (synced ones too, until cleared) and unsynced files per task. */
async function readChanges(token: string): Promise<{ changes: LocalChanges; queued: number }> {
  const db = await offlineDb();
  const [actions, media] = await Promise.all([db.getAllFromIndex('actions', 'token', token), pendingMedia(db, token)]);
  actions.sort((a, b) => a.timestamp - b.timestamp || (a.id ?? 0) - (b.id ?? 0));
  const queuedMedia: Record<string, number> = {};
  for (const item of media) queuedMedia[item.runTaskId] = (queuedMedia[item.runTaskId] ?? 0) + 1;
  const queued = actions.filter((action) => !action.synced).length + media.length;
  return { changes: { actions, queuedMedia }, queued };
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
export function useRunner(token: string, initial: { run: PublicRun; source: RunSource }, toast: ShowToast): Runner {
  const api = useMemo(() => createRunnerApi(), []);
  const [snapshot, setSnapshot] = useState<Snapshot>({
    server: initial.run,
    source: initial.source,
    changes: NO_CHANGES,
  });
  const latest = useRef(snapshot);
  latest.current = snapshot;
  const [queued, setQueued] = useState(0);
  const [busy, setBusy] = useState(false);
  const [syncState, setSyncState] = useState<{ running: boolean; error: string | null }>({
    running: false,
    error: null,
  });
  const [progress, setProgress] = useState<SyncProgress | null>(null);
  const scheduler = useRef<SyncScheduler | null>(null);

  const commit = useCallback((next: Partial<Snapshot>, count?: number) => {
    latest.current = { ...latest.current, ...next };
    setSnapshot(latest.current);
    if (count !== undefined) setQueued(count);
  }, []);

  /** Re-reads the queue after a local write. */
  const refreshLocal = useCallback(async () => {
    const { changes, queued: count } = await readChanges(token);
    commit({ changes }, count);
  }, [commit, token]);

  /** A fresh run from the server with the queue laid over it; on failure the synced items are folded in. */
  const refreshFromServer = useCallback(async () => {
    const before = latest.current.changes;
    const load = await loadRun(api, token).catch(() => null);
    const { changes, queued: count } = await readChanges(token);
    if (load?.state === 'loaded' && !load.source.fromCache) {
      commit({ server: load.run, source: load.source, changes }, count);
    } else {
      commit({ server: foldSynced(latest.current.server, before, changes), changes }, count);
    }
  }, [api, commit, token]);

  useEffect(() => {
    const instance = createSyncScheduler<SyncResult>({
      sync: async () => {
        const db = await offlineDb();
        const result = await syncToken(token, { db, api }, setProgress);
        if (result.synced > 0 || latest.current.source.fromCache) await refreshFromServer();
        else await refreshLocal();
        return result;
      },
      onChange: (state) =>
        setSyncState({
          running: state.running,
          error: state.lastResult && !state.lastResult.ok ? state.lastResult.message : null,
        }),
    });
    scheduler.current = instance;
    void refreshLocal().catch(() => undefined);
    instance.start();
    const timer = setInterval(() => {
      void offlineDb()
        .then((db) => queuedCount(db, token))
        .then(setQueued, () => undefined);
    }, QUEUED_REFRESH_MS);
    return () => {
      clearInterval(timer);
      instance.stop();
      if (scheduler.current === instance) scheduler.current = null;
    };
  }, [api, refreshFromServer, refreshLocal, token]);

  /** Sends the queue now when online; answers the result (null offline). */
  const send = useCallback(async (): Promise<SyncResult | null> => {
    if (!navigator.onLine || !scheduler.current) return null;
    return scheduler.current.syncNow();
  }, []);

  const queue = useCallback(
    async (action: NewAction, failure: string): Promise<boolean> => {
      setBusy(true);
      try {
        const db = await offlineDb();
        await queueAction(db, action);
        await refreshLocal();
        return true;
      } catch (error) {
        toast({ title: failure, description: error instanceof Error ? error.message : undefined, tone: 'error' });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [refreshLocal, toast],
  );

  const writeTask = useCallback(
    async (
      task: PublicTask,
      payload: { checked: boolean; comment: string | null; duration_seconds: number | null },
    ) => {
      const queuedOk = await queue({ token, type: 'task', runTaskId: task.id, payload }, 'Failed to update task');
      if (!queuedOk) return;
      if (!navigator.onLine) {
        toast({ title: 'Queued', description: 'Task will sync when online' });
        return;
      }
      toast({ title: 'Updating...', description: 'Task update in progress' });
      const result = await send();
      if (result && !result.ok) {
        // A network blip or server fault: the action stays queued and is retried; only a refusal is an error.
        if (result.retryable) toast({ title: 'Queued', description: 'Task will sync when online' });
        else toast({ title: 'Failed to update task', description: result.message, tone: 'error' });
      }
    },
    [queue, send, toast, token],
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

  const addFiles = useCallback(
    async (task: PublicTask, files: readonly File[]) => {
      if (files.length === 0) return;
      setBusy(true);
      let added = 0;
      try {
        if (navigator.onLine && Date.now() - latest.current.source.fetchedAt > STALE_BEFORE_UPLOAD_MS) {
          await refreshFromServer().catch(() => undefined);
        }
        const db = await offlineDb();
        for (const file of files) {
          try {
            const prepared = await compressPhoto(file);
            const blob = prepared.file;
            await queueMedia(db, {
              token,
              runTaskId: task.id,
              fileMeta: {
                name: blob.name || file.name,
                type: blob.type || file.type,
                size: blob.size,
                ...(prepared.width && prepared.height ? { width: prepared.width, height: prepared.height } : {}),
              },
              blob,
            });
            added += 1;
          } catch (error) {
            toast({
              title: 'Failed to queue file',
              description: error instanceof Error ? error.message : undefined,
              tone: 'error',
            });
          }
        }
        await refreshLocal();
      } catch (error) {
        toast({
          title: 'Failed to queue file',
          description: error instanceof Error ? error.message : undefined,
          tone: 'error',
        });
      } finally {
        setBusy(false);
      }
      if (added === 0) return;
      toast({ title: 'File Queued', description: 'File will upload when online' });
      const result = await send();
      if (result && !result.ok && !result.retryable) {
        toast({ title: 'Upload Error', description: result.message, tone: 'error' });
      }
    },
    [refreshFromServer, refreshLocal, send, toast, token],
  );

  const completeRun = useCallback(async () => {
    if (!(await queue({ token, type: 'complete', payload: {} }, 'Failed to complete run'))) return;
    if (!navigator.onLine) {
      toast({ title: 'Queued', description: 'Run completion will sync when online' });
      return;
    }
    const result = await send();
    if (result?.ok) toast({ title: 'Run completed successfully! 🎉', tone: 'success' });
    else if (result?.retryable) toast({ title: 'Queued', description: 'Run completion will sync when online' });
    else if (result) toast({ title: 'Failed to complete run', description: result.message, tone: 'error' });
  }, [queue, send, toast, token]);

  const syncNow = useCallback(() => void send(), [send]);

  const run = useMemo(() => overlayRun(snapshot.server, snapshot.changes), [snapshot]);
  return {
    run,
    source: snapshot.source,
    sync: { running: syncState.running, progress: syncState.running ? progress : null, queued, error: syncState.error },
    busy,
    completeTask,
    setChecked,
    saveComment,
    addFiles,
    completeRun,
    syncNow,
  };
}
