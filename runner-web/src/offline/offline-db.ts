import type { SupplyCountPayload } from '../run-model.ts';
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB } from 'idb';

/** The spec's local database: '{product}Offline', version 1. */
export const OFFLINE_DB_NAME = 'turnproofOffline';
export const OFFLINE_DB_VERSION = 1;

/** Queued photos and videos may take at most this much of the device's storage (all runs together). */
export const MEDIA_STORAGE_LIMIT_BYTES = 200 * 1024 * 1024;
export const MEDIA_STORAGE_FULL_MESSAGE =
  'Offline photo storage is full (200 MB). Connect to the internet to upload queued photos.';

/** Where the cleaner was when acting (the spec's Location entity). */
export interface OfflineLocation {
  latitude: number;
  longitude: number;
  accuracy?: number | null;
  /** ms since the epoch */
  timestamp?: number | null;
  address?: string | null;
}

export interface CachedRun<T = unknown> {
  token: string;
  data: T;
  /** ms since the epoch, when the copy was taken */
  timestamp: number;
}

export interface TaskActionPayload {
  checked: boolean;
  comment?: string | null;
  duration_seconds?: number | null;
}

export type IssueSeverity = 'low' | 'medium' | 'high';

export interface IssueActionPayload {
  severity: IssueSeverity;
  description: string;
  /**
   * Client action ids of the queued files that illustrate the issue. Their server paths exist only once
   * they are uploaded, so the sync sends the issue after the files and looks the paths up then.
   */
  mediaActionIds?: string[];
}

/** "Guest still here": an optional note, and the queued photo of the unit (as an issue's photos). */
export interface GuestPresentPayload {
  note: string | null;
  mediaActionIds?: string[];
}

/** Extra fields sent with POST /api/public/complete. */
export type CompleteActionPayload = Record<string, unknown>;

interface QueuedActionBase {
  id?: number;
  token: string;
  /** The client action id (crypto.randomUUID()), sent as action_id on every attempt: the server applies it once. */
  actionId: string;
  location?: OfflineLocation | null;
  /** ms since the epoch, when the cleaner acted */
  timestamp: number;
  synced: boolean;
  /** This phone's signature of the request, made when queued (offline/device-key.ts); absent: sent unsigned. */
  signature?: string | null;
}

export type QueuedAction = QueuedActionBase &
  (
    | { type: 'task'; runTaskId: string; payload: TaskActionPayload }
    | { type: 'complete'; runTaskId?: undefined; payload: CompleteActionPayload }
    | { type: 'issue'; runTaskId?: string | null; payload: IssueActionPayload }
    | { type: 'pause' | 'resume'; runTaskId?: undefined; payload: Record<string, never> }
    | { type: 'guest_present'; runTaskId?: undefined; payload: GuestPresentPayload }
    | { type: 'supply'; runTaskId?: undefined; payload: SupplyCountPayload }
  );

export type ActionType = QueuedAction['type'];

/** The in-app camera, or a file from the picker (the gallery). */
export type PhotoSource = 'camera' | 'gallery';

export interface MediaFileMeta {
  name: string;
  type: string;
  size: number;
  width?: number;
  height?: number;
}

/** Progress of a queued file's upload, kept so that a retry resumes where the last attempt stopped. */
export interface MediaUploadState {
  /** action_id of the upload reservation that produced `path` */
  reserveActionId: string;
  /** How many reservations were made (a new one only when the previous upload link expired). */
  reservations: number;
  path: string;
  uploadUrl: string;
  /** ms since the epoch; null when the server did not say */
  expiresAt: number | null;
  /** The bytes reached storage; only the confirmation is left. */
  stored: boolean;
}

export interface QueuedMedia {
  id?: number;
  token: string;
  runTaskId: string;
  /** The client action id of this file; the upload and confirm action ids derive from it. */
  actionId: string;
  fileMeta: MediaFileMeta;
  blob: Blob;
  location?: OfflineLocation | null;
  /** ms since the epoch, when the photo was taken or picked */
  timestamp: number;
  synced: boolean;
  upload?: MediaUploadState | null;
  /**
   * Set on a photo of an issue report (or of "Guest still here"): the client action id of that report. Such
   * a file is uploaded, not confirmed as the task's (it does not count toward its required photos): the
   * report names it by path and the server confirms it as the report's evidence.
   */
  issueActionId?: string | null;
  /** Where a task's photo came from (the server refuses a gallery photo for a camera-only task). */
  source?: PhotoSource;
  /** How well the photo lines up with the task's reference photo (photo-checks.ts); null without one. */
  alignmentScore?: number | null;
}

