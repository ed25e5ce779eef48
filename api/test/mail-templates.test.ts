// Every e-mail the system sends, made from its React template and sent through the real mailer to a real
// SMTP server: the text part and the HTML part each say the same sentences and carry the same links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentMail, handedOverMail, runCanceledMail } from '@turnproof/platform/assignment-mails';
import { createMailer, type MailMessage, type Mailer } from '@turnproof/platform/mailer';
import {
  assigneeReminderMail,
  checkInAtRiskMail,
  dueReminderMail,
  issueMail,
  issuesMail,
  overdueMail,
  reportMail,
  weeklySummaryMail,
} from '@turnproof/activities/run-mails';
import {
  downgradedMail,
  paymentFailedMail,
  trialNoticeMail,
  usageNoticeMail,
} from '@turnproof/activities/billing-mails';
import { sendConfirmationMail, sendExistingAccountMail, sendPasswordResetMail } from '../src/auth/auth-mails.tsx';
import { approvalMail } from '@turnproof/platform/approval-mail';
import { revisionMail } from '@turnproof/platform/revision-mail';
import { contactMail } from '../src/site/contact-mail.tsx';
import { invitationMail } from '../src/team/team-mails.tsx';
import { hrefsIn, htmlReading, type Mailbox, startMailbox } from './support/mailbox.ts';

let mailbox: Mailbox;
let mailer: Mailer;
beforeAll(async () => {
  mailbox = await startMailbox();
  mailer = createMailer({ SMTP_URL: mailbox.url, MAIL_FROM: 'Turnproof <no-reply@turnproof.test>', outboxDir: '' });
});
afterAll(() => mailbox.close());

const origin = 'https://turnproof.test';
const dueAt = new Date('2027-01-20T16:00:00Z');
const run = {
  propertyName: 'Gull Cottage',
  kind: 'turnover' as const,
  runUrl: `${origin}/runs/r1`,
  timeZone: 'Europe/Lisbon',
};
const due = 'Jan 20, 2027, 4:00 PM GMT+0';

interface Case {
  mail: MailMessage | (() => Promise<void>);
  subject: RegExp;
  /** Sentences a reader sees in both parts. */
  says: string[];
  /** Addresses written out in the text part and linked in the HTML part. */
  links: string[];
}

