// Issue 23, point 7: for a property in America/New_York, everything a person reads (every mail, the report
// PDF, the claim PDF, /verify, the cleaner's schedule page, the console's run, dashboard and analytics pages,
// the analytics answer and the data export's note) shows times in New York's zone with its abbreviation,
// and never says UTC.
import { randomUUID } from 'node:crypto';
import { assignmentMail, handedOverMail, runCanceledMail } from '@turnproof/platform/assignment-mails';
import {
  downgradedMail,
  paymentFailedMail,
  trialNoticeMail,
  usageNoticeMail,
} from '@turnproof/activities/billing-mails';
import { createMailer, type MailMessage } from '@turnproof/platform/mailer';
import {
  assigneeReminderMail,
  checkInAtRiskMail,
  dueReminderMail,
  issueMail,
  overdueMail,
  reportMail,
  weeklySummaryMail,
} from '@turnproof/activities/run-mails';
import { ownerTimeZone } from '@turnproof/db';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisionMail } from '@turnproof/platform/revision-mail';
import { ensureFrontEndsBuilt } from './console/console-build.ts';
import {
  type ConsoleHarness,
  DESKTOP,
  type Owner,
  PHONE_390,
  screenshot,
  startConsoleHarness,
} from './console/console-harness.ts';
import { claimPackZip, pdfText, reportPdf } from './proof/proof-support.ts';
import { Cleaner, completeThroughMagicLink } from './runner/cleaner.ts';
import { uniqueEmail } from './support/browser.ts';
import { htmlReading, type ReceivedMail } from './support/mailbox.ts';
import { ownerRecords } from './support/owner-records.ts';
import { acceptedMember } from './support/team-member.ts';

const ZONE = 'America/New_York';
const ABBREVIATION = /\bE[SD]T\b/;

/** A text a person reads: no time in it says UTC, and where it shows a time the zone is New York's. */
function expectNewYorkTimes(what: string, text: string, showsTime = true) {
  expect(text, `${what} says UTC`).not.toMatch(/\bUTC\b/);
  if (showsTime) expect(text, `${what} shows no EST/EDT`).toMatch(ABBREVIATION);
}

const mailText = (mail: ReceivedMail) => `${mail.subject}\n${mail.text}\n${htmlReading(mail)}`;

let harness: ConsoleHarness;
let owner: Owner;
let property: { id: string; name: string };
let run: { id: string; magic_link: string };
let cleanerEmail: string;
let scheduleLink: string;

beforeAll(async () => {
  ensureFrontEndsBuilt();
  harness = await startConsoleHarness({ worker: true });
  const { api } = harness;
  owner = await harness.owner('flex');
  await ownerRecords(api).grantPlan(owner.userId, 'pro');
  cleanerEmail = uniqueEmail('rosa');
  const rosa = await acceptedMember(api, owner, { email: cleanerEmail, name: 'Rosa Diaz' });
  property = (await owner.post('/api/properties', { name: 'Gull Cottage', address: '1 Dune Road', timezone: ZONE }))
    .body;
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const created = await owner.post('/api/runs', {
    property_id: property.id,
    template_id: template.id,
    assigned_to: rosa.id,
    due_at: new Date(Date.now() + 26 * 3_600_000).toISOString(),
  });
  expect(created.status).toBe(201);
  run = created.body;
  // The schedule lists open runs only: one more, due in two days, stays on it.
  const upcoming = await owner.post('/api/runs', {
    property_id: property.id,
    template_id: template.id,
    assigned_to: rosa.id,
    due_at: new Date(Date.now() + 50 * 3_600_000).toISOString(),
  });
  expect(upcoming.status).toBe(201);
  scheduleLink = (await owner.post(`/api/team/${rosa.id}/schedule-link`)).body.link;

  const cleaner = Cleaner.fromLink(run.magic_link);
  const opened = (await cleaner.openRun()).body.run;
  const issue = await cleaner.http.post('/api/public/issue', {
    token: cleaner.token,
    action_id: randomUUID(),
    runTaskId: opened.tasks[0].id,
    severity: 'high',
    description: 'Bedside lamp broken',
  });
  expect(issue.status).toBe(201);
  await completeThroughMagicLink(cleaner);
  // A browser, a worker and a whole run on a shared machine: more than the default two minutes.
}, 600_000);
afterAll(() => harness?.close(), 300_000);