export interface OfflineSchema extends DBSchema {
  runCache: { key: string; value: CachedRun };
  actions: { key: number; value: QueuedAction; indexes: { token: string } };
  media: { key: number; value: QueuedMedia; indexes: { token: string } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

/** Opens (and on first use creates) the offline database. The name is overridable for tests. */
export function openOfflineDb(name: string = OFFLINE_DB_NAME): Promise<OfflineDb> {
  return openDB<OfflineSchema>(name, OFFLINE_DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('runCache', { keyPath: 'token' });
      const actions = db.createObjectStore('actions', { keyPath: 'id', autoIncrement: true });
      actions.createIndex('token', 'token');
      const media = db.createObjectStore('media', { keyPath: 'id', autoIncrement: true });
      media.createIndex('token', 'token');
    },
  });
}

let shared: Promise<OfflineDb> | null = null;

/** The app's one connection to the offline database, opened on first use. */
export function offlineDb(): Promise<OfflineDb> {
  shared ??= openOfflineDb().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}

// ---- run cache ----

export async function cacheRun<T>(db: OfflineDb, token: string, data: T, now: number = Date.now()): Promise<void> {
  await db.put('runCache', { token, data, timestamp: now });
}

export async function cachedRun<T = unknown>(db: OfflineDb, token: string): Promise<CachedRun<T> | undefined> {
  return (await db.get('runCache', token)) as CachedRun<T> | undefined;
}

// ---- actions ----

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A new action: the id, the action id and the timestamp are filled in when missing. */
export type NewAction = DistributiveOmit<QueuedAction, 'id' | 'synced' | 'actionId' | 'timestamp'> & {
  actionId?: string;
  timestamp?: number;
};

/** Queues an action; answers it as stored (with its id and client action id). */
export async function queueAction(db: OfflineDb, action: NewAction): Promise<QueuedAction> {
  const record = {
    ...action,
    actionId: action.actionId ?? crypto.randomUUID(),
    timestamp: action.timestamp ?? Date.now(),
    synced: false,
  } as QueuedAction;
  const id = await db.add('actions', record);
  return { ...record, id };
}

/** The token's unsynced actions, oldest first (ties in queue order). */
export async function pendingActions(db: OfflineDb, token: string): Promise<QueuedAction[]> {
  const all = await db.getAllFromIndex('actions', 'token', token);
  return all.filter((action) => !action.synced).sort((a, b) => a.timestamp - b.timestamp || (a.id ?? 0) - (b.id ?? 0));
}

export async function markActionSynced(db: OfflineDb, id: number): Promise<void> {
  const tx = db.transaction('actions', 'readwrite');
  const action = await tx.store.get(id);
  if (action && !action.synced) await tx.store.put({ ...action, synced: true });
  await tx.done;
}

// ---- media ----

export type NewMedia = Omit<QueuedMedia, 'id' | 'synced' | 'actionId' | 'timestamp' | 'upload'> & {
  actionId?: string;
  timestamp?: number;
};

const newMediaRecord = (media: NewMedia): QueuedMedia => ({
  ...media,
  actionId: media.actionId ?? crypto.randomUUID(),
  timestamp: media.timestamp ?? Date.now(),
  synced: false,
  upload: null,
});

/**
 * Adds files to the media store of `tx`, refusing with MEDIA_STORAGE_FULL_MESSAGE (and aborting the
 * transaction) when the stored files of all runs would pass 200 MB.
 */
async function addMedia(
  tx: IDBPTransaction<OfflineSchema, ('actions' | 'media')[], 'readwrite'>,
  records: readonly QueuedMedia[],
): Promise<QueuedMedia[]> {
  const store = tx.objectStore('media');
  let used = 0;
  for (let cursor = await store.openCursor(); cursor; cursor = await cursor.continue()) {
    used += cursor.value.blob.size;
  }
  const adding = records.reduce((sum, record) => sum + record.blob.size, 0);
  if (used + adding > MEDIA_STORAGE_LIMIT_BYTES) {
    tx.abort();
    await tx.done.catch(() => undefined);
    throw new Error(MEDIA_STORAGE_FULL_MESSAGE);
  }
  const stored: QueuedMedia[] = [];
  for (const record of records) stored.push({ ...record, id: await store.add(record) });
  return stored;
}

/** Queues a file for upload (refused past 200 MB of stored files; the sum and the insert are one transaction). */
export async function queueMedia(db: OfflineDb, media: NewMedia): Promise<QueuedMedia> {
  const tx = db.transaction(['actions', 'media'], 'readwrite');
  const [stored] = await addMedia(tx, [newMediaRecord(media)]);
  await tx.done;
  return stored!;
}

/** An issue report on a task, before it is queued. */
export interface NewIssue {
  token: string;
  runTaskId: string;
  payload: Omit<IssueActionPayload, 'mediaActionIds'>;
  location?: OfflineLocation | null;
  actionId?: string;
  timestamp?: number;
}

type QueuedPhoto = Pick<NewMedia, 'fileMeta' | 'blob' | 'location'>;

/**
 * Queues a report and its photos in one transaction, so a report is never stored without its photos or
 * the other way round. The photos are uploaded by the sync before the report is sent; `runTaskId` is the
 * task whose upload reservation they use.
 */
