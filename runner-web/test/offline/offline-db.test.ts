import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cachedRun,
  cacheRun,
  clearSynced,
  markActionSynced,
  MEDIA_STORAGE_FULL_MESSAGE,
  MEDIA_STORAGE_LIMIT_BYTES,
  mediaBytes,
  OFFLINE_DB_NAME,
  offlineDb,
  type OfflineDb,
  openOfflineDb,
  pendingActions,
  pendingMedia,
  queueAction,
  queuedCount,
  queueMedia,
  requestPersistentStorage,
  updateMedia,
} from '../../src/offline/offline-db.ts';

const TASK_A = '00000000-0000-4000-8000-00000000000a';
const TASK_B = '00000000-0000-4000-8000-00000000000b';

const freshDb = () => openOfflineDb(`test-${crypto.randomUUID()}`);
const photo = (bytes: number, name = 'photo.webp') => ({
  runTaskId: TASK_A,
  fileMeta: { name, type: 'image/webp', size: bytes, width: 800, height: 600 },
  blob: new Blob([new Uint8Array(bytes)], { type: 'image/webp' }),
});

describe('offline database', () => {
  it('is the spec database turnproofOffline version 1 with the three stores', async () => {
    const db = await offlineDb();
    expect(db.name).toBe(OFFLINE_DB_NAME);
    expect(db.name).toBe('turnproofOffline');
    expect(db.version).toBe(1);
    expect([...db.objectStoreNames].sort()).toEqual(['actions', 'media', 'runCache']);
    const tx = db.transaction(['actions', 'media', 'runCache']);
    expect(tx.objectStore('runCache').keyPath).toBe('token');
    expect(tx.objectStore('actions').autoIncrement).toBe(true);
    expect([...tx.objectStore('actions').indexNames]).toEqual(['token']);
    expect(tx.objectStore('media').autoIncrement).toBe(true);
    expect([...tx.objectStore('media').indexNames]).toEqual(['token']);
    await tx.done;
    expect(await offlineDb()).toBe(db);
  });

  it('caches a run copy per token and replaces it', async () => {
    const db = await freshDb();
    expect(await cachedRun(db, 'tok-1')).toBeUndefined();
    await cacheRun(db, 'tok-1', { run: { status: 'pending' } }, 1000);
    await cacheRun(db, 'tok-2', { run: { status: 'done' } }, 1500);
    expect(await cachedRun(db, 'tok-1')).toEqual({
      token: 'tok-1',
      data: { run: { status: 'pending' } },
      timestamp: 1000,
    });
    await cacheRun(db, 'tok-1', { run: { status: 'in_progress' } }, 2000);
    expect(await cachedRun<{ run: { status: string } }>(db, 'tok-1')).toMatchObject({
      data: { run: { status: 'in_progress' } },
      timestamp: 2000,
    });
  });

  it('queues actions with client action ids and lists a token’s pending ones oldest first', async () => {
    const db = await freshDb();
    const late = await queueAction(db, {
      token: 'tok-1',
      type: 'task',
      runTaskId: TASK_A,
      payload: { checked: true, comment: 'late' },
      timestamp: 3000,
    });
    const early = await queueAction(db, {
      token: 'tok-1',
      type: 'task',
      runTaskId: TASK_B,
      payload: { checked: true },
      location: { latitude: 30.27, longitude: -97.74, accuracy: 12, timestamp: 900 },
      timestamp: 1000,
    });
    const tie = await queueAction(db, { token: 'tok-1', type: 'complete', payload: {}, timestamp: 3000 });
    await queueAction(db, { token: 'tok-2', type: 'task', runTaskId: TASK_A, payload: { checked: false } });
    const given = await queueAction(db, {
      token: 'tok-1',
      type: 'issue',
      payload: { severity: 'high', description: 'Leak under the sink' },
      actionId: 'issue-action-1',
      timestamp: 2000,
    });

    expect(late.actionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(early.actionId).not.toBe(late.actionId);
    expect(given.actionId).toBe('issue-action-1');
    expect(late.synced).toBe(false);
    expect(typeof late.id).toBe('number');

    const pending = await pendingActions(db, 'tok-1');
    expect(pending.map((action) => action.id)).toEqual([early.id, given.id, late.id, tie.id]);
    expect(pending[0]).toEqual(early);
    expect(await queuedCount(db, 'tok-1')).toBe(4);
    expect(await queuedCount(db, 'tok-2')).toBe(1);

    await markActionSynced(db, given.id!);
    expect((await pendingActions(db, 'tok-1')).map((action) => action.id)).toEqual([early.id, late.id, tie.id]);
    expect(await queuedCount(db, 'tok-1')).toBe(3);
  });

  it('stores queued files with their bytes, counts bytes per token and in all, and clears only synced items', async () => {
    const db = await freshDb();
    const first = await queueMedia(db, { ...photo(1000, 'a.webp'), token: 'tok-1', timestamp: 20 });
    const second = await queueMedia(db, { ...photo(500, 'b.webp'), token: 'tok-1', timestamp: 10 });
    await queueMedia(db, { ...photo(250), token: 'tok-2' });
    const action = await queueAction(db, {
      token: 'tok-1',
      type: 'task',
      runTaskId: TASK_A,
      payload: { checked: true },
    });

    const pending = await pendingMedia(db, 'tok-1');
    expect(pending.map((media) => media.fileMeta.name)).toEqual(['b.webp', 'a.webp']);
    expect(pending[1]!.blob).toBeInstanceOf(Blob);
    expect(pending[1]!.blob.size).toBe(1000);
    expect(pending[1]!.blob.type).toBe('image/webp');
    expect(pending[1]!.actionId).toBe(first.actionId);
    expect(pending[1]!.fileMeta).toEqual({ name: 'a.webp', type: 'image/webp', size: 1000, width: 800, height: 600 });
    expect(await mediaBytes(db, 'tok-1')).toBe(1500);
    expect(await mediaBytes(db, 'tok-2')).toBe(250);
    expect(await mediaBytes(db)).toBe(1750);
    expect(await queuedCount(db, 'tok-1')).toBe(3);

    await updateMedia(db, second.id!, { synced: true });
    await markActionSynced(db, action.id!);
    await updateMedia(db, (await pendingMedia(db, 'tok-2'))[0]!.id!, { synced: true });
    await clearSynced(db, 'tok-1');

    expect((await pendingMedia(db, 'tok-1')).map((media) => media.id)).toEqual([first.id]);
    expect(await pendingActions(db, 'tok-1')).toEqual([]);
    expect(await db.count('actions')).toBe(0);
    expect(await mediaBytes(db, 'tok-1')).toBe(1000);
    // Another token's synced file stays until that token syncs in full.
    expect(await mediaBytes(db, 'tok-2')).toBe(250);
  });

  it('refuses a file that would take queued media over 200 MB, across all runs, and stores nothing', async () => {
    const db: OfflineDb = await freshDb();
    const mb = 1024 * 1024;
    await queueMedia(db, { ...photo(150 * mb), token: 'tok-1' });
    await queueMedia(db, { ...photo(MEDIA_STORAGE_LIMIT_BYTES - 150 * mb - 10), token: 'tok-2' });
    expect(await mediaBytes(db)).toBe(MEDIA_STORAGE_LIMIT_BYTES - 10);

    await expect(queueMedia(db, { ...photo(11), token: 'tok-3' })).rejects.toThrow(MEDIA_STORAGE_FULL_MESSAGE);
    expect(MEDIA_STORAGE_FULL_MESSAGE).toBe(
      'Offline photo storage is full (200 MB). Connect to the internet to upload queued photos.',
    );
    expect(await pendingMedia(db, 'tok-3')).toEqual([]);
    expect(await mediaBytes(db)).toBe(MEDIA_STORAGE_LIMIT_BYTES - 10);

    // Exactly up to the limit is accepted.
    await queueMedia(db, { ...photo(10), token: 'tok-3' });
    expect(await mediaBytes(db)).toBe(MEDIA_STORAGE_LIMIT_BYTES);
    db.close();
  });

  describe('requestPersistentStorage', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('asks the browser for persistent storage', async () => {
      const persist = vi.fn(async () => true);
      vi.stubGlobal('navigator', { storage: { persist, persisted: async () => false } });
      expect(await requestPersistentStorage()).toBe(true);
      expect(persist).toHaveBeenCalledOnce();
    });

    it('does not ask again when storage is already persistent', async () => {
      const persist = vi.fn(async () => true);
      vi.stubGlobal('navigator', { storage: { persist, persisted: async () => true } });
      expect(await requestPersistentStorage()).toBe(true);
      expect(persist).not.toHaveBeenCalled();
    });

    it('answers false, never throws, when unsupported or failing', async () => {
      vi.stubGlobal('navigator', {});
      expect(await requestPersistentStorage()).toBe(false);
      vi.stubGlobal('navigator', {
        storage: {
          persist: async () => {
            throw new Error('denied');
          },
        },
      });
      expect(await requestPersistentStorage()).toBe(false);
      vi.stubGlobal('navigator', undefined);
      expect(await requestPersistentStorage()).toBe(false);
    });
  });
});
