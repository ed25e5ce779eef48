import { randomUUID } from 'node:crypto';
import { overageCents, PLANS } from '@turnproof/config';
import { releaseHeldReports } from '@turnproof/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cleaner } from '../runner/cleaner.ts';
import { setBillingState } from '../support/billing-state.ts';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

let api: TestApi;
let worker: WorkerProcess;
beforeAll(async () => {
  api = await startTestApi();
  worker = await startWorkerProcess(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const sql = <T>(query: string, params: unknown[]) => api.orm.em.getConnection().execute<T[]>(query, params);

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}\n${worker.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A property with a one-task checklist, so a run is quick to complete. */
async function quickProperty(owner: Owner): Promise<{ propertyId: string; checklistId: string }> {
  const property = await owner.post('/api/properties', { name: 'Meter House', address: '1 Count St' });
  const checklistId = randomUUID();
  await sql(
    `insert into checklists (id, property_id, name, type, is_template, created_at, updated_at)
     values (?, ?, 'Quick check', 'turnover', true, now(), now())`,
    [checklistId, property.body.id],
  );
  await sql(
    `insert into tasks (id, checklist_id, title, required_media, order_index, created_at)
     values (?, ?, 'Lock the door', 0, 0, now())`,
    [randomUUID(), checklistId],
  );
  return { propertyId: property.body.id, checklistId };
}

/** A cleaner completes one run; answers once its report is counted (or held). */
async function completedRun(owner: Owner, place: { propertyId: string; checklistId: string }) {
  const run = await owner.post('/api/runs', {
    property_id: place.propertyId,
    type: 'turnover',
    checklist_id: place.checklistId,
  });
  const cleaner = Cleaner.fromLink(run.body.magic_link);
  const [task] = (await cleaner.openRun()).body.run.tasks;
  await cleaner.tick(task.id);
  expect((await cleaner.completeWhenAccepted()).status).toBe(200);
  return waitFor('the report to be counted or held', async () => {
    const [report] = await sql<{ paid_by: string | null; status: string; error: string | null }>(
      `select paid_by, status, error from reports where run_id = ? and version = 1`,
      [run.body.id],
    );
    return report && (report.paid_by || report.status === 'pending')
      ? { runId: run.body.id as string, report }
      : undefined;
  });
}

const reportReady = (runId: string) =>
  waitFor('the report to be ready', async () => {
    const [report] = await sql<{ status: string }>(`select status from reports where run_id = ? and version = 1`, [
      runId,
    ]);
    return report?.status === 'ready' ? report : undefined;
  });

describe('report usage', () => {
  it('uses promo credits before included reports, then bills overage at the plan rate', async () => {
    const owner = await signedInOwner(api);
    await setBillingState(api, owner.userId, {
      plan_key: 'starter',
      plan_status: 'active',
      trial_ends_at: null,
      reports_this_period: 14,
    });
    expect((await owner.post('/api/promo/apply', { code: 'TURNPROOF5' })).body.remaining).toBe(5);
    const place = await quickProperty(owner);

    const paidBy: string[] = [];
    for (let n = 0; n < 7; n += 1) paidBy.push((await completedRun(owner, place)).report.paid_by ?? '');
    expect(paidBy).toEqual(['credit', 'credit', 'credit', 'credit', 'credit', 'included', 'overage']);

    const info = (await owner.get('/api/subscription')).body;
    expect(info).toMatchObject({
      plan_key: 'starter',
      credits: 0,
      usage: { used: 16, included: 15, isOverLimit: true },
    });
    // One report past the 15 included, at the starter rate of $1.50.
    expect(overageCents(PLANS.starter, info.usage.used)).toBe(150);
    expect((await owner.get('/api/promo/status')).body.remaining).toBe(0);
  });

  it("warns a flex owner at 80 %, holds the 11th report of the month with 'Report limit reached', and makes it after an upgrade", async () => {
    const owner = await signedInOwner(api);
    await setBillingState(api, owner.userId, { plan_key: 'flex', trial_ends_at: null, reports_this_period: 7 });
    const place = await quickProperty(owner);

    const eighth = await completedRun(owner, place);
    expect(eighth.report.paid_by).toBe('overage');
    const warning = await api.mailbox.latest(owner.email, /^Approaching report limit$/);
    expect(warning.text).toContain('80%');

    await setBillingState(api, owner.userId, { reports_this_period: 10 });
    const eleventh = await completedRun(owner, place);
    expect(eleventh.report).toEqual({ paid_by: null, status: 'pending', error: 'Report limit reached' });
    expect((await owner.get(`/api/runs/${eleventh.runId}`)).body.status).toBe('completed');
    const [listed] = (await owner.get(`/api/runs/${eleventh.runId}/reports`)).body;
    expect(listed).toMatchObject({ status: 'pending', error: 'Report limit reached' });
    const regenerate = await owner.post(`/api/runs/${eleventh.runId}/reports`);
    expect(regenerate.status).toBe(402);
    expect(regenerate.body.error).toBe('You have reached your limit. Upgrade to continue.');
    const limitMail = await api.mailbox.latest(owner.email, /^Report limit reached$/);
    expect(limitMail.text).toContain('You have reached your limit. Upgrade to continue');
    expect((await owner.get('/api/subscription')).body.usage).toMatchObject({ used: 10, isOverLimit: true });

    // The upgrade: billing puts the owner on starter and releases the held reports.
    await setBillingState(api, owner.userId, { plan_key: 'starter', plan_status: 'active' });
    const released = await api.temporal.workflow.execute(releaseHeldReports, {
      workflowId: `release-held-reports/${owner.userId}/${randomUUID()}`,
      taskQueue: api.config.TEMPORAL_TASK_QUEUE,
      args: [owner.userId],
    });
    expect(released).toBe(1);
    await reportReady(eleventh.runId);
    const [after] = await sql<{ paid_by: string; error: string | null }>(
      `select paid_by, error from reports where run_id = ? and version = 1`,
      [eleventh.runId],
    );
    expect(after).toEqual({ paid_by: 'included', error: null });
    await api.mailbox.latest(owner.email, /^Inspection report: Meter House/, 60_000);
  });
});
