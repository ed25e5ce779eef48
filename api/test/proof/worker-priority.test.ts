import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

/**
 * The worker's checks of every confirmed photo (and its reports and mail) must not slow the cleaner's
 * ticks on a machine the API shares: the whole worker process, every thread of it, runs at
 * WORKER_NICENESS. Linux sets a thread's priority and a thread inherits its creator's, so a priority set
 * after libuv's pool or Temporal's runtime started would leave the threads doing the work at 0.
 */

let api: TestApi;
let worker: WorkerProcess;

/** Each thread's nice value (field 19 of /proc/<pid>/task/<tid>/stat), by its name. */
async function threadNiceness(pid: number): Promise<{ name: string; nice: number }[]> {
  const tasks = await readdir(`/proc/${pid}/task`);
  return Promise.all(
    tasks.map(async (tid) => {
      const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces; the fields after it are space-separated.
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { name, nice: Number(fields[16]) };
    }),
  );
}

beforeAll(async () => {
  api = await startTestApi();
  worker = await startWorkerProcess(api, { WORKER_NICENESS: '7' });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

describe('the worker process', () => {
  it('runs every one of its threads at WORKER_NICENESS, below the API', async () => {
    const threads = await threadNiceness(worker.pid!);
    // The main thread, libuv's pool, V8's helpers, Temporal's runtime and its workflow threads.
    expect(threads.length).toBeGreaterThan(8);
    expect(threads.filter((thread) => thread.nice !== 7)).toEqual([]);
    expect((await threadNiceness(process.pid)).every((thread) => thread.nice === 0)).toBe(true);
  });
});
