// Issue 18, part 1: the API and the worker ride out a database whose connections are terminated
// (pg_terminate_backend) and a PostgreSQL restart: requests answer 503 within seconds during the gap
// and succeed after it; no cleaner action is lost or applied twice.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHandle } from '@turnproof/temporal/client';
import { runProgressQuery } from '@turnproof/workflows';
import { signedInOwner } from '../../api/test/support/browser.ts';
import { startTestApi, type TestApi } from '../../api/test/support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../../api/test/support/worker-process.ts';
import { Cleaner } from '../../api/test/runner/cleaner.ts';
import { startThrowawayPostgres } from '../lib/throwaway-postgres.ts';
import { freshDatabase } from '../lib/throwaway-stack.ts';
import { newestTickPerTask, OutageLoad, sleep } from './support/outage-load.ts';
import { newRunBody, photoFreeChecklist } from './support/photo-free-runs.ts';

interface Stack {
  api: TestApi;
  worker: WorkerProcess;
  owner: Awaited<ReturnType<typeof signedInOwner>>;
  runs: { id: string; cleaner: Cleaner; taskIds: string[] }[];
}

async function startStack(env: Record<string, string> = {}, runCount = 3): Promise<Stack> {
  const api = await startTestApi({ env });
  const worker = await startWorkerProcess(api);
  const owner = await signedInOwner(api);
  const source = await photoFreeChecklist(owner);
  const runs = [];
  for (let n = 0; n < runCount; n += 1) {
    const run = await owner.post('/api/runs', newRunBody(source));
    expect(run.status).toBe(201);
    const cleaner = Cleaner.fromLink(run.body.magic_link);
    const tasks: { id: string }[] = (await cleaner.openRun()).body.run.tasks;
    runs.push({ id: run.body.id, cleaner, taskIds: tasks.map((task) => task.id) });
  }
  return { api, worker, owner, runs };
}

async function stopStack(stack: Stack | undefined) {
  await stack?.worker.stop();
  await stack?.api.close();
}

function startLoad(stack: Stack) {
  const load = new OutageLoad();
  const loops = [...stack.runs.map((run) => load.cleanerLoop(run.cleaner, run.taskIds)), load.ownerLoop(stack.owner)];
  return { load, finished: () => Promise.all(loops) };
}

/** Every accepted tick is recorded once, and each task holds its newest tick. */
async function expectNothingLostOrDoubled(stack: Stack, load: OutageLoad) {
  const sql = <T>(query: string, params: unknown[]) => stack.api.orm.em.getConnection().execute<T[]>(query, params);
  const ids = load.ticks.map((tick) => tick.actionId);
  const recorded = await sql<{ action_id: string }>(
    'select action_id from processed_actions where action_id in (select jsonb_array_elements_text(?::jsonb))',
    [JSON.stringify(ids)],
  );
  expect(recorded.length).toBe(ids.length);
  const newest = newestTickPerTask(load.ticks);
  const stored = await sql<{ id: string; checked: boolean }>(
    'select id, checked from run_tasks where id::text in (select jsonb_array_elements_text(?::jsonb))',
    [JSON.stringify([...newest.keys()])],
  );
  for (const task of stored) expect(task.checked, task.id).toBe(newest.get(task.id)!.checked);
}

/** The workflow of each run heard the stored state, and a completion goes through the worker. */
async function expectWorkflowsCaughtUp(stack: Stack) {
  for (const run of stack.runs) {
    const [row] = await stack.api.orm.em
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from run_tasks where run_id = ? and checked', [run.id]);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const progress = await runHandle(stack.api.temporal, run.id).query(runProgressQuery);
      if (progress.tasksChecked === Number(row!.n)) break;
      if (Date.now() > deadline) throw new Error(`run ${run.id}: workflow has ${progress.tasksChecked}, db ${row!.n}`);
      await sleep(200);
    }
  }
}

async function completeOneRun(stack: Stack) {
  const run = stack.runs[0]!;
  for (const taskId of run.taskIds) expect((await run.cleaner.tick(taskId, { checked: true })).status).toBe(200);
  const done = await run.cleaner.complete();
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

describe('every database connection of the app terminated under load (pg_terminate_backend)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stopStack(stack));

  it('keeps the API and the worker up; requests answer 200 or a quick 503, then succeed; nothing lost or doubled', async () => {
    const admin = new pg.Client({ connectionString: stack.api.config.DATABASE_URL });
    admin.on('error', () => {});
    await admin.connect();
    const { load, finished } = startLoad(stack);
    const terminations: number[] = [];
    await sleep(1_500);
    for (let n = 0; n < 3; n += 1) {
      const { rows } = await admin.query(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
      );
      terminations.push(rows[0].n);
      await sleep(1_500);
    }
    await sleep(1_500);
    load.stop();
    await finished();
    await admin.end();

    console.log(`terminated connections per round: ${terminations.join(', ')}`);
    console.log(load.summary('pg_terminate_backend, all answers'));
    expect(terminations.every((n) => n > 0)).toBe(true);
    // Nothing but success or "try again": no 500, no dropped socket, no hang.
    expect(load.answers.filter((answer) => ![200, 503].includes(answer.status))).toEqual([]);
    expect(Math.max(...load.answers.map((answer) => answer.ms))).toBeLessThan(5_000);
    // The last second: everything succeeds again.
    const last = load.answers.filter((answer) => answer.at > Math.max(...load.answers.map((a) => a.at)) - 1_000);
    expect(last.every((answer) => answer.status === 200)).toBe(true);

    expect(stack.worker.output()).toContain('Turnproof worker ready');
    expect((await fetch(`${stack.api.baseUrl}/api/health/ready`)).status).toBe(200);
    await expectNothingLostOrDoubled(stack, load);
    await expectWorkflowsCaughtUp(stack);
    await completeOneRun(stack);
  });
});

describe('PostgreSQL restarted (a throwaway cluster of this test)', () => {
  let stack: Stack | undefined;
  let server: Awaited<ReturnType<typeof startThrowawayPostgres>> | undefined;
  beforeAll(async () => {
    server = await startThrowawayPostgres();
    const databaseUrl = server.url('turnproof_restart');
    await freshDatabase(databaseUrl);
    stack = await startStack({ DATABASE_URL: databaseUrl }, 2);
  });
  afterAll(async () => {
    await stopStack(stack);
    await server?.destroy();
  });

  it('answers 503 within seconds while the server is down and succeeds once it is back; nothing lost or doubled', async () => {
    const { load, finished } = startLoad(stack!);
    const started = Date.now();
    await sleep(1_500);
    await server!.stop('fast');
    const down = Date.now() - started;
    await sleep(5_000);
    const starting = Date.now() - started;
    await server!.start();
    const up = Date.now() - started;
    await sleep(4_000);
    load.stop();
    await finished();

    const during = load.between(down + 200, starting);
    const after = load.between(up + 2_000, Infinity);
    console.log(`server down ${down} ms to ${up} ms after the load started`);
    console.log(load.summary('restart, while down', during));
    console.log(load.summary('restart, 2 s after it is back', after));
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((answer) => answer.status === 503)).toBe(true);
    expect(Math.max(...during.map((answer) => answer.ms))).toBeLessThan(5_000);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((answer) => answer.status === 200)).toBe(true);
    expect(load.answers.filter((answer) => ![200, 503].includes(answer.status))).toEqual([]);

    expect((await fetch(`${stack!.api.baseUrl}/api/health/ready`)).status).toBe(200);
    await expectNothingLostOrDoubled(stack!, load);
    await expectWorkflowsCaughtUp(stack!);
    await completeOneRun(stack!);
  });
});
