import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_MISSING } from '@turnproof/platform/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import { completedRun as completedRunOf } from '../support/completed-run.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

// A machine without Chromium: the worker's CHROMIUM_PATH names a file that is not there until the test
// links the real browser in, as an operator installing it would.
let chromiumDir: string;
let chromiumPath: string;
let api: TestApi;
let worker: WorkerProcess;
let owner: Awaited<ReturnType<typeof signedInOwner>>;

const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.getConnection().execute<T[]>(query, params);

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}\n${worker.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function health() {
  return (await (await fetch(`${api.baseUrl}/api/health`)).json()) as { pdf: string; pdf_problem?: string };
}

const completedRun = (name: string) => completedRunOf(owner, name);

const reportRows = (runId: string) =>
  sql<{ version: number; status: string; error: string | null }>(
    'select version, status, error from reports where run_id = ? order by version',
    [runId],
  );
const reportMails = (name: string) => api.mailbox.received.filter((mail) => mail.subject.includes(name));

beforeAll(async () => {
  chromiumDir = await mkdtemp(path.join(tmpdir(), 'turnproof-no-chromium-'));
  chromiumPath = path.join(chromiumDir, 'chromium');
  api = await startTestApi();
  // Checks left by other test files' workers would speak for this machine.
  await sql('delete from worker_checks');
  worker = await startWorkerProcess(api, { CHROMIUM_PATH: chromiumPath });
  owner = await signedInOwner(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await rm(chromiumDir, { recursive: true, force: true });
});

describe('a worker on a machine without Chromium', () => {
  it('succeeds by itself when Chromium arrives within the retry window', async () => {
    expect(await health()).toMatchObject({ pdf: 'down', pdf_problem: CHROMIUM_MISSING });
    const run = await completedRun('Heron Point');
    // The first render attempt fails on the missing browser; the next ones are seconds apart.
    await waitFor('a failed render attempt', async () => {
      const handle = api.temporal.workflow.getHandle(`report/${run.id}/v1`);
      const description = await handle.describe().catch(() => undefined);
      const pending = description?.raw.pendingActivities?.find((activity) => (activity.attempt ?? 0) > 1);
      return pending ? true : undefined;
    });
    await symlink('/usr/bin/chromium', chromiumPath);
    const rows = await waitFor('the report to be ready', async () => {
      const current = await reportRows(run.id);
      return current[0]?.status === 'ready' ? current : undefined;
    });
    expect(rows).toEqual([{ version: 1, status: 'ready', error: null }]);
    await waitFor('the report mail', async () => reportMails('Heron Point')[0]);
  }, 180_000);

  it('reports pdf down, fails the report with a sentence, and the console Retry succeeds once Chromium is there', async () => {
    // Chromium goes away again; a worker started now cannot print.
    await rm(chromiumPath, { force: true });
    await worker.stop();
    worker = await startWorkerProcess(api, { CHROMIUM_PATH: chromiumPath });
    expect(await health()).toMatchObject({ pdf: 'down', pdf_problem: CHROMIUM_MISSING });

    const run = await completedRun('Salt Marsh Cottage');
    const [failed] = await waitFor('the report to fail', async () => {
      const rows = await reportRows(run.id);
      return rows[0]?.status === 'failed' ? rows : undefined;
    });
    expect(failed).toEqual({ version: 1, status: 'failed', error: CHROMIUM_MISSING });
    const listed = await owner.get(`/api/runs/${run.id}/reports`);
    expect(listed.body[0]).toMatchObject({ status: 'failed', error: CHROMIUM_MISSING });
    expect(reportMails('Salt Marsh Cottage')).toHaveLength(0);

    await symlink('/usr/bin/chromium', chromiumPath);
    await waitFor(
      'the worker to find Chromium',
      async () => ((await health()).pdf === 'up' ? true : undefined),
      40_000,
    );

    // What the console's Retry sends.
    expect((await owner.post(`/api/runs/${run.id}/reports`, {})).status).toBe(202);
    await waitFor('the retried report', async () => {
      const rows = await reportRows(run.id);
      return rows[1]?.status === 'ready' ? rows : undefined;
    });
    await waitFor('the report mail', async () => reportMails('Salt Marsh Cottage')[0]);
    expect(reportMails('Salt Marsh Cottage')).toHaveLength(1);
  }, 240_000);
});
