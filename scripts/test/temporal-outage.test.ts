// Issue 18, part 2: a Temporal server that stops answering (SIGSTOP, 60 s) locks no user out. Requests
// that do not need Temporal answer as usual, run creations answer at once (their workflows start from
// the outbox later), completions answer 503 within seconds; the worker and the API ride it out; after
// the server resumes, every run has its workflow and every tick reached it, nothing lost or doubled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHandle } from '@turnproof/temporal/client';
import { runProgressQuery } from '@turnproof/workflows';
import { signedInOwner } from '../../api/test/support/browser.ts';
import { startTestApi, type TestApi } from '../../api/test/support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../../api/test/support/worker-process.ts';
import { Cleaner } from '../../api/test/runner/cleaner.ts';
import { startThrowawayTemporal } from '../lib/throwaway-stack.ts';
import { OutageLoad, sleep } from './support/outage-load.ts';
import { newRunBody, photoFreeChecklist } from './support/photo-free-runs.ts';

const PAUSE_MS = 60_000;
const RUNS_DURING_PAUSE = 20;

let temporal: Awaited<ReturnType<typeof startThrowawayTemporal>>;
let api: TestApi;
let worker: WorkerProcess;
let paused = false;

beforeAll(async () => {
  temporal = await startThrowawayTemporal();
  api = await startTestApi({ env: { TEMPORAL_ADDRESS: temporal.address } });
  worker = await startWorkerProcess(api);
});
afterAll(async () => {
  if (paused) process.kill(temporal.pid!, 'SIGCONT');
  await worker?.stop();
  await api?.close();
  await temporal?.stop();
});

const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.getConnection().execute<T[]>(query, params);

