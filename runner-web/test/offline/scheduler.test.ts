import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openOfflineDb, queueAction, queuedCount } from '../../src/offline/offline-db.ts';
import { createRunnerApi } from '../../src/offline/runner-api.ts';
import {
  createSyncScheduler,
  nextRetryDelay,
  type SchedulableResult,
  type SyncSchedulerState,
  syncToken,
} from '../../src/offline/sync.ts';
import { FAKE_ORIGIN, FakePublicApi } from './fake-public-api.ts';

type Result = SchedulableResult;

/** Timers that fire only when told to. */
function manualTimers() {
  let next = 1;
  const pending = new Map<number, { callback: () => void; ms: number }>();
  return {
    pending,
    delays: [] as number[],
    setTimeout(callback: () => void, ms: number) {
      const handle = next++;
      pending.set(handle, { callback, ms });
      this.delays.push(ms);
      return handle;
    },
    clearTimeout(handle: unknown) {
      pending.delete(handle as number);
    },
    /** Fires every due timer (all of them: time is not modelled). */
    fireAll() {
      const due = [...pending.entries()];
      pending.clear();
      for (const [, timer] of due) timer.callback();
    },
  };
}

/** A sync whose runs finish when the test says so. */
function controllableSync() {
  const runs: { resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  return {
    runs,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    sync: () =>
      new Promise<Result>((resolve, reject) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const settle =
          <T>(fn: (value: T) => void) =>
          (value: T) => {
            inFlight -= 1;
            fn(value);
          };
        runs.push({ resolve: settle(resolve), reject: settle(reject) });
      }),
  };
}

function onlineEvents() {
  const listeners = new Set<() => void>();
  return {
    listeners,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fire: () => listeners.forEach((listener) => listener()),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const failure = { ok: false, message: 'Sync failed: Task sync failed: 503 Busy', retryable: true } as const;

describe('nextRetryDelay', () => {
  it('doubles from 1 s and caps at 60 s', () => {
    const exact = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20, 1000].map((attempt) => nextRetryDelay(attempt, exact))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000, 60000,
    ]);
  });

  it('shortens the delay by up to half at random', () => {
    expect(nextRetryDelay(2, () => 0.5)).toBe(3000);
    expect(nextRetryDelay(2, () => 0.999)).toBe(2002);
    expect(nextRetryDelay(10, () => 0.5)).toBe(45000);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const delay = nextRetryDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(500);
      expect(delay).toBeLessThanOrEqual(60000);
    }
  });
});

