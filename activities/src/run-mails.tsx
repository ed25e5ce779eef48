/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { MailMessage } from '@turnproof/platform/mailer';
import { formatDateTime, formatDay } from '@turnproof/config/time-format';
import { Items, MailLayout, Quote, renderMail, Text, Url } from '@turnproof/platform/mail';

/** The e-mails a run sends to its host, in one place so their wording is easy to find and change. */

const kindLabels = { turnover: 'Turnover', move_in: 'Move-In Inspection', move_out: 'Move-Out Inspection' } as const;
export const runKindLabel = (kind: keyof typeof kindLabels) => kindLabels[kind];

/** Times are shown in the property's time zone (UTC, named, when none is known). */
const when = (iso: Date | string, timeZone?: string) => formatDateTime(iso, timeZone);

interface RunMailContext {
  propertyName: string;
  kind: keyof typeof kindLabels;
  runUrl: string;
  timeZone?: string;
}

const reminderSubject = (run: {
  propertyName: string;
  kind: keyof typeof kindLabels;
  dueAt: Date;
  timeZone?: string;
}) => `Reminder: ${run.propertyName} ${runKindLabel(run.kind)} is due at ${when(run.dueAt, run.timeZone)}`;

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const lowerKind = (run: { kind: keyof typeof kindLabels }) => runKindLabel(run.kind).toLowerCase();

function LabelledLink({ url, label = 'Checklist link' }: { url: string; label?: string }) {
  return (
    <Text>
      {label}: <Url href={url} />
    </Text>
  );
}

export function dueReminderMail(to: string, run: RunMailContext & { dueAt: Date }): MailMessage {
  const sentence = `The ${lowerKind(run)} at ${run.propertyName} is due at ${when(run.dueAt, run.timeZone)} and has not started yet.`;
  return {
    to,
    subject: reminderSubject(run),
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <LabelledLink url={run.runUrl} />
      </MailLayout>,
    ),
  };
}

/**
 * The same reminder for the team member the run is assigned to: the console link means nothing to a
 * cleaner, so it points to the checklist link of their assignment e-mail.
 */
export function assigneeReminderMail(to: string, run: Omit<RunMailContext, 'runUrl'> & { dueAt: Date }): MailMessage {
  const sentence = `The ${lowerKind(run)} at ${run.propertyName} assigned to you is due at ${when(run.dueAt, run.timeZone)} and has not started yet.`;
  return {
    to,
    subject: reminderSubject(run),
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <Text>
          Open the checklist with the link in your assignment e-mail for {run.propertyName}; no account is needed.
        </Text>
      </MailLayout>,
    ),
  };
}

export function overdueMail(to: string, run: RunMailContext & { dueAt: Date }): MailMessage {
  const sentence = `The ${lowerKind(run)} at ${run.propertyName} was due at ${when(run.dueAt, run.timeZone)} and is not completed.`;
  return {
    to,
    subject: `Overdue: ${run.propertyName} ${runKindLabel(run.kind)} was due at ${when(run.dueAt, run.timeZone)}`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence} It now shows an overdue alert in your dashboard.</Text>
        <LabelledLink url={run.runUrl} />
      </MailLayout>,
    ),
  };
}

/** An issue's place on the host's run page (the console gives each issue the anchor `issue-{id}`). */
export const issueUrl = (runUrl: string, issueId: string) => `${runUrl}#issue-${issueId}`;

interface ReportedIssue {
  severity: string;
  description: string;
  taskTitle: string | null;
  /** The issue on the host's run page, where it is resolved or turned into a follow-up run. */
  url: string;
}

export function issueMail(to: string, run: RunMailContext, issue: ReportedIssue): MailMessage {
  const sentence = `Your cleaner reported a ${issue.severity}-severity issue during the ${lowerKind(run)} at ${run.propertyName}${issue.taskTitle ? ` (task: ${issue.taskTitle})` : ''}:`;
  return {
    to,
    subject: `High-severity issue reported at ${run.propertyName}`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <Quote text={issue.description} />
        <LabelledLink url={issue.url} label="See and resolve the issue" />
      </MailLayout>,
    ),
  };
}

/** Several high-severity issues of one run in one mail (they are coalesced, at most one mail per interval). */
export function issuesMail(to: string, run: RunMailContext, issues: ReportedIssue[]): MailMessage {
  if (issues.length === 1) return issueMail(to, run, issues[0]!);
  const sentence = `Your cleaner reported ${issues.length} high-severity issues during the ${lowerKind(run)} at ${run.propertyName}:`;
  return {
    to,
    subject: `${issues.length} high-severity issues reported at ${run.propertyName}`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <Items
          items={issues.map((issue) => (
            <>
              {`${issue.taskTitle ? `${issue.taskTitle}: ` : ''}${issue.description}`}
              <br />
              <Url href={issue.url} />
            </>
          ))}
        />
        <Text>Each link opens the issue on the run's page, where you resolve it or turn it into a follow-up run.</Text>
      </MailLayout>,
    ),
  };
}

