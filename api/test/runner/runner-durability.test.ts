import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';
import { cameraPhoto, Cleaner } from './cleaner.ts';

let api: TestApi;
let worker: WorkerProcess;
let owner: Awaited<ReturnType<typeof signedInOwner>>;

// Skipped time: seconds stand in for the 2-hour reminder offset and the 7-day link life.
const durations = { reminderBeforeDueMs: 3_000, linkReadableAfterCompletionMs: 60_000 };

beforeAll(async () => {
  api = await startTestApi({ runDurations: durations });
  worker = await startWorkerProcess(api);
  owner = await signedInOwner(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}\n${worker.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sql = <T>(query: string, params: unknown[]) => api.orm.em.getConnection().execute<T[]>(query, params);

async function newRun(extra: Record<string, unknown> = {}) {
  const property = await owner.post('/api/properties', { name: 'Pine Ridge Chalet', address: '8 Summit Way' });
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = await owner.post('/api/runs', {
    property_id: property.body.id,
    type: 'turnover',
    template_id: template.id,
    ...extra,
  });
  expect(run.status).toBe(201);
  return { run: run.body, cleaner: Cleaner.fromLink(run.body.magic_link) };
}

describe('timers of a run with a due time', () => {
  it('e-mails a reminder before due_at while the run has not started, then raises and e-mails the overdue alert at due_at', async () => {
    const dueAt = new Date(Date.now() + 6_000);
    const { run } = await newRun({ due_at: dueAt.toISOString() });
    const reminder = await waitFor('the reminder', () =>
      api.mailbox.received.find(
        (mail) => mail.to.includes(owner.email) && mail.subject.startsWith('Reminder: Pine Ridge Chalet'),
      ),
    );
    expect(Date.now()).toBeLessThan(dueAt.getTime());
    expect(reminder.text).toContain('has not started yet');
    const overdue = await waitFor('the overdue mail', () =>
      api.mailbox.received.find(
        (mail) => mail.to.includes(owner.email) && mail.subject.startsWith('Overdue: Pine Ridge Chalet'),
      ),
    );
    expect(Date.now()).toBeGreaterThanOrEqual(dueAt.getTime() - 500);
    expect(overdue.text).toContain('overdue alert');
    const alerts = await sql<{ kind: string; severity: string }>('select kind, severity from alerts where run_id = ?', [
      run.id,
    ]);
    expect(alerts).toEqual([{ kind: 'overdue', severity: 'medium' }]);
  });
});

describe('a worker killed during report generation', () => {
  // Slow by design: the retry waits out the render activity's 10 s heartbeat timeout after the kill.
  it('still makes exactly one report and sends exactly one e-mail after it restarts', async () => {
    const { run, cleaner } = await newRun();
    const tasks = (await cleaner.openRun()).body.run.tasks as { id: string; task: { required_media: number } }[];
    for (const [index, task] of tasks.entries()) {
      for (let n = 0; n < task.task.required_media; n += 1) {
        await cleaner.uploadPhoto(task.id, await cameraPhoto(`kill-${index}-${n}`, 1200, 900));
      }
      await cleaner.tick(task.id, { comment: `Task ${index + 1} done` });
    }
    expect((await cleaner.completeWhenAccepted()).status).toBe(200);

    const generating = await waitFor('the report to start generating', async () => {
      const rows = await sql<{ status: string }>('select status from reports where run_id = ?', [run.id]);
      return rows[0];
    });
    await worker.kill();
    expect(generating.status).toBe('generating');
    const mailsBeforeRestart = api.mailbox.received.filter((mail) =>
      mail.subject.startsWith('Inspection report: Pine Ridge'),
    );
    expect(mailsBeforeRestart).toHaveLength(0);

    worker = await startWorkerProcess(api);
    await waitFor(
      'the report e-mail after the restart',
      () => api.mailbox.received.find((mail) => mail.subject.startsWith('Inspection report: Pine Ridge')),
      90_000,
    );
    // Give a duplicate every chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const reports = await sql<{ status: string; metered_at: Date | null }>(
      'select status, metered_at from reports where run_id = ?',
      [run.id],
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]?.status).toBe('ready');
    expect(reports[0]?.metered_at).not.toBeNull();
    expect(
      api.mailbox.received.filter((mail) => mail.subject.startsWith('Inspection report: Pine Ridge')),
    ).toHaveLength(1);
    const [usage] = await sql<{ reports_this_period: number }>(
      'select reports_this_period from billing_accounts where user_id = ?',
      [owner.userId],
    );
    expect(usage?.reports_this_period).toBe(1);
  }, 180_000);
});