describe('createSyncScheduler', () => {
  it('syncs at start, on reconnect and on request, never two at once', async () => {
    const timers = manualTimers();
    const online = onlineEvents();
    const work = controllableSync();
    const scheduler = createSyncScheduler<Result>({
      sync: work.sync,
      isOnline: () => true,
      setTimeout: (callback, ms) => timers.setTimeout(callback, ms),
      clearTimeout: (handle) => timers.clearTimeout(handle),
      onOnline: online.subscribe,
    });

    scheduler.start();
    expect(work.runs).toHaveLength(1);
    expect(scheduler.state.running).toBe(true);

    // While the first sync runs: a reconnect and three taps on Sync Now.
    online.fire();
    const taps = [scheduler.syncNow(), scheduler.syncNow(), scheduler.syncNow()];
    await flush();
    expect(work.runs).toHaveLength(1);

    work.runs[0]!.resolve({ ok: true });
    await flush();
    // One follow-up run serves everything asked for meanwhile.
    expect(work.runs).toHaveLength(2);
    expect(work.inFlight).toBe(1);
    const followUp = { ok: true, note: 'second' } as Result;
    work.runs[1]!.resolve(followUp);
    expect(await Promise.all(taps)).toEqual([followUp, followUp, followUp]);
    await flush();
    expect(work.runs).toHaveLength(2);
    expect(work.maxInFlight).toBe(1);
    expect(scheduler.state).toEqual({ running: false, lastResult: followUp, attempt: 0, retryInMs: null });

    // Idle again: a request starts a run at once.
    const later = scheduler.syncNow();
    expect(work.runs).toHaveLength(3);
    work.runs[2]!.resolve({ ok: true });
    expect(await later).toEqual({ ok: true });
    expect(timers.pending.size).toBe(0);
    scheduler.stop();
  });

  it('retries failures with growing delays, and resets after a success', async () => {
    const timers = manualTimers();
    const results: Result[] = [failure, failure, failure, { ok: true }, failure];
    let calls = 0;
    const states: SyncSchedulerState<Result>[] = [];
    const scheduler = createSyncScheduler<Result>({
      sync: async () => results[calls++]!,
      isOnline: () => true,
      setTimeout: (callback, ms) => timers.setTimeout(callback, ms),
      clearTimeout: (handle) => timers.clearTimeout(handle),
      onOnline: () => () => {},
      retryDelay: (attempt) => nextRetryDelay(attempt, () => 0),
      onChange: (state) => states.push(state),
    });

    scheduler.start();
    await flush();
    expect(calls).toBe(1);
    expect(timers.delays).toEqual([1000]);
    expect(scheduler.state).toMatchObject({ lastResult: failure, attempt: 1, retryInMs: 1000 });

    timers.fireAll();
    await flush();
    expect(calls).toBe(2);
    expect(timers.delays).toEqual([1000, 2000]);

    timers.fireAll();
    await flush();
    expect(calls).toBe(3);
    expect(timers.delays).toEqual([1000, 2000, 4000]);

    timers.fireAll();
    await flush();
    expect(calls).toBe(4);
    expect(timers.pending.size).toBe(0);
    expect(scheduler.state).toMatchObject({ lastResult: { ok: true }, attempt: 0, retryInMs: null });

    // After a success the series starts over.
    await scheduler.syncNow();
    expect(timers.delays).toEqual([1000, 2000, 4000, 1000]);
    expect(states.some((state) => state.running)).toBe(true);
    scheduler.stop();
    expect(timers.pending.size).toBe(0);
  });

  it('does not retry on its own after a refusal; Retry still works', async () => {
    const timers = manualTimers();
    const refusal = { ok: false, message: 'Sync failed: Task sync failed: 403 Not yours', retryable: false } as const;
    let calls = 0;
    const scheduler = createSyncScheduler<Result>({
      sync: async () => (++calls === 1 ? refusal : { ok: true }),
      isOnline: () => true,
      setTimeout: (callback, ms) => timers.setTimeout(callback, ms),
      clearTimeout: (handle) => timers.clearTimeout(handle),
      onOnline: () => () => {},
    });
    scheduler.start();
    await flush();
    expect(scheduler.state.lastResult).toEqual(refusal);
    expect(timers.pending.size).toBe(0);
    expect(await scheduler.syncNow()).toEqual({ ok: true });
    scheduler.stop();
  });

  it('treats a sync that throws as a retryable failure', async () => {
    const timers = manualTimers();
    const scheduler = createSyncScheduler<Result>({
      sync: async () => {
        throw new Error('IndexedDB went away');
      },
      isOnline: () => true,
      setTimeout: (callback, ms) => timers.setTimeout(callback, ms),
      clearTimeout: (handle) => timers.clearTimeout(handle),
      onOnline: () => () => {},
      retryDelay: () => 1234,
    });
    scheduler.start();
    await flush();
    expect(scheduler.state.lastResult).toEqual({
      ok: false,
      message: 'Sync failed: IndexedDB went away',
      retryable: true,
      error: new Error('IndexedDB went away'),
    });
    expect(timers.delays).toEqual([1234]);
    scheduler.stop();
  });

  it('waits offline for the reconnect, which syncs at once and restarts the backoff', async () => {
    const timers = manualTimers();
    const online = onlineEvents();
    let isOnline = false;
    let calls = 0;
    const scheduler = createSyncScheduler<Result>({
      sync: async () => {
        calls += 1;
        return failure;
      },
      isOnline: () => isOnline,
      setTimeout: (callback, ms) => timers.setTimeout(callback, ms),
      clearTimeout: (handle) => timers.clearTimeout(handle),
      onOnline: online.subscribe,
      retryDelay: (attempt) => nextRetryDelay(attempt, () => 0),
    });

    scheduler.start();
    expect(await scheduler.syncNow()).toBeNull();
    expect(calls).toBe(0);

    isOnline = true;
    online.fire();
    await flush();
    expect(calls).toBe(1);
    timers.fireAll();
    await flush();
    expect(calls).toBe(2);
    expect(timers.delays).toEqual([1000, 2000]);

    // Offline when the retry fires: nothing is sent and no further retry is scheduled.
    isOnline = false;
    timers.fireAll();
    await flush();
    expect(calls).toBe(2);
    expect(timers.pending.size).toBe(0);

    isOnline = true;
    online.fire();
    await flush();
    expect(calls).toBe(3);
    expect(timers.delays).toEqual([1000, 2000, 1000]);

    // A manual Retry replaces the scheduled retry.
    const retry = scheduler.syncNow();
    expect(timers.pending.size).toBe(0);
    await retry;
    expect(calls).toBe(4);
    expect(timers.pending.size).toBe(1);

    scheduler.stop();
    expect(timers.pending.size).toBe(0);
    expect(online.listeners.size).toBe(0);
    online.fire();
    await flush();
    expect(calls).toBe(4);
  });

  it('drives syncToken against the fake server until the queue is empty', async () => {
    const token = 'magic-token-1';
    const task = '00000000-0000-4000-8000-00000000000a';
    const db = await openOfflineDb(`scheduler-${crypto.randomUUID()}`);
    const server = new FakePublicApi(token, [{ id: task }]);
    server.failPathCall('/api/public/task', 1, { status: 503, error: 'Busy' });
    server.failPathCall('/api/public/task', 2, { network: true });
    const api = createRunnerApi({ baseUrl: FAKE_ORIGIN, fetch: server.fetch });
    const action = await queueAction(db, { token, type: 'task', runTaskId: task, payload: { checked: true } });
    const timers = manualTimers();
    const scheduler = createSyncScheduler({
      sync: () => syncToken(token, { db, api }),
      isOnline: () => true,
      setTimeout: (callback, ms) => timers.setTimeout(callback, ms),
      clearTimeout: (handle) => timers.clearTimeout(handle),
      onOnline: () => () => {},
      retryDelay: (attempt) => nextRetryDelay(attempt, () => 0),
    });

    scheduler.start();
    await expect.poll(() => timers.pending.size).toBe(1);
    expect(scheduler.state.lastResult).toMatchObject({ ok: false, message: 'Sync failed: Task sync failed: 503 Busy' });
    timers.fireAll();
    await expect.poll(() => timers.delays.length).toBe(2);
    timers.fireAll();
    await expect.poll(() => scheduler.state.lastResult?.ok).toBe(true);

    expect(timers.delays).toEqual([1000, 2000]);
    expect(server.callsTo('/api/public/task').map((call) => call.body.action_id)).toEqual([
      action.actionId,
      action.actionId,
      action.actionId,
    ]);
    expect(server.applications.get(action.actionId)).toBe(1);
    expect(await queuedCount(db, token)).toBe(0);
    scheduler.stop();
  });
});