const cases: Record<string, (to: string) => Case> = {
  'due reminder': (to) => ({
    mail: dueReminderMail(to, { ...run, dueAt }, 'en'),
    subject: /^Reminder: Gull Cottage Turnover is due at/,
    says: [`The turnover at Gull Cottage is due at ${due} and has not started yet.`, 'Checklist link:'],
    links: [run.runUrl],
  }),
  'assignee reminder': (to) => ({
    mail: assigneeReminderMail(to, { ...run, dueAt }),
    subject: /^Reminder:/,
    says: ['assigned to you is due at', 'the link in your assignment e-mail for Gull Cottage; no account is needed.'],
    links: [],
  }),
  overdue: (to) => ({
    mail: overdueMail(to, { ...run, dueAt }, 'en'),
    subject: /^Overdue: Gull Cottage/,
    says: [`was due at ${due} and is not completed.`, 'It now shows an overdue alert in your dashboard.'],
    links: [run.runUrl],
  }),
  'one issue': (to) => ({
    mail: issueMail(
      to,
      run,
      {
        severity: 'high',
        description: 'Water under the sink',
        taskTitle: 'Kitchen',
        url: `${run.runUrl}#issue-i1`,
      },
      'en',
    ),
    subject: /^High-severity issue reported at Gull Cottage$/,
    says: [
      'Your cleaner reported a high-severity issue during the turnover at Gull Cottage (task: Kitchen):',
      'Water under the sink',
      'See and resolve the issue:',
    ],
    links: [`${run.runUrl}#issue-i1`],
  }),
  'several issues': (to) => ({
    mail: issuesMail(
      to,
      run,
      [
        { severity: 'high', description: 'Broken window', taskTitle: 'Bedroom', url: `${run.runUrl}#issue-i1` },
        { severity: 'high', description: 'No hot water', taskTitle: null, url: `${run.runUrl}#issue-i2` },
      ],
      'en',
    ),
    subject: /^2 high-severity issues reported at Gull Cottage$/,
    says: ['reported 2 high-severity issues', 'Bedroom: Broken window', 'No hot water'],
    links: [`${run.runUrl}#issue-i1`, `${run.runUrl}#issue-i2`],
  }),
  'report attached': (to) => ({
    mail: reportMail(
      to,
      { ...run, endedAt: dueAt, completionRate: 100 },
      { fileName: 'report.pdf', pdf: Buffer.from('%PDF-1.7'), downloadUrl: `${origin}/api/runs/r1/report` },
      [],
      'en',
    ),
    subject: /^Inspection report: Gull Cottage Turnover completed$/,
    says: [
      `was completed at ${due} (100% of tasks). No issues were reported.`,
      'The time-stamped PDF report is attached.',
    ],
    links: [],
  }),
  'report with issues': (to) => ({
    mail: reportMail(
      to,
      { ...run, endedAt: dueAt, completionRate: 100 },
      { fileName: 'report.pdf', pdf: Buffer.from('%PDF-1.7'), downloadUrl: `${origin}/api/runs/r1/report` },
      [
        { severity: 'high', description: 'Bedside lamp broken', url: `${run.runUrl}#issue-i1` },
        { severity: 'low', description: 'Towel frayed', url: `${run.runUrl}#issue-i2` },
      ],
      'en',
    ),
    subject: /^Inspection report: Gull Cottage Turnover completed$/,
    says: ['(100% of tasks). 2 issues, 1 high:', 'Bedside lamp broken (high)', 'Towel frayed (low)'],
    links: [`${run.runUrl}#issue-i1`, `${run.runUrl}#issue-i2`],
  }),
  'report too large': (to) => ({
    mail: reportMail(
      to,
      { ...run, endedAt: null, completionRate: 80 },
      { fileName: 'report.pdf', pdf: null, downloadUrl: `${origin}/api/runs/r1/report` },
      [],
      'en',
    ),
    subject: /^Inspection report:/,
    says: ['(80% of tasks)', 'download it here (sign-in required):'],
    links: [`${origin}/api/runs/r1/report`],
  }),
  'weekly summary': (to) => ({
    mail: weeklySummaryMail(
      to,
      {
        from: new Date('2027-01-11T00:00:00Z'),
        to: new Date('2027-01-18T00:00:00Z'),
        timeZone: 'Europe/Lisbon',
        runs: [
          {
            propertyName: 'Summary Loft',
            kind: 'turnover',
            status: 'in_progress',
            createdAt: dueAt,
            timeZone: 'Europe/Lisbon',
          },
        ],
        issues: [{ propertyName: 'Summary Loft', severity: 'low', description: 'Scuffed wall' }],
        reports: 3,
        restock: [
          { propertyName: 'Summary Loft', name: 'Toilet paper', unit: 'rolls', parLevel: 12, needed: 9 },
          { propertyName: 'Summary Loft', name: 'Coffee pods', unit: 'pods', parLevel: 20, needed: null },
        ],
        restockUrl: `${origin}/restock`,
        dashboardUrl: `${origin}/dashboard`,
      },
      'en',
    ),
    subject: /^Your Turnproof week: 1 run, 1 issue, 3 reports$/,
    says: [
      'Your week from Jan 11, 2027 to Jan 18, 2027:',
      'Summary Loft: Turnover, in progress',
      'Summary Loft (low): Scuffed wall',
      'Reports: 3',
      'To restock: 2 supplies below par',
      'Summary Loft: Toilet paper, bring 9 rolls',
      'Summary Loft: Coffee pods, low (par 20 pods)',
    ],
    links: [`${origin}/restock`, `${origin}/dashboard`],
  }),
  'check-in at risk': (to) => ({
    mail: checkInAtRiskMail(to, { ...run, dueAt, assigneeName: 'Ana Lima' }, 'en'),
    subject: /^Check-in at risk: Gull Cottage Turnover has not started$/,
    says: ['has not started (assigned to Ana Lima)', 'Call your cleaner or find someone else.'],
    links: [run.runUrl],
  }),
  'trial expiring': (to) => ({
    mail: trialNoticeMail(
      to,
      'expiring',
      {
        endsAt: dueAt,
        plansUrl: `${origin}/subscription`,
        timeZone: run.timeZone,
      },
      'en',
    ),
    subject: /^Trial Expiring \(3 days left/,
    says: [`Trial Expiring: your free trial of Turnproof ends on ${due} (3 days left).`],
    links: [`${origin}/subscription`],
  }),
  'trial ending soon': (to) => ({
    mail: trialNoticeMail(
      to,
      'ending_soon',
      {
        endsAt: dueAt,
        plansUrl: `${origin}/subscription`,
        timeZone: run.timeZone,
      },
      'en',
    ),
    subject: /^Trial Ending Soon! \(1 day left/,
    says: ['Trial Ending Soon!: your free trial', 'Pick one to keep your work flowing:'],
    links: [`${origin}/subscription`],
  }),
  'approaching report limit': (to) => ({
    mail: usageNoticeMail(to, 'approaching', `${origin}/subscription`, 'en'),
    subject: /^Approaching report limit$/,
    says: ['You have used 80% of the reports your plan gives you this month.', 'Plans and usage:'],
    links: [`${origin}/subscription`],
  }),
  'report limit reached': (to) => ({
    mail: usageNoticeMail(to, 'limit_reached', `${origin}/subscription`, 'en'),
    subject: /^Report limit reached$/,
    says: ['You have reached your limit. Upgrade to continue', 'are made as soon as you upgrade.'],
    links: [`${origin}/subscription`],
  }),
  'payment failed': (to) => ({
    mail: paymentFailedMail(to, 'pro', dueAt, `${origin}/subscription`, run.timeZone, 'en'),
    subject: /^Payment failed: update your card to keep Turnproof Pro$/,
    says: [
      'We could not collect the payment for your Turnproof Pro plan.',
      `Your plan stays active until ${due}`,
      'Update your payment method',
    ],
    links: [`${origin}/subscription`],
  }),
  downgraded: (to) => ({
    mail: downgradedMail(to, 'pro', `${origin}/subscription`, 'en'),
    subject: /^Your Turnproof plan is now Flex$/,
    says: ['so your account moved to Flex.', 'keeps photos for 30 days.', 'Choose a plan again:'],
    links: [`${origin}/subscription`],
  }),
  assignment: (to) => ({
    mail: assignmentMail(to, {
      ...run,
      dueAt,
      ownerName: 'Test Owner',
      magicLink: `${origin}/r/token1`,
      access: { accessCode: 'Lockbox 4821', notes: 'Park in bay 12.\nLinens in the hall closet.' },
    }),
    subject: /^New turnover at Gull Cottage$/,
    says: [
      `Test Owner assigned you the turnover at Gull Cottage. It is due ${due}.`,
      'Access code: Lockbox 4821',
      'Park in bay 12.',
      'Linens in the hall closet.',
      '(no account needed)',
    ],
    links: [`${origin}/r/token1`],
  }),
  'handed over': (to) => ({
    mail: handedOverMail(to, { ...run, dueAt, backupName: 'Ben Cruz' }),
    subject: /^Gull Cottage turnover passed to Ben Cruz$/,
    says: [
      'had not started in time, so it now goes to Ben Cruz.',
      'the link you had no longer opens it. You do not need to go.',
    ],
    links: [],
  }),
  canceled: (to) => ({
    mail: runCanceledMail(to, { ...run, dueAt }),
    subject: /^Canceled: turnover at Gull Cottage$/,
    says: [`due ${due} is canceled: the booking behind it was cancelled.`, 'You do not need to go.'],
    links: [],
  }),
  'account confirmation': (to) => ({
    mail: () => sendConfirmationMail(mailer, to, 'Pat', `${origin}/api/auth/confirm?token=abc&x=1`, 'en'),
    subject: /^Confirm your Turnproof account$/,
    says: ['Hi Pat,', 'Please confirm your e-mail address to finish creating your account:', 'If you did not sign up'],
    links: [`${origin}/api/auth/confirm?token=abc&x=1`],
  }),
  'password reset': (to) => ({
    mail: () => sendPasswordResetMail(mailer, to, `${origin}/password-reset?step=reset&token=t`, 'en'),
    subject: /^Reset your Turnproof password$/,
    says: ['It expires in 1 hour and works once:', 'your password stays as it is.'],
    links: [`${origin}/password-reset?step=reset&token=t`],
  }),
  'existing account': (to) => ({
    mail: () => sendExistingAccountMail(mailer, to, origin, 'en'),
    subject: /^Your Turnproof account$/,
    says: ['which already has one.', 'If it was not you, ignore this message: nothing has changed.'],
    links: [`${origin}/auth`, `${origin}/password-reset`],
  }),
  invitation: (to) => ({
    mail: invitationMail(to, { ownerName: 'Test Owner', role: 'Cleaner', link: `${origin}/api/team/accept?token=i` }),
    subject: /^Test Owner invited you to their Turnproof team$/,
    says: ['Test Owner invited you to join their team on Turnproof as a cleaner.', 'it works for 14 days'],
    links: [`${origin}/api/team/accept?token=i`],
  }),
  revision: (to) => ({
    mail: revisionMail(to, {
      propertyName: 'Gull Cottage',
      tasks: [
        { title: 'Oven', note: 'Grease on the door', rejectedPhotos: 1 },
        { title: 'Windows', note: null, rejectedPhotos: 0 },
      ],
      note: 'Streaks left',
      magicLink: `${origin}/r/token2`,
    }),
    subject: /^Please revise: Gull Cottage$/,
    says: [
      'The host sent 2 tasks at Gull Cottage back for revision:',
      'Oven: Grease on the door (1 photo rejected: take new ones)',
      'Windows',
      "Host's note:",
      'Streaks left',
    ],
    links: [`${origin}/r/token2`],
  }),
  'approval (Spanish, the property in New York)': (to) => ({
    mail: approvalMail(
      to,
      {
        propertyName: 'Gull Cottage',
        approvedAt: new Date('2026-03-10T15:30:00Z'),
        timeZone: 'America/New_York',
        score: 4,
        note: 'Impecable',
      },
      'es',
    ),
    subject: /^Aprobado: Gull Cottage$/,
    says: [
      'El anfitrión aprobó tu trabajo en Gull Cottage el 10 mar 2026, 11:30 EDT.',
      'Puntuación: 4 de 5.',
      'Impecable',
    ],
    links: [],
  }),
  contact: (to) => ({
    mail: contactMail(to, {
      name: 'Dana',
      email: 'dana@example.test',
      subject: 'Two units',
      message: 'Do you support two units?',
    }),
    subject: /^Contact: Two units$/,
    says: ['From: Dana <dana@example[.]test>', 'Subject: Two units', 'Do you support two units?'],
    links: [],
  }),
};

describe('every e-mail has a text part and an HTML part from one React template', () => {
  for (const [name, make] of Object.entries(cases)) {
    it(`${name}: both parts say the same and link the same`, async () => {
      const to = `${name.replace(/\W+/g, '-')}-${Date.now()}@example.test`;
      const { mail, subject, says, links } = make(to);
      await (typeof mail === 'function' ? mail() : mailer.send(mail));
      const received = await mailbox.latest(to, subject);

      expect(received.text).not.toMatch(/<\/?(p|a|div|td|table|br)\b/);
      expect(received.html).toMatch(/^<!DOCTYPE html>/i);
      const reading = htmlReading(received);
      for (const sentence of says) {
        expect(received.text).toContain(sentence);
        expect(reading).toContain(sentence);
      }
      for (const link of links) {
        expect(received.text).toContain(link);
        expect(hrefsIn(received)).toContain(link);
      }
    });
  }

  it('shows what users typed as text in the HTML part, never as markup', async () => {
    const to = `markup-${Date.now()}@example.test`;
    await mailer.send(
      issueMail(
        to,
        { ...run, propertyName: 'Villa <b>Bold</b>' },
        {
          severity: 'high',
          description: '<script>alert(1)</script>\nSecond line',
          taskTitle: null,
          url: `${run.runUrl}#issue-i1`,
        },
        'en',
      ),
    );
    const received = await mailbox.latest(to, /High-severity issue/);
    expect(received.html).not.toContain('<script>');
    expect(received.html).not.toContain('<b>Bold</b>');
    expect(htmlReading(received)).toContain('<script>alert(1)</script> Second line');
    expect(received.text).toContain('Villa <b>Bold</b>');
    expect(received.text).toContain('<script>alert(1)</script>\nSecond line');
  });
});