/** '2 issues, 1 high:' — how many the cleaner reported, and how many of them are high severity. */
export function issueTally(issues: { severity: string }[]): string {
  if (issues.length === 0) return 'No issues were reported.';
  const high = issues.filter((issue) => issue.severity === 'high').length;
  return `${count(issues.length, 'issue')}${high ? `, ${high} high` : ''}:`;
}

export function reportMail(
  to: string,
  run: RunMailContext & { endedAt: Date | null; completionRate: number },
  report: { fileName: string; pdf: Buffer | null; downloadUrl: string },
  issues: Omit<ReportedIssue, 'taskTitle'>[] = [],
): MailMessage {
  const attached = report.pdf !== null;
  const sentence = `The ${lowerKind(run)} at ${run.propertyName} was completed${run.endedAt ? ` at ${when(run.endedAt, run.timeZone)}` : ''} (${run.completionRate}% of tasks). ${issueTally(issues)}`;
  return {
    to,
    subject: `Inspection report: ${run.propertyName} ${runKindLabel(run.kind)} completed`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        {issues.length > 0 && (
          <Items
            items={issues.map((issue) => (
              <>
                {`${issue.description} (${issue.severity})`}
                <br />
                <Url href={issue.url} />
              </>
            ))}
          />
        )}
        {attached ? (
          <Text>The time-stamped PDF report is attached.</Text>
        ) : (
          <Text>
            The PDF report is too large to attach; download it here (sign-in required):{' '}
            <Url href={report.downloadUrl} />
          </Text>
        )}
      </MailLayout>,
    ),
    ...(attached && report.pdf
      ? { attachments: [{ filename: report.fileName, content: report.pdf, contentType: 'application/pdf' }] }
      : {}),
  };
}

export interface WeeklySummary {
  from: Date;
  to: Date;
  /** The owner's zone, for the week's bounds; each run's day is in its property's zone. */
  timeZone: string;
  runs: { propertyName: string; kind: keyof typeof kindLabels; status: string; createdAt: Date; timeZone: string }[];
  issues: { propertyName: string; severity: string; description: string }[];
  reports: number;
  dashboardUrl: string;
}

export function weeklySummaryMail(to: string, summary: WeeklySummary): MailMessage {
  const completed = summary.runs.filter((run) => run.status === 'completed').length;
  const intro = `Your week from ${formatDay(summary.from, summary.timeZone)} to ${formatDay(summary.to, summary.timeZone)}:`;
  return {
    to,
    subject: `Your Turnproof week: ${count(summary.runs.length, 'run')}, ${count(summary.issues.length, 'issue')}, ${count(summary.reports, 'report')}`,
    ...renderMail(
      <MailLayout preview={intro}>
        <Text>{intro}</Text>
        <Text>
          Runs: {summary.runs.length} ({completed} completed)
        </Text>
        {summary.runs.length > 0 && (
          <Items
            items={summary.runs.map(
              (run) =>
                `${run.propertyName}: ${runKindLabel(run.kind)}, ${run.status.replace('_', ' ')} (${formatDay(run.createdAt, run.timeZone)})`,
            )}
          />
        )}
        <Text>Issues: {summary.issues.length}</Text>
        {summary.issues.length > 0 && (
          <Items
            items={summary.issues.map((issue) => `${issue.propertyName} (${issue.severity}): ${issue.description}`)}
          />
        )}
        <Text>Reports: {summary.reports}</Text>
        <LabelledLink url={summary.dashboardUrl} label="Dashboard" />
      </MailLayout>,
    ),
  };
}

/** The ladder's third step: the run has not started by the latest start that still finishes before check-in. */
export function checkInAtRiskMail(
  to: string,
  run: RunMailContext & { dueAt: Date; assigneeName: string | null },
): MailMessage {
  const sentence = `The ${lowerKind(run)} at ${run.propertyName} has not started${run.assigneeName ? ` (assigned to ${run.assigneeName})` : ''}, and the next check-in is at ${when(run.dueAt, run.timeZone)}.`;
  return {
    to,
    subject: `Check-in at risk: ${run.propertyName} ${runKindLabel(run.kind)} has not started`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <Text>Even starting now, it may not be finished in time. Call your cleaner or find someone else.</Text>
        <LabelledLink url={run.runUrl} />
      </MailLayout>,
    ),
  };
}

/** A booking vanished from the calendar after its turnover started: the run stays, the host decides. */
export function calendarOrphanMail(
  to: string,
  run: RunMailContext & { dueAt: Date | null; assigneeName: string | null },
): MailMessage {
  const sentence = `The reservation of the ${lowerKind(run)} at ${run.propertyName}${run.dueAt ? ` (due ${when(run.dueAt, run.timeZone)})` : ''} is gone from the booking calendar.`;
  return {
    to,
    subject: `Booking gone, run kept: ${run.propertyName} ${runKindLabel(run.kind)} already started`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <Text>
          {`${run.assigneeName ?? 'The cleaner'} has already started, so the run was not canceled. Decide whether it goes on.`}
        </Text>
        <LabelledLink url={run.runUrl} label="Run" />
      </MailLayout>,
    ),
  };
}