describe("every time a person reads is in the property's zone, never UTC", () => {
  it('the mails the run sent: assignment, issue alert and the report mail', async () => {
    const { mailbox } = harness.api;
    expectNewYorkTimes(
      'assignment mail',
      mailText(await mailbox.latest(cleanerEmail, /^New turnover at Gull Cottage/)),
    );
    expectNewYorkTimes(
      'issue alert',
      mailText(await mailbox.latest(owner.email, /issue reported at Gull Cottage/)),
      false,
    );
    const report = await mailbox.latest(owner.email, /^Inspection report: Gull Cottage/, 90_000);
    expectNewYorkTimes('report mail', mailText(report));
    const attached = report.attachments.find((file) => file.contentType === 'application/pdf');
    expectNewYorkTimes('report PDF attached to the mail', await pdfText(attached!.content));
    for (const mail of mailbox.received.filter((m) => m.to.includes(owner.email) || m.to.includes(cleanerEmail))) {
      expectNewYorkTimes(`mail "${mail.subject}"`, mailText(mail), false);
    }
  });

  it('every other mail, rendered for this property and owner and read back from the SMTP server', async () => {
    const { api } = harness;
    // The owner set no zone in Settings ('auto'): account-level mails take the zone of their properties.
    const ownerZone = await ownerTimeZone(api.orm.em.fork(), owner.userId);
    expect(ownerZone).toBe(ZONE);
    const mailer = createMailer(api.config);
    const dueAt = new Date('2027-01-20T21:00:00Z');
    const context = {
      propertyName: 'Gull Cottage',
      kind: 'turnover' as const,
      runUrl: `${api.baseUrl}/runs/r1`,
      timeZone: ZONE,
    };
    const plansUrl = `${api.baseUrl}/subscription`;
    const mails: [string, (to: string) => MailMessage, boolean][] = [
      ['due reminder', (to) => dueReminderMail(to, { ...context, dueAt }, 'en'), true],
      ['assignee reminder', (to) => assigneeReminderMail(to, { ...context, dueAt }), true],
      ['overdue', (to) => overdueMail(to, { ...context, dueAt }, 'en'), true],
      ['check-in at risk', (to) => checkInAtRiskMail(to, { ...context, dueAt, assigneeName: 'Rosa Diaz' }, 'en'), true],
      ['handed over', (to) => handedOverMail(to, { ...context, dueAt, backupName: 'Ben Cruz' }), true],
      ['canceled', (to) => runCanceledMail(to, { ...context, dueAt }), true],
      [
        'assignment',
        (to) =>
          assignmentMail(to, {
            ...context,
            dueAt,
            ownerName: 'Test Owner',
            magicLink: run.magic_link,
            access: { accessCode: null, notes: null },
          }),
        true,
      ],
      [
        'issue',
        (to) =>
          issueMail(to, context, { severity: 'high', description: 'Lamp', taskTitle: null, url: context.runUrl }, 'en'),
        false,
      ],
      [
        'report',
        (to) =>
          reportMail(
            to,
            { ...context, endedAt: dueAt, completionRate: 100 },
            { fileName: 'r.pdf', pdf: null, downloadUrl: context.runUrl },
            [],
            'en',
          ),
        true,
      ],
      [
        'weekly summary',
        (to) =>
          weeklySummaryMail(
            to,
            {
              from: new Date('2027-01-11T05:00:00Z'),
              to: new Date('2027-01-18T05:00:00Z'),
              timeZone: ownerZone,
              runs: [
                {
                  propertyName: 'Gull Cottage',
                  kind: 'turnover',
                  status: 'completed',
                  createdAt: dueAt,
                  timeZone: ZONE,
                },
              ],
              issues: [],
              restock: [],
              restockUrl: context.runUrl,
              reports: 1,
              dashboardUrl: `${api.baseUrl}/dashboard`,
            },
            'en',
          ),
        false,
      ],
      [
        'trial expiring',
        (to) => trialNoticeMail(to, 'expiring', { endsAt: dueAt, plansUrl, timeZone: ownerZone }, 'en'),
        true,
      ],
      [
        'trial ending',
        (to) => trialNoticeMail(to, 'ending_soon', { endsAt: dueAt, plansUrl, timeZone: ownerZone }, 'en'),
        true,
      ],
      ['payment failed', (to) => paymentFailedMail(to, 'pro', dueAt, plansUrl, ownerZone, 'en'), true],
      ['downgraded', (to) => downgradedMail(to, 'pro', plansUrl, 'en'), false],
      ['usage', (to) => usageNoticeMail(to, 'approaching', plansUrl, 'en'), false],
      [
        'revision',
        (to) =>
          revisionMail(to, {
            propertyName: 'Gull Cottage',
            tasks: [{ title: 'Oven', note: 'Streaks on the door', rejectedPhotos: 1 }],
            note: 'Streaks',
            magicLink: run.magic_link,
          }),
        false,
      ],
    ];
    for (const [name, make, showsTime] of mails) {
      const to = `${name.replace(/\W+/g, '-')}-${Date.now()}@example.test`;
      const mail = make(to);
      await mailer.send(mail);
      expectNewYorkTimes(`${name} mail`, mailText(await api.mailbox.latest(to, /./)), showsTime);
    }
    // 4:00 PM in New York on Jan 20, 2027 (21:00Z), standard time.
    const overdue = await api.mailbox.latest('overdue-', /^Overdue/);
    expect(overdue.text).toContain('Jan 20, 2027, 4:00 PM EST');
  });

  it('the report PDF as the host downloads it, and the claim PDF of the pack', async () => {
    const { worker } = harness;
    expectNewYorkTimes('report PDF', await pdfText(await reportPdf(owner, run.id, 1, worker)));
    const pack = await claimPackZip(owner, run.id, worker);
    expect(pack.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await pack.arrayBuffer()));
    expectNewYorkTimes('claim PDF', await pdfText(Buffer.from(await zip.file('claim.pdf')!.async('uint8array'))));
  });

  it('/verify, the data export note and the analytics answer', async () => {
    const { api } = harness;
    const verify = await (await fetch(`${api.baseUrl}/verify/${run.id}`, { headers: { Accept: 'text/html' } })).text();
    expectNewYorkTimes('/verify page', verify.replace(/<[^>]+>/g, ' '));

    const exported = await fetch(`${api.baseUrl}/api/account/export`, { headers: { Cookie: owner.cookie } });
    expect(exported.status).toBe(200);
    const archive = await JSZip.loadAsync(Buffer.from(await exported.arrayBuffer()));
    expectNewYorkTimes('export README', await archive.file('README.txt')!.async('string'));

    const analytics = await owner.get('/api/analytics?days=30');
    expect(analytics.status).toBe(200);
    expect(analytics.body.timezone).toBe(ZONE);
    expectNewYorkTimes('analytics answer', JSON.stringify(analytics.body), false);
  });

  it('the cleaner’s schedule page on a phone', async () => {
    const page = await harness.newPage(PHONE_390);
    await page.goto(scheduleLink);
    await page.getByRole('heading', { name: 'Gull Cottage' }).waitFor();
    await screenshot(page, 'time-zone-schedule-390');
    expectNewYorkTimes('schedule page', await page.locator('body').innerText());
    await page.context().close();
  });

  /** The text of a console screen once `ready` shows, in a page of its own (a loaded machine is slow to navigate). */
  async function consoleText(path: string, ready: string, shot?: string) {
    const page = await harness.newPage(DESKTOP, owner);
    await page.goto(harness.url(path), { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await page.getByText(ready).first().waitFor({ timeout: 60_000 });
    if (shot) await screenshot(page, shot);
    const text = await page.locator('body').innerText();
    await page.context().close();
    return text;
  }

  it('the console: the run page, the dashboard and analytics', async () => {
    expectNewYorkTimes('run page', await consoleText(`/runs/${run.id}/show`, 'Report v1 ready.', 'time-zone-run-page'));
    expectNewYorkTimes('dashboard', await consoleText('/dashboard', 'Gull Cottage · Turnover'));
    const analytics = await consoleText('/analytics', 'Recent Activity', 'time-zone-analytics');
    expectNewYorkTimes('analytics page', analytics);
  });
});
