import { randomUUID } from 'node:crypto';
import { ActivityFailure, type ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import { dropDatabase, prepareDatabase } from '@turnproof/db';
import { startReportGeneration } from '@turnproof/temporal/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeThroughMagicLink, Cleaner } from '../runner/cleaner.ts';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

/**
 * Two checkouts on one machine: each its own database, one shared Temporal server, and no task queue
 * set (an empty TEMPORAL_TASK_QUEUE is "unset"), so each takes the default derived from its database.
 */
const otherDatabase = (() => {
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `${url.pathname}_other`.slice(0, 64);
  return url.toString();
})();

interface Stack {
  api: TestApi;
  worker: WorkerProcess;
}
let first: Stack;
let second: Stack;

async function startStack(databaseUrl: string): Promise<Stack> {
  const api = await startTestApi({ env: { DATABASE_URL: databaseUrl, TEMPORAL_TASK_QUEUE: '' } });
  return { api, worker: await startWorkerProcess(api) };
}

beforeAll(async () => {
  await dropDatabase(otherDatabase);
  await (await prepareDatabase(otherDatabase)).close();
  first = await startStack(process.env.DATABASE_URL ?? '');
  second = await startStack(otherDatabase);
});
afterAll(async () => {
  for (const stack of [first, second]) {
    await stack?.worker.stop();
    await stack?.api.close();
  }
});

async function completedRunWithReport({ api }: Stack) {
  const owner = await signedInOwner(api);
  const property = await owner.post('/api/properties', { name: 'Twin Loft', address: '2 Pair St' });
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = (
    await owner.post('/api/runs', { property_id: property.body.id, type: 'turnover', template_id: template.id })
  ).body as { id: string; magic_link: string };
  await completeThroughMagicLink(Cleaner.fromLink(run.magic_link));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const reports = (await owner.get(`/api/runs/${run.id}/reports`)).body as { status: string }[];
    if (reports[0]?.status === 'ready') return run.id;
    if (Date.now() > deadline) throw new Error(`no report for run ${run.id}: ${JSON.stringify(reports)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const runRows = (stack: Stack, runId: string) =>
  stack.api.orm.em
    .fork()
    .getConnection()
    .execute<{ status: string }[]>(`select status from runs where id = ?`, [runId]);

describe('two stacks on one Temporal server', () => {
  it('each database has its own task queue by default', () => {
    expect(first.api.config.TEMPORAL_TASK_QUEUE).not.toBe(second.api.config.TEMPORAL_TASK_QUEUE);
    expect(second.api.config.TEMPORAL_TASK_QUEUE).toMatch(/_other$/);
  });

  it('complete runs and reports without touching each other', async () => {
    const [firstRun, secondRun] = await Promise.all([completedRunWithReport(first), completedRunWithReport(second)]);
    expect(await runRows(first, firstRun)).toEqual([{ status: 'completed' }]);
    expect(await runRows(second, secondRun)).toEqual([{ status: 'completed' }]);
    expect(await runRows(first, secondRun)).toEqual([]);
    expect(await runRows(second, firstRun)).toEqual([]);
    // Neither worker ran an activity for the other's rows (which would now fail, naming the id).
    for (const stack of [first, second]) expect(stack.worker.output()).not.toContain('in this database');
  });
});

describe('an activity that finds no row for its run', () => {
  it('fails for good, naming the id, instead of succeeding having changed nothing', async () => {
    // As if a worker of another database had picked up the work: the run is not in this worker's database.
    const runId = randomUUID();
    const handle = await startReportGeneration(first.api.temporal, first.api.config, {
      runId,
      version: 1,
      emailHost: false,
      meter: false,
    });
    const failure = await handle.result().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    const activity = (failure as WorkflowFailedError).cause;
    expect(activity).toBeInstanceOf(ActivityFailure);
    const cause = (activity as ActivityFailure).cause as ApplicationFailure;
    expect(cause.message).toBe(`No run ${runId} in this database.`);
    expect(cause.nonRetryable).toBe(true);
    // One attempt: Temporal did not retry what cannot succeed.
    const history = await handle.fetchHistory();
    const started = (history.events ?? []).filter((event) => event.activityTaskStartedEventAttributes);
    expect(started.map((event) => event.activityTaskStartedEventAttributes?.attempt)).toEqual([1, 1]);
  });
});
