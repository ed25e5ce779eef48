import { randomUUID } from 'node:crypto';
import { RUN_ISSUES_MAX } from '@turnproof/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeThroughMagicLink, Cleaner } from '../runner/cleaner.ts';
import { signedInOwner } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { acceptedMember } from '../support/team-member.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
const budget = (points: number) => ({ points, durationSeconds: 3600 });
const limits = { invitationMailsPerOwner: 5, assignmentMailsPerOwner: 4, reportRegenerationsPerRun: 2 };
const issueMailIntervalMs = 4_000;

let api: TestApi;
let worker: WorkerProcess;
let records: ReturnType<typeof ownerRecords>;
beforeAll(async () => {
  api = await startTestApi({
    rateLimits: {
      invitationMailsPerOwner: budget(limits.invitationMailsPerOwner),
      assignmentMailsPerOwner: budget(limits.assignmentMailsPerOwner),
      reportRegenerationsPerRun: budget(limits.reportRegenerationsPerRun),
    },
    runDurations: { reminderBeforeDueMs: 1_000, linkReadableAfterCompletionMs: 600_000, issueMailIntervalMs },
  });
  worker = await startWorkerProcess(api);
  records = ownerRecords(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

async function professionalOwner() {
  const owner = await signedInOwner(api);
  await records.grantPlan(owner.userId, 'pro');
  return owner;
}

async function newRun(owner: Owner) {
  const property = await owner.post('/api/properties', { name: 'Harbor Loft', address: '3 Pier Ave' });
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = await owner.post('/api/runs', {
    property_id: property.body.id,
    type: 'turnover',
    template_id: template.id,
  });
  expect(run.status, JSON.stringify(run.body)).toBe(201);
  return { run: run.body as { id: string; magic_link: string }, cleaner: Cleaner.fromLink(run.body.magic_link) };
}

const mailsTo = (address: string, subject: RegExp) =>
  api.mailbox.received.filter((mail) => mail.to.includes(address) && subject.test(mail.subject));
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}\n${worker.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('invitation mails', () => {
  it('100 resends give at most the budget of mails, then 429; a URL in the sender name never reaches the subject', async () => {
    const owner = await professionalOwner();
    await owner.put('/api/profile', { display_name: 'Security notice:\r\nverify at http://evil.example/login now' });
    const victim = `victim-${randomUUID()}@example.test`;
    const invited = await owner.post('/api/team', { email: victim, role: 'Cleaner' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const statuses: number[] = [];
    for (let n = 0; n < 100; n += 1)
      statuses.push((await owner.post(`/api/team/${invited.body.id}/invitation`)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(limits.invitationMailsPerOwner - 1);
    expect(statuses.slice(limits.invitationMailsPerOwner - 1).every((status) => status === 429)).toBe(true);
    const refused = await owner.post(`/api/team/${invited.body.id}/invitation`);
    expect(refused.body.error).toMatch(/^Too many invitation e-mails sent\. Please wait/);

    await settle();
    const mails = mailsTo(victim, /invited you/);
    expect(mails).toHaveLength(limits.invitationMailsPerOwner);
    expect(mails[0]!.subject).toBe('Security notice: verify at now invited you to their Turnproof team');
    expect(mails[0]!.subject).not.toMatch(/evil\.example|http/);
  });
});

describe('assignment mails', () => {
  it('re-assigning a run over and over sends at most the budget of mails, then 429 and the run stays as it was', async () => {
    const owner = await professionalOwner();
    const cleanerEmail = `cleaner-${randomUUID()}@example.test`;
    const member = await acceptedMember(api, owner, { email: cleanerEmail, name: 'Rosa Diaz' });
    const { run } = await newRun(owner);
    const statuses: number[] = [];
    for (let n = 0; n < 50; n += 1) {
      statuses.push((await owner.put(`/api/runs/${run.id}`, { assigned_to: n % 2 === 0 ? member.id : null })).status);
    }
    // Unassigning sends no mail and spends nothing; every assignment spends one.
    const assignments = statuses.filter((_, n) => n % 2 === 0);
    expect(assignments.filter((status) => status === 200)).toHaveLength(limits.assignmentMailsPerOwner);
    expect(assignments.slice(limits.assignmentMailsPerOwner).every((status) => status === 429)).toBe(true);
    await settle();
    expect(mailsTo(cleanerEmail, /^New turnover/).length).toBeLessThanOrEqual(limits.assignmentMailsPerOwner);
    expect((await owner.get(`/api/runs/${run.id}`)).body.assigned_to).toBeNull();
  });
});

describe('high-severity issue mails', () => {
  it('a run’s full allowance of high issues sends a bounded number of mails (one per run per interval), listing every issue', async () => {
    const owner = await signedInOwner(api);
    const { cleaner } = await newRun(owner);
    await cleaner.openRun();
    const started = Date.now();
    const report = (n: number) =>
      cleaner.http.post('/api/public/issue', {
        token: cleaner.token,
        action_id: randomUUID(),
        severity: 'high',
        description: `Leak number ${n}`,
      });
    for (let n = 0; n < RUN_ISSUES_MAX; n += 1) expect((await report(n)).status).toBe(201);
    // Past the per-run cap (L10) nothing more is accepted, so nothing more is mailed.
    expect((await report(RUN_ISSUES_MAX)).status).toBe(429);
    const listed = () =>
      mailsTo(owner.email, /high-severity issue/i).flatMap((mail) => mail.text.match(/Leak number \d+/g) ?? []);
    await waitFor(
      'every issue in a mail',
      () => (new Set(listed()).size === RUN_ISSUES_MAX ? true : undefined),
      90_000,
    );
    const elapsed = Date.now() - started;
    const mails = mailsTo(owner.email, /high-severity issue/i);
    expect(mails.length).toBeLessThanOrEqual(Math.ceil(elapsed / issueMailIntervalMs) + 1);
    expect(mails.length).toBeLessThan(20);
    expect(mails.at(-1)!.subject).toMatch(/^\d+ high-severity issues reported at Harbor Loft$/);
  });
});

describe('report regeneration', () => {
  it('is throttled per run: past the budget the owner gets 429 and no new version', async () => {
    const owner = await signedInOwner(api);
    const { run, cleaner } = await newRun(owner);
    await completeThroughMagicLink(cleaner);
    const versions = () =>
      owner.get(`/api/runs/${run.id}/reports`).then((answer) => answer.body as { version: number; status: string }[]);
    await waitFor('the first report', async () => ((await versions())[0]?.status === 'ready' ? true : undefined));
    for (let n = 0; n < limits.reportRegenerationsPerRun; n += 1) {
      expect((await owner.post(`/api/runs/${run.id}/reports`)).status).toBe(202);
      const expected = n + 2;
      await waitFor(`version ${expected}`, async () =>
        (await versions()).some((r) => r.version === expected) ? true : undefined,
      );
    }
    const refused = await owner.post(`/api/runs/${run.id}/reports`);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many report regenerations for this inspection\. Please wait/);
    expect((await versions()).length).toBe(limits.reportRegenerationsPerRun + 1);
  });
});
