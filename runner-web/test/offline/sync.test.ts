import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  type NewAction,
  openOfflineDb,
  pendingActions,
  pendingMedia,
  queueAction,
  queuedCount,
  queueIssue,
  queueMedia,
} from '../../src/offline/offline-db.ts';
import { createRunnerApi } from '../../src/offline/runner-api.ts';
import { type SyncProgress, syncToken } from '../../src/offline/sync.ts';
import { FAKE_ORIGIN, type FakeCall, FakePublicApi } from './fake-public-api.ts';

const TOKEN = 'magic-token-1';
const TASK_A = '00000000-0000-4000-8000-00000000000a';
const TASK_B = '00000000-0000-4000-8000-00000000000b';
const TASK_C = '00000000-0000-4000-8000-00000000000c';
const MINUTE = 60_000;

async function setup(
  tasks: { id: string; required_media?: number }[] = [{ id: TASK_A }, { id: TASK_B }, { id: TASK_C }],
) {
  const db = await openOfflineDb(`sync-${crypto.randomUUID()}`);
  const server = new FakePublicApi(TOKEN, tasks);
  const api = createRunnerApi({ baseUrl: FAKE_ORIGIN, fetch: server.fetch });
  const progress: SyncProgress[] = [];
  const sync = () => syncToken(TOKEN, { db, api, now: () => server.now }, (step) => progress.push(step));
  return { db, server, api, progress, sync };
}

const tick = (runTaskId: string, timestamp: number, checked = true): NewAction => ({
  token: TOKEN,
  type: 'task',
  runTaskId,
  payload: { checked, comment: `at ${timestamp}`, duration_seconds: 30 },
  location: { latitude: 30.27, longitude: -97.74, accuracy: 8, timestamp },
  timestamp,
});

const photo = (name: string, timestamp: number, runTaskId = TASK_A) => ({
  token: TOKEN,
  runTaskId,
  fileMeta: { name, type: 'image/webp', size: 4 },
  blob: new Blob([name.slice(0, 4).padEnd(4, '.')], { type: 'image/webp' }),
  location: { latitude: 30.27, longitude: -97.74, accuracy: 5 },
  timestamp,
});

/** The queued file a reservation, PUT or confirmation is about. */
function fileOfCall(server: FakePublicApi, call: FakeCall): string {
  if (call.path === '/api/public/upload') return call.body.fileName;
  const media = [...server.media.values()].find((item) =>
    call.method === 'PUT' ? call.path.endsWith(`/${item.signedToken}`) : item.path === call.body.path,
  );
  return media!.path.split('/').pop()!.replace(/^\d+-/, '');
}

