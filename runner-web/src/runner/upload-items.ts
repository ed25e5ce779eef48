import type { QueuedMedia } from '../offline/offline-db.ts';
import type { MediaSyncEvent } from '../offline/sync.ts';
import type { PublicRun } from '../run-model.ts';

/** Where a file of the task's upload list is: on this device, on its way, confirmed, or stuck. */
export type UploadState = 'queued' | 'uploading' | 'uploaded' | 'failed';

/** The latest upload event of a queued file (sync.ts), kept by the runner between syncs. */
export type UploadProgress = MediaSyncEvent extends infer E
  ? E extends { id: number }
    ? Omit<E, 'id'>
    : never
  : never;

/** One photo or video in a task's upload list. */
export interface UploadItem {
  key: string;
  kind: 'photo' | 'video';
  /** 1-based among the task's files of this kind: 'Photo 2'. */
  number: number;
  state: UploadState;
  /** 0..100 while uploading. */
  percent: number | null;
  /** Why the last attempt failed. */
  error: unknown;
  /** The stored bytes of a file still on this device (its thumbnail comes from them). */
  blob: Blob | null;
  /** The server's thumbnail (or the photo) of a confirmed file. */
  url: string | null;
  /** The file's id in the device's queue while it can still be removed (not yet confirmed); else null. */
  removableId: number | null;
}

const kindOf = (type: string): UploadItem['kind'] => (type.startsWith('video') ? 'video' : 'photo');

/**
 * Each task's files, by run task id: those the server confirmed (run.tasks[].media), then those still
 * queued on this device, oldest first, with their upload state. An issue's photos are not the task's.
 */
export function uploadItems(
  run: PublicRun,
  files: readonly QueuedMedia[],
  progress: Readonly<Record<number, UploadProgress>>,
): Record<string, UploadItem[]> {
  const byTask: Record<string, UploadItem[]> = {};
  const counts = new Map<string, number>();
  const next = (taskId: string, kind: UploadItem['kind']) => {
    const key = `${taskId}:${kind}`;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    return n;
  };
  for (const task of run.tasks) {
    byTask[task.id] = task.media.map((media) => {
      const kind = kindOf(media.type);
      return {
        key: `server:${media.id}`,
        kind,
        number: next(task.id, kind),
        state: 'uploaded',
        percent: null,
        error: null,
        blob: null,
        url: media.thumbnail_url ?? (kind === 'photo' ? media.url : null),
        removableId: null,
      };
    });
  }
  for (const file of files) {
    const list = byTask[file.runTaskId];
    if (!list || file.issueActionId || file.id === undefined) continue;
    const kind = kindOf(file.fileMeta.type || file.blob.type);
    const event = progress[file.id];
    const state: UploadState = file.synced ? 'uploaded' : (event?.state ?? 'queued');
    list.push({
      key: `local:${file.id}`,
      kind,
      number: next(file.runTaskId, kind),
      state,
      percent: event?.state === 'uploading' ? Math.round(event.progress * 100) : null,
      error: event?.state === 'failed' ? event.error : null,
      blob: file.blob,
      url: null,
      // While the server confirms it (all bytes sent) removing it could no longer be honoured.
      removableId: state === 'uploaded' || (event?.state === 'uploading' && event.progress >= 1) ? null : file.id,
    });
  }
  return byTask;
}