describe('the Temporal server paused for 60 s', () => {
  it('keeps every user working; runs, ticks and completions reach their workflows after it resumes', async () => {
    const owner = await signedInOwner(api);
    const source = await photoFreeChecklist(owner, 'Lakeside Loft');
    const open = async () => {
      const run = await owner.post('/api/runs', newRunBody(source));
      expect(run.status).toBe(201);
      const cleaner = Cleaner.fromLink(run.body.magic_link);
      const tasks: { id: string }[] = (await cleaner.openRun()).body.run.tasks;
      return { id: run.body.id as string, cleaner, taskIds: tasks.map((task) => task.id) };
    };
    // Two runs whose workflows are running before the pause; one will be finished during it.
    const before = [await open(), await open()];
    for (const taskId of before[0]!.taskIds) expect((await before[0]!.cleaner.tick(taskId)).status).toBe(200);

    const load = new OutageLoad();
    process.kill(temporal.pid!, 'SIGSTOP');
    paused = true;
    const pausedAt = Date.now();

    const created: Awaited<ReturnType<typeof open>>[] = [];
    const creating = (async () => {
      for (let n = 0; n < RUNS_DURING_PAUSE; n += 1) {
        const run = await load.timed('create run', () => owner.post('/api/runs', newRunBody(source)));
        expect(run.status).toBe(201);
        const cleaner = Cleaner.fromLink(run.body.magic_link);
        const opened = await load.timed('open run (cleaner)', () => cleaner.openRun());
        const taskIds = (opened.body.run.tasks as { id: string }[]).map((task) => task.id);
        const entry = { id: run.body.id as string, cleaner, taskIds };
        created.push(entry);
        for (const taskId of taskIds) await load.untilAccepted('tick', () => entry.cleaner.tick(taskId));
        await load.timed('run page (owner)', () => owner.get(`/api/runs/${entry.id}`));
        await sleep(1_500);
      }
    })();
    const ticking = load.cleanerLoop(before[1]!.cleaner, before[1]!.taskIds, 300);
    const browsing = load.ownerLoop(owner, 500);
    // Completion needs the workflow's Update: a sentence and 503 within seconds, not a hang.
    const completions: { status: number; ms: number; error: string }[] = [];
    const completionActionId = crypto.randomUUID();
    for (let n = 0; n < 2; n += 1) {
      await sleep(10_000);
      const started = Date.now();
      const answer = await before[0]!.cleaner.complete(completionActionId);
      completions.push({ status: answer.status, ms: Date.now() - started, error: answer.body?.error });
    }

    await creating;
    await sleep(Math.max(0, PAUSE_MS - (Date.now() - pausedAt)));
    load.stop();
    await Promise.all([ticking, browsing]);
    const workerDuringPause = worker.exitCode();
    const apiDuringPause = (await fetch(`${api.baseUrl}/api/health/live`)).status;
    const readyDuringPause = (await fetch(`${api.baseUrl}/api/health/ready`)).status;
    process.kill(temporal.pid!, 'SIGCONT');
    paused = false;
    const resumedAt = Date.now();

    const noTemporal = load.answers.filter((answer) => answer.what !== 'create run');
    const creations = load.answers.filter((answer) => answer.what === 'create run');
    console.log(`pause: ${Math.round((resumedAt - pausedAt) / 1000)} s`);
    console.log(load.summary('requests that do not need Temporal', noTemporal));
    console.log(load.summary('run creations', creations));
    console.log(`completions during the pause: ${JSON.stringify(completions)}`);

    expect(workerDuringPause).toBeNull();
    expect(apiDuringPause).toBe(200);
    expect(readyDuringPause).toBe(503);
    expect(noTemporal.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(creations).toHaveLength(RUNS_DURING_PAUSE);
    expect(creations.every((answer) => answer.status === 201)).toBe(true);
    // Every one within a second, as the issue asks: none waited on Temporal (a request may give it 5 s).
    const slowest = Math.max(...[...noTemporal, ...creations].map((answer) => answer.ms));
    expect(slowest).toBeLessThan(1_000);
    for (const completion of completions) {
      expect(completion.status).toBe(503);
      expect(completion.ms).toBeLessThan(10_000);
      expect(completion.error).toBe(
        'The run could not be completed right now. Your work is saved; please try again in a moment.',
      );
    }

    // Back: within a minute every run has its workflow, and each heard every tick.
    const all = [...before, ...created];
    const deadline = resumedAt + 60_000;
    for (const run of all) {
      const [row] = await sql<{ n: string }>('select count(*) as n from run_tasks where run_id = ? and checked', [
        run.id,
      ]);
      for (;;) {
        const progress = await runHandle(api.temporal, run.id)
          .query(runProgressQuery)
          .catch(() => undefined);
        if (progress?.tasksChecked === Number(row!.n)) break;
        if (Date.now() > deadline) throw new Error(`run ${run.id} not caught up: ${JSON.stringify(progress)}`);
        await sleep(500);
      }
    }
    console.log(`every workflow started and caught up ${Math.round((Date.now() - resumedAt) / 1000)} s after resume`);
    expect(worker.exitCode()).toBeNull();

    // The same completion, retried as the runner does (again on 503: a worker busy catching up may not
    // answer within the API's 8 s), goes through once.
    const completed = await before[0]!.cleaner.completeWhenAccepted(completionActionId);
    expect(completed.status).toBe(200);
    expect((await before[0]!.cleaner.complete(completionActionId)).body).toEqual(completed.body);

    // Nothing doubled: one run row and one workflow per creation, every tick recorded once.
    const [runs] = await sql<{ n: string }>(
      'select count(*) as n from runs r join properties p on p.id = r.property_id where p.owner_id = ?',
      [owner.userId],
    );
    expect(Number(runs!.n)).toBe(all.length);
    // Temporal's visibility store and the outbox relay catch up a moment after the workflows answer.
    await expect
      .poll(
        async () =>
          (await api.temporal.workflow.count(`WorkflowType = 'inspectionRun' AND TurnproofOwnerId = '${owner.userId}'`))
            .count,
        {
          timeout: 30_000,
        },
      )
      .toBe(all.length);
    const ticks = load.ticks.length + created.reduce((sum, run) => sum + run.taskIds.length, 0);
    const [actions] = await sql<{ n: string }>(
      `select count(*) as n from processed_actions a join runs r on r.id = a.run_id
       join properties p on p.id = r.property_id where p.owner_id = ? and a.kind = 'task'`,
      [owner.userId],
    );
    expect(Number(actions!.n)).toBe(ticks + before[0]!.taskIds.length);
    const undelivered = async () => {
      const [outbox] = await sql<{ n: string }>(
        `select count(*) as n from workflow_outbox where kind <> 'progress' or revision > delivered_revision`,
      );
      return Number(outbox!.n);
    };
    await expect.poll(undelivered, { timeout: 30_000 }).toBe(0);
  });
});