describe('syncToken', () => {
  it('sends task actions oldest first, then files in batches of 3, then issues, and clears the token’s queue', async () => {
    const { db, server, progress, sync } = await setup();
    const b = await queueAction(db, tick(TASK_B, 3000));
    const a = await queueAction(db, tick(TASK_A, 1000));
    const issue = await queueAction(db, {
      token: TOKEN,
      type: 'issue',
      runTaskId: TASK_C,
      payload: { severity: 'medium', description: 'Broken lamp' },
      timestamp: 2000,
    });
    // Files taken before the actions still go after them.
    const files = [];
    for (let i = 1; i <= 5; i += 1) files.push(await queueMedia(db, photo(`photo-${i}.webp`, i * 100)));
    await queueAction(db, { ...tick(TASK_A, 500), token: 'another-token' });
    server.putRendezvous = 4; // more than the client should ever run at once

    const result = await sync();

    expect(result).toEqual({ ok: true, synced: 8 });
    const actionCalls = server.calls.slice(0, 2);
    expect(actionCalls.map((call) => call.path)).toEqual(['/api/public/task', '/api/public/task']);
    expect(actionCalls.map((call) => call.body.action_id)).toEqual([a.actionId, b.actionId]);
    // The issue goes after the files (its own photos, were there any, would be among them).
    expect(server.calls.at(-1)).toMatchObject({
      path: '/api/public/issue',
      body: {
        action_id: issue.actionId,
        runTaskId: TASK_C,
        severity: 'medium',
        description: 'Broken lamp',
        media: [],
        timestamp: 2000,
      },
    });
    expect(actionCalls[0]!.body).toEqual({
      token: TOKEN,
      action_id: a.actionId,
      runTaskId: TASK_A,
      checked: true,
      comment: 'at 1000',
      duration_seconds: 30,
      timestamp: 1000,
      latitude: 30.27,
      longitude: -97.74,
      location_accuracy: 8,
      location_timestamp: 1000,
      address: null,
    });

    // Every call of a file: its reservation, its PUT (by signed token) and its confirmation.
    const mediaCalls = server.calls.slice(2, -1);
    const fileOf = (call: FakeCall) => fileOfCall(server, call);
    const positions = (name: string) =>
      mediaCalls.flatMap((call, index) => (fileOf(call) === name ? [index] : [])).sort((x, y) => x - y);
    const firstBatch = ['photo-1.webp', 'photo-2.webp', 'photo-3.webp'].flatMap(positions);
    const secondBatch = ['photo-4.webp', 'photo-5.webp'].flatMap(positions);
    expect(firstBatch).toHaveLength(9);
    expect(secondBatch).toHaveLength(6);
    expect(Math.max(...firstBatch)).toBeLessThan(Math.min(...secondBatch));
    expect(server.maxInFlightPuts).toBe(3);
    for (const name of ['photo-1.webp', 'photo-4.webp']) {
      expect(positions(name).map((index) => mediaCalls[index]!.method + ' ' + mediaCalls[index]!.path)).toEqual([
        'POST /api/public/upload',
        `PUT /api/public/upload/${[...server.media.values()].find((media) => media.path.endsWith(name))!.signedToken}`,
        'POST /api/public/media-confirm',
      ]);
    }
    const upload = server.callsTo('/api/public/upload').find((call) => call.body.fileName === 'photo-1.webp')!;
    expect(upload.body).toEqual({
      token: TOKEN,
      runTaskId: TASK_A,
      action_id: `${files[0]!.actionId}:upload:1`,
      fileName: 'photo-1.webp',
      contentType: 'image/webp',
      size: 4,
    });
    const confirm = server.callsTo('/api/public/media-confirm').find((call) => call.body.path.endsWith('photo-1.webp'));
    expect(confirm!.body).toMatchObject({
      action_id: `${files[0]!.actionId}:confirm`,
      type: 'photo',
      captured_at: 100,
      latitude: 30.27,
      location_accuracy: 5,
    });
    expect(server.confirmedMedia(TASK_A)).toBe(5);
    expect(server.tasks.get(TASK_A)!.checked).toBe(true);
    expect(server.alerts).toHaveLength(1);

    expect(progress).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((done) => ({ done, total: 8 })));
    expect(await queuedCount(db, TOKEN)).toBe(0);
    expect(await db.count('media')).toBe(0);
    expect(await db.getAllFromIndex('actions', 'token', TOKEN)).toEqual([]);
    // Another link's queue is left alone.
    expect(await queuedCount(db, 'another-token')).toBe(1);
  });

  it('stops at the first failing action and leaves later actions and the files untouched', async () => {
    const { db, server, sync } = await setup();
    const first = await queueAction(db, tick(TASK_A, 1000));
    const second = await queueAction(db, tick(TASK_B, 2000));
    const third = await queueAction(db, tick(TASK_C, 3000));
    await queueMedia(db, photo('photo-1.webp', 10));
    server.failPathCall('/api/public/task', 2, { status: 503, error: 'The service is busy. Try again shortly.' });

    const result = await sync();

    expect(result).toMatchObject({
      ok: false,
      message: 'Sync failed: Task sync failed: 503 The service is busy. Try again shortly.',
      retryable: true,
      synced: 1,
    });
    expect(server.callsTo('/api/public/task').map((call) => call.body.action_id)).toEqual([
      first.actionId,
      second.actionId,
    ]);
    expect(server.calls).toHaveLength(2);
    expect((await pendingActions(db, TOKEN)).map((action) => action.id)).toEqual([second.id, third.id]);
    expect(await pendingMedia(db, TOKEN)).toHaveLength(1);
    // Nothing is cleared on failure: the first action stays, marked synced.
    const stored = await db.getAllFromIndex('actions', 'token', TOKEN);
    expect(stored.map((action) => [action.id, action.synced])).toEqual([
      [first.id, true],
      [second.id, false],
      [third.id, false],
    ]);
    expect(await queuedCount(db, TOKEN)).toBe(3);
  });

  it('marks a refusal as not retryable', async () => {
    const { db, server, sync } = await setup();
    await queueAction(db, tick('00000000-0000-4000-8000-0000000000ff', 1000));
    const result = await sync();
    expect(result).toMatchObject({
      ok: false,
      message: 'Sync failed: Task sync failed: 403 This task does not belong to this run.',
      retryable: false,
    });
    expect(server.calls).toHaveLength(1);
  });

  it('resends the same action ids after failures, and the server applies nothing twice', async () => {
    const { db, server, sync } = await setup();
    const actions = [
      await queueAction(db, tick(TASK_A, 1000)),
      await queueAction(db, tick(TASK_B, 2000)),
      await queueAction(db, tick(TASK_C, 3000)),
    ];
    const files = [await queueMedia(db, photo('photo-1.webp', 10)), await queueMedia(db, photo('photo-2.webp', 20))];
    // The server applies the 2nd task and the 1st confirmation, but their answers are lost.
    server.failPathCall('/api/public/task', 2, { network: true, afterApply: true });
    let confirms = 0;
    server.failWhen(
      (call) =>
        call.path === '/api/public/media-confirm' &&
        call.body.action_id === `${files[0]!.actionId}:confirm` &&
        ++confirms === 1,
      { network: true, afterApply: true },
    );
    server.putDelayMs = 0;

    const first = await sync();
    expect(first).toMatchObject({
      ok: false,
      message: 'Sync failed: Task sync failed: network error (Failed to fetch)',
      retryable: true,
    });
    const second = await sync();
    expect(second).toMatchObject({
      ok: false,
      message: 'Sync failed: Media confirm failed: network error (Failed to fetch)',
    });
    const third = await sync();
    expect(third).toEqual({ ok: true, synced: 1 });

    const ids = actions.map((action) => action.actionId);
    expect(server.callsTo('/api/public/task').map((call) => call.body.action_id)).toEqual([
      ids[0],
      ids[1],
      ids[1],
      ids[2],
    ]);
    const confirmIds = server.callsTo('/api/public/media-confirm').map((call) => call.body.action_id);
    expect(confirmIds.filter((id) => id === `${files[0]!.actionId}:confirm`)).toHaveLength(2);
    // The file whose confirmation was lost is neither reserved nor uploaded again.
    expect(server.callsTo('/api/public/upload')).toHaveLength(2);
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
    expect(server.media.size).toBe(2);

    expect([...server.applications.values()].every((count) => count === 1)).toBe(true);
    expect(server.applications.size).toBe(3 + 2 * 2);
    expect(server.confirmedMedia(TASK_A)).toBe(2);
    expect([...server.tasks.values()].map((task) => task.checked)).toEqual([true, true, true]);
    expect(await queuedCount(db, TOKEN)).toBe(0);
    expect(await db.count('actions')).toBe(0);
  });

  it('resends an action that was synced but not recorded as such without changing anything on the server', async () => {
    const { db, server, api, sync } = await setup();
    const offline = await queueAction(db, tick(TASK_A, 1000));
    await queueMedia(db, photo('photo-1.webp', 10));
    server.failPathCall('/api/public/upload', 1, { status: 503, error: 'Busy' });
    expect(await sync()).toMatchObject({ ok: false, message: 'Sync failed: Upload URL request failed: 503 Busy' });

    // Online, the cleaner unticks the task later; then the client loses the "synced" mark (a crash).
    await api.postTask({
      token: TOKEN,
      runTaskId: TASK_A,
      action_id: crypto.randomUUID(),
      checked: false,
      timestamp: 5000,
    });
    const stored = (await db.getAllFromIndex('actions', 'token', TOKEN))[0]!;
    expect(stored.synced).toBe(true);
    await db.put('actions', { ...stored, synced: false });

    expect(await sync()).toEqual({ ok: true, synced: 2 });
    const sent = server.callsTo('/api/public/task').filter((call) => call.body.action_id === offline.actionId);
    expect(sent).toHaveLength(2);
    expect(server.applications.get(offline.actionId)).toBe(1);
    expect(server.tasks.get(TASK_A)!.checked).toBe(false);
  });

  it('treats an action older than the task’s state as synced (the server keeps the newer state)', async () => {
    const { db, server, api, sync } = await setup();
    await api.postTask({
      token: TOKEN,
      runTaskId: TASK_A,
      action_id: crypto.randomUUID(),
      checked: true,
      timestamp: 9000,
    });
    await queueAction(db, tick(TASK_A, 1000, false));
    expect(await sync()).toEqual({ ok: true, synced: 1 });
    expect(server.tasks.get(TASK_A)!.checked).toBe(true);
  });

  it('finishes the failed file’s batch, keeps its successes and stops before the next batch', async () => {
    const { db, server, sync } = await setup();
    for (let i = 1; i <= 4; i += 1) await queueMedia(db, photo(`photo-${i}.webp`, i));
    server.failWhen((call) => call.path === '/api/public/upload' && call.body.fileName === 'photo-2.webp', {
      status: 500,
      error: 'Something went wrong on our side.',
    });

    const result = await sync();

    expect(result).toMatchObject({
      ok: false,
      message: 'Sync failed: Upload URL request failed: 500 Something went wrong on our side.',
      synced: 2,
    });
    expect(server.callsTo('/api/public/upload').map((call) => call.body.fileName)).toEqual([
      'photo-1.webp',
      'photo-2.webp',
      'photo-3.webp',
    ]);
    expect((await pendingMedia(db, TOKEN)).map((media) => media.fileMeta.name)).toEqual([
      'photo-2.webp',
      'photo-4.webp',
    ]);
    expect(server.confirmedMedia(TASK_A)).toBe(2);
  });

  it('reuses a reservation whose answer was lost, and reserves again once its upload link expired', async () => {
    const { db, server, sync } = await setup();
    const file = await queueMedia(db, photo('photo-1.webp', 10));
    server.failPathCall('/api/public/upload', 1, { network: true, afterApply: true });
    server.failPathCall('/api/public/upload/*', 1, { status: 503, error: 'Storage is busy.' });

    expect(await sync()).toMatchObject({
      message: 'Sync failed: Upload URL request failed: network error (Failed to fetch)',
    });
    expect(await sync()).toMatchObject({ message: 'Sync failed: Storage upload failed: 503 Storage is busy.' });
    expect(server.callsTo('/api/public/upload').map((call) => call.body.action_id)).toEqual([
      `${file.actionId}:upload:1`,
      `${file.actionId}:upload:1`,
    ]);
    expect(server.media.size).toBe(1);

    server.now += 16 * MINUTE;
    expect(await sync()).toEqual({ ok: true, synced: 1 });
    expect(server.callsTo('/api/public/upload').map((call) => call.body.action_id)).toEqual([
      `${file.actionId}:upload:1`,
      `${file.actionId}:upload:1`,
      `${file.actionId}:upload:2`,
    ]);
    expect([...server.media.values()].map((media) => media.status)).toEqual(['uploading', 'confirmed']);
  });

  it('still uploads when the device clock runs ahead and every upload link looks expired', async () => {
    const { db, server, api } = await setup();
    await queueMedia(db, photo('photo-1.webp', 10));
    const result = await syncToken(TOKEN, { db, api, now: () => server.now + 30 * MINUTE });
    expect(result).toEqual({ ok: true, synced: 1 });
    expect(server.confirmedMedia(TASK_A)).toBe(1);
  });

  it('sends a queued completion after the files it needs, whatever its timestamp', async () => {
    const { db, server, sync } = await setup([{ id: TASK_A, required_media: 1 }]);
    await queueAction(db, tick(TASK_A, 1000));
    const complete = await queueAction(db, {
      token: TOKEN,
      type: 'complete',
      payload: { note: 'done' },
      timestamp: 2000,
    });
    await queueMedia(db, photo('photo-1.webp', 3000));

    expect(await sync()).toEqual({ ok: true, synced: 3 });
    expect(server.calls.map((call) => `${call.method} ${call.path.replace(/upload\/.+$/, 'upload/…')}`)).toEqual([
      'POST /api/public/task',
      'POST /api/public/upload',
      'PUT /api/public/upload/…',
      'POST /api/public/media-confirm',
      'POST /api/public/complete',
    ]);
    expect(server.callsTo('/api/public/complete')[0]!.body).toEqual({
      note: 'done',
      token: TOKEN,
      action_id: complete.actionId,
    });
    expect(server.runStatus).toBe('completed');
  });

  it('uploads an issue’s photos without confirming them, then sends the issue with their paths, once', async () => {
    const { db, server, sync } = await setup([{ id: TASK_A, required_media: 1 }]);
    const { action, media } = await queueIssue(
      db,
      { token: TOKEN, runTaskId: TASK_A, payload: { severity: 'high', description: 'Leak under the sink' } },
      [photo('leak-1.webp', 0), photo('leak-2.webp', 0)],
    );
    expect(action.payload).toMatchObject({ mediaActionIds: media.map((item) => item.actionId) });
    // The first attempt stops at the issue, after its photos went up.
    server.failPathCall('/api/public/issue', 1, { status: 503, error: 'The service is busy. Try again shortly.' });
    expect(await sync()).toMatchObject({ ok: false, synced: 2, retryable: true });
    expect(await sync()).toEqual({ ok: true, synced: 1 });

    const paths = [...server.media.values()].map((item) => item.path);
    expect(server.callsTo('/api/public/upload')).toHaveLength(2);
    expect(server.callsTo('/api/public/media-confirm')).toEqual([]);
    expect(server.confirmedMedia(TASK_A)).toBe(0);
    const issueCalls = server.callsTo('/api/public/issue');
    expect(issueCalls.map((call) => call.body.media)).toEqual([paths, paths]);
    expect(issueCalls.map((call) => call.body.action_id)).toEqual([action.actionId, action.actionId]);
    expect(server.alerts).toEqual([
      expect.objectContaining({ severity: 'high', description: 'Leak under the sink', media: paths }),
    ]);
    expect(await queuedCount(db, TOKEN)).toBe(0);
  });

  it('reports a failed completion with the spec message', async () => {
    const { db, sync } = await setup([{ id: TASK_A, required_media: 1 }]);
    await queueAction(db, { token: TOKEN, type: 'complete', payload: {} });
    expect(await sync()).toMatchObject({
      ok: false,
      message: `Sync failed: Complete sync failed: 409 Some tasks are not done yet: ${TASK_A}.`,
      retryable: false,
    });
  });

  it('succeeds at once with nothing queued', async () => {
    const { server, progress, sync } = await setup();
    expect(await sync()).toEqual({ ok: true, synced: 0 });
    expect(server.calls).toEqual([]);
    expect(progress).toEqual([{ done: 0, total: 0 }]);
  });

  it("sends a signature made when queued as it was, and signs a photo's confirmation and an issue as they are sent", async () => {
    const { db, server, api } = await setup([{ id: TASK_A }]);
    await queueAction(db, { ...tick(TASK_A, 1000), signature: 'signed-when-queued' });
    await queueMedia(db, photo('kitchen.webp', 1100));
    await queueIssue(
      db,
      { token: TOKEN, runTaskId: TASK_A, payload: { severity: 'low', description: 'Scratch' }, timestamp: 1200 },
      [photo('scratch.webp', 1200)],
    );
    await queueAction(db, { token: TOKEN, type: 'complete', payload: {}, signature: 'completion-signed' });
    const signedNow: { action: string; body: object }[] = [];
    const deviceKey = async (token: string) => `key-of-${token}`;
    const sign = async (action: string, body: object) => {
      signedNow.push({ action, body });
      return `signed-now-${signedNow.length}`;
    };
    expect(await syncToken(TOKEN, { db, api, now: () => server.now, deviceKey, sign })).toMatchObject({ ok: true });

    const sent = (path: string) => server.callsTo(path).map((call) => call.body as Record<string, unknown>);
    const unsigned = ({ device_key_id: _key, signature: _signature, ...body }: Record<string, unknown>) => body;
    expect(sent('/api/public/task')).toMatchObject([
      { device_key_id: `key-of-${TOKEN}`, signature: 'signed-when-queued' },
    ]);
    expect(sent('/api/public/complete')).toMatchObject([{ signature: 'completion-signed' }]);
    // Signed over the request as sent, with the server's paths of the uploaded files.
    const [confirmation] = sent('/api/public/media-confirm');
    const [issue] = sent('/api/public/issue');
    expect(signedNow).toEqual([
      { action: 'media-confirm', body: unsigned(confirmation!) },
      { action: 'issue', body: unsigned(issue!) },
    ]);
    expect(confirmation).toMatchObject({ device_key_id: `key-of-${TOKEN}`, signature: 'signed-now-1' });
    expect(issue).toMatchObject({ device_key_id: `key-of-${TOKEN}`, signature: 'signed-now-2' });
    expect(issue!.media).toEqual([[...server.media.values()].find((item) => item.path.endsWith('scratch.webp'))!.path]);
  });
});