async function queueWithPhotos(
  db: OfflineDb,
  runTaskId: string,
  action: DistributiveOmit<QueuedAction, 'id' | 'synced'>,
  photos: readonly QueuedPhoto[],
): Promise<{ action: QueuedAction; media: QueuedMedia[] }> {
  const { token, actionId, timestamp } = action;
  const media = photos.map((photo) =>
    newMediaRecord({ ...photo, token, runTaskId, issueActionId: actionId, timestamp }),
  );
  const record = {
    ...action,
    synced: false,
    payload: { ...action.payload, mediaActionIds: media.map((item) => item.actionId) },
  } as QueuedAction;
  const tx = db.transaction(['actions', 'media'], 'readwrite');
  const stored = await addMedia(tx, media);
  const id = await tx.objectStore('actions').add(record);
  await tx.done;
  return { action: { ...record, id }, media: stored };
}

/** Queues an issue report and its photos (see queueWithPhotos). */
export function queueIssue(db: OfflineDb, issue: NewIssue, photos: readonly QueuedPhoto[]) {
  return queueWithPhotos(
    db,
    issue.runTaskId,
    {
      token: issue.token,
      runTaskId: issue.runTaskId,
      type: 'issue',
      actionId: issue.actionId ?? crypto.randomUUID(),
      timestamp: issue.timestamp ?? Date.now(),
      location: issue.location ?? null,
      payload: issue.payload,
    },
    photos,
  );
}

/** Queues "Guest still here" and its photo, uploaded through `photoTaskId`'s reservation (see queueWithPhotos). */
export function queueGuestPresent(
  db: OfflineDb,
  report: { token: string; note: string | null; location?: OfflineLocation | null; photoTaskId: string },
  photos: readonly QueuedPhoto[],
) {
  return queueWithPhotos(
    db,
    report.photoTaskId,
    {
      token: report.token,
      type: 'guest_present',
      actionId: crypto.randomUUID(),
      timestamp: Date.now(),
      location: report.location ?? null,
      payload: { note: report.note },
    },
    photos,
  );
}

/** The token's unsynced files, oldest first. */
export async function pendingMedia(db: OfflineDb, token: string): Promise<QueuedMedia[]> {
  const all = await db.getAllFromIndex('media', 'token', token);
  return all.filter((media) => !media.synced).sort((a, b) => a.timestamp - b.timestamp || (a.id ?? 0) - (b.id ?? 0));
}

/** Records upload progress (or, with synced, the end of it) on a queued file. */
export async function updateMedia(
  db: OfflineDb,
  id: number,
  change: Partial<Pick<QueuedMedia, 'upload' | 'synced'>>,
): Promise<void> {
  const tx = db.transaction('media', 'readwrite');
  const media = await tx.store.get(id);
  if (media) await tx.store.put({ ...media, ...change });
  await tx.done;
}

/**
 * The cleaner removes a file before it is confirmed: it leaves the queue. Answers false when it is
 * already confirmed (synced), which can no longer be taken back, or gone.
 */
export async function removeQueuedMedia(db: OfflineDb, id: number): Promise<boolean> {
  const tx = db.transaction('media', 'readwrite');
  const media = await tx.store.get(id);
  const removable = !!media && !media.synced;
  if (removable) await tx.store.delete(id);
  await tx.done;
  return removable;
}

/** Bytes of the files stored for a token, or for all runs. */
export async function mediaBytes(db: OfflineDb, token?: string): Promise<number> {
  const tx = db.transaction('media');
  let total = 0;
  let cursor = token === undefined ? await tx.store.openCursor() : await tx.store.index('token').openCursor(token);
  for (; cursor; cursor = await cursor.continue()) total += cursor.value.blob.size;
  await tx.done;
  return total;
}

// ---- counts and clean-up ----

/** Unsynced actions and files of the token (the '{n} queued' badge). */
export async function queuedCount(db: OfflineDb, token: string): Promise<number> {
  const tx = db.transaction(['actions', 'media']);
  const [actions, media] = await Promise.all([
    tx.objectStore('actions').index('token').getAll(token),
    tx.objectStore('media').index('token').getAll(token),
  ]);
  await tx.done;
  return actions.filter((a) => !a.synced).length + media.filter((m) => !m.synced).length;
}

/** Deletes the token's synced actions and files. */
export async function clearSynced(db: OfflineDb, token: string): Promise<void> {
  const tx = db.transaction(['actions', 'media'], 'readwrite');
  for (const name of ['actions', 'media'] as const) {
    const index = tx.objectStore(name).index('token');
    for (let cursor = await index.openCursor(token); cursor; cursor = await cursor.continue()) {
      if (cursor.value.synced) await cursor.delete();
    }
  }
  await tx.done;
}

/**
 * Asks the browser not to evict the offline data under storage pressure. Answers whether storage is
 * persistent; never throws (unsupported or refused: false).
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.persist) return false;
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
