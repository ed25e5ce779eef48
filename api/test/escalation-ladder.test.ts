import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWorkflowId } from '@turnproof/temporal/client';
import { cleanerDeclinedSignal } from '@turnproof/workflows';
import { recordHistory } from '../../temporal/test/support/record-history.ts';
import { Cleaner } from './runner/cleaner.ts';
import { signedInOwner, uniqueEmail } from './support/browser.ts';
import { linkIn } from './support/mailbox.ts';
import { ownerRecords } from './support/owner-records.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { acceptedMember, assignBeforeAcceptance } from './support/team-member.ts';
import { startWorkerProcess, type WorkerProcess } from './support/worker-process.ts';

// Skipped time: 100 ms per task stand for minutes, margins of 6 s and 3 s for hours.
const ladder = { perTaskMs: 100, reminderMarginMs: 6_000, handOverMarginMs: 3_000 };
let api: TestApi;
let worker: WorkerProcess;

beforeAll(async () => {
  api = await startTestApi({
    runDurations: { reminderBeforeDueMs: 2_000, linkReadableAfterCompletionMs: 60_000, ladder },
  });
  worker = await startWorkerProcess(api);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

/** An owner with two cleaners, a property whose backup is the second, and a run assigned to the first. */
async function stuckRunSetup({ backupAccepts = true, dueInMs = 10_000 } = {}) {
  const owner = await signedInOwner(api);
  await ownerRecords(api).grantPlan(owner.userId, 'pro');
  const firstEmail = uniqueEmail('first');
  const backupEmail = uniqueEmail('backup');
  const first = await acceptedMember(api, owner, { email: firstEmail, name: 'Rosa Diaz' });
  const backup = backupAccepts
    ? await acceptedMember(api, owner, { email: backupEmail, name: 'Ana Lima' })
    : (await owner.post('/api/team', { email: backupEmail, name: 'Ana Lima', role: 'Cleaner' })).body;
  const property = (
    await owner.post('/api/properties', {
      name: 'Cliff Cottage',
      address: '3 Gull Way',
      timezone: 'Europe/Lisbon',
      ...(backupAccepts && { backup_assignee_id: backup.id }),
    })
  ).body;
  if (!backupAccepts) await assignBeforeAcceptance(api, property.id, 'backup_assignee', backup.id);
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const taskCount = (template.sections as { tasks: unknown[] }[]).flatMap((section) => section.tasks).length;
  // The reminder 4 s from now, the hand-over at 7 s, the host alert at 10 s, overdue when due.
  const dueAt = new Date(Date.now() + taskCount * ladder.perTaskMs + dueInMs);
  const created = await owner.post('/api/runs', {
    property_id: property.id,
    template_id: template.id,
    due_at: dueAt.toISOString(),
    assigned_to: first.id,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { owner, first, backup, firstEmail, backupEmail, run: created.body, dueAt };
}

interface LadderStep {
  kind: string;
  code: string | null;
  params: Record<string, string | number> | null;
  detail: string;
}

const mailsTo = (to: string, subject: RegExp) =>
  api.mailbox.received.filter((m) => m.to === to && subject.test(m.subject));

describe('the escalation ladder', () => {
  it('reminds, hands over to the backup, alerts the host, then raises overdue: each once and in order', async () => {
    const { owner, backup, firstEmail, backupEmail, run, dueAt } = await stuckRunSetup();
    await api.mailbox.latest(firstEmail, /^New turnover at Cliff Cottage$/);

    const overdue = await api.mailbox.latest(owner.email, /^Overdue: Cliff Cottage/, 40_000);
    expect(overdue.text).toContain('GMT+');
    const reminder = await api.mailbox.latest(firstEmail, /^Reminder: Cliff Cottage Turnover is due/);
    expect(reminder.text).toContain('assigned to you');
    // The backup gets a new link; the one Rosa holds no longer opens the run (security review N10).
    const handedOver = await api.mailbox.latest(backupEmail, /^New turnover at Cliff Cottage$/);
    const backupLink = linkIn(handedOver);
    expect(backupLink).not.toBe(run.magic_link);
    expect(backupLink).toBe((await owner.get(`/api/runs/${run.id}`)).body.magic_link);
    expect((await Cleaner.fromLink(backupLink).openRun()).status).toBe(200);
    const oldLink = await Cleaner.fromLink(run.magic_link).openRun();
    expect([oldLink.status, oldLink.body.error]).toEqual([
      410,
      'This link was replaced: the run was passed to someone else, or its cleaner got a new link. Please ask the host.',
    ]);
    const told = await api.mailbox.latest(firstEmail, /^Cliff Cottage turnover passed to Ana Lima$/);
    expect(told.text).toContain('had not started in time');
    expect(told.text).toContain('Ana Lima has a new checklist link for it, and the link you had no longer opens it.');
    const atRisk = await api.mailbox.latest(owner.email, /^Check-in at risk: Cliff Cottage Turnover has not started$/);
    // By then the run is the backup's.
    expect(atRisk.text).toContain('assigned to Ana Lima');

    // Each step once, and in order.
    await sleep(2_000);
    for (const [to, subject] of [
      [firstEmail, /^Reminder:/],
      [backupEmail, /^New turnover/],
      [firstEmail, /passed to/],
      [owner.email, /^Check-in at risk/],
      [owner.email, /^Overdue/],
    ] as const) {
      expect(mailsTo(to, subject), `${to} ${subject}`).toHaveLength(1);
    }
    const timeline = (await owner.get(`/api/runs/${run.id}/timeline`)).body as LadderStep[];
    // The backup opened the new link, which the timeline tells beside the ladder's steps.
    expect(timeline.find((entry) => entry.kind === 'opened')?.detail).toBe('Ana Lima opened the link.');
    const ladder = timeline.filter((entry) => entry.kind !== 'opened');
    expect(ladder.map((entry) => entry.kind)).toEqual([
      'link_sent',
      'reminded',
      'handed_over',
      'host_alerted',
      'overdue',
    ]);
    expect(ladder[2]!.detail).toBe('Not started: passed from Rosa Diaz to Ana Lima, who got a new link.');
    // The console says each step from its code and params; a due time is ISO, formatted in the property's zone there.
    const due = new Date(run.due_at).toISOString();
    expect(ladder.map(({ code, params }) => ({ code, params }))).toEqual([
      { code: 'link_sent', params: { cleaner: 'Rosa Diaz' } },
      { code: 'reminded', params: { cleaner: 'Rosa Diaz', due } },
      { code: 'handed_over', params: { from: 'Rosa Diaz', backup: 'Ana Lima' } },
      { code: 'host_alerted', params: { due } },
      { code: 'overdue', params: { due } },
    ]);
    expect((await owner.get(`/api/runs/${run.id}`)).body.assigned_to).toBe(backup.id);
    expect(Date.now()).toBeGreaterThanOrEqual(dueAt.getTime());

    // A support engineer finds the run by its escalation step in the Temporal UI.
    await expect
      .poll(
        async () => {
          for await (const execution of api.temporal.workflow.list({
            query: `TurnproofEscalationStep = 'overdue' AND WorkflowId = '${runWorkflowId(run.id)}'`,
          })) {
            return execution.workflowId;
          }
          return null;
        },
        { timeout: 10_000 },
      )
      .toBe(runWorkflowId(run.id));
    if (process.env.RECORD_WORKFLOW_HISTORIES) {
      await recordHistory(api.config, 'inspection-run-ladder', runWorkflowId(run.id));
    }
  }, 90_000);

  it('hands nothing over to a backup who never accepted the invitation (security review N1)', async () => {
    const { owner, first, backupEmail, firstEmail, run } = await stuckRunSetup({ backupAccepts: false });
    await api.mailbox.latest(owner.email, /^Check-in at risk: Cliff Cottage/, 30_000);
    expect(mailsTo(backupEmail, /^New turnover/)).toHaveLength(0);
    expect(mailsTo(firstEmail, /passed to/)).toHaveLength(0);
    const timeline = (await owner.get(`/api/runs/${run.id}/timeline`)).body as LadderStep[];
    const handedOver = timeline.find((entry) => entry.kind === 'handed_over');
    expect(handedOver?.detail).toBe(
      'Not started, and not passed to Ana Lima: Ana Lima has not accepted the team invitation yet, so no e-mail was sent.',
    );
    expect([handedOver?.code, handedOver?.params]).toEqual([
      'handed_over_refused_not_accepted',
      { backup: 'Ana Lima' },
    ]);
    expect((await owner.get(`/api/runs/${run.id}`)).body.assigned_to).toBe(first.id);
    expect((await Cleaner.fromLink(run.magic_link).openRun()).status).toBe(200);
  }, 60_000);

  it('stops at once when the cleaner starts before the hand-over', async () => {
    const { owner, firstEmail, backupEmail, first, run, dueAt } = await stuckRunSetup();
    await api.mailbox.latest(firstEmail, /^Reminder: Cliff Cottage/, 20_000);
    const cleaner = Cleaner.fromLink(run.magic_link);
    const opened = await cleaner.openRun();
    expect((await cleaner.tick(opened.body.run.tasks[0].id)).status).toBe(200);

    // Past the hand-over and the host alert, until the due time.
    await sleep(Math.max(0, dueAt.getTime() - Date.now()) + 1_000);
    expect(mailsTo(backupEmail, /.*/)).toEqual([
      expect.objectContaining({ subject: expect.stringMatching(/invited you/) }),
    ]);
    expect(mailsTo(firstEmail, /passed to/)).toHaveLength(0);
    expect(mailsTo(owner.email, /^Check-in at risk/)).toHaveLength(0);
    const timeline = (await owner.get(`/api/runs/${run.id}/timeline`)).body as { kind: string }[];
    expect(timeline.map((entry) => entry.kind).slice(0, 2)).toEqual(['link_sent', 'reminded']);
    expect(timeline.map((entry) => entry.kind)).not.toContain('handed_over');
    expect((await owner.get(`/api/runs/${run.id}`)).body).toMatchObject({
      assigned_to: first.id,
      status: 'in_progress',
    });
  }, 90_000);

  it('passes the run to the backup at once when the cleaner declines, and alerts the host at once when the backup does', async () => {
    // Due in an hour: without the declines, nothing would happen for the next hour.
    const { owner, backup, firstEmail, backupEmail, run } = await stuckRunSetup({ dueInMs: 3_600_000 });
    await api.mailbox.latest(firstEmail, /^New turnover at Cliff Cottage$/);
    const workflow = api.temporal.workflow.getHandle(runWorkflowId(run.id));

    await workflow.signal(cleanerDeclinedSignal);
    const offer = await api.mailbox.latest(backupEmail, /^New turnover at Cliff Cottage$/, 15_000);
    expect(linkIn(offer)).toBe((await owner.get(`/api/runs/${run.id}`)).body.magic_link);
    expect((await owner.get(`/api/runs/${run.id}`)).body.assigned_to).toBe(backup.id);
    expect(mailsTo(owner.email, /^Check-in at risk/)).toHaveLength(0);

    await workflow.signal(cleanerDeclinedSignal);
    const atRisk = await api.mailbox.latest(
      owner.email,
      /^Check-in at risk: Cliff Cottage Turnover has not started$/,
      15_000,
    );
    expect(atRisk.text).toContain('assigned to Ana Lima');
    // No reminder went to a cleaner who had said no.
    expect(mailsTo(firstEmail, /^Reminder:/)).toHaveLength(0);
    const timeline = (await owner.get(`/api/runs/${run.id}/timeline`)).body as { kind: string }[];
    expect(timeline.map((entry) => entry.kind)).toEqual(['link_sent', 'handed_over', 'host_alerted']);
    if (process.env.RECORD_WORKFLOW_HISTORIES) {
      await recordHistory(api.config, 'inspection-run-ladder-declines', runWorkflowId(run.id));
    }
  }, 60_000);
});
