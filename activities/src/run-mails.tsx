/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@turnproof/config/languages';
import type { RunKind, RunStatus } from '@turnproof/db';
import type { MailMessage } from '@turnproof/platform/mailer';
import type { ClaimPlatform } from '@turnproof/platform/claim-deadline';
import { formatDateTime, formatDay } from '@turnproof/config/time-format';
import { ASSIGNMENT_MAIL_TEXTS } from '@turnproof/platform/assignment-mails';
import { Items, MailLayout, Quote, renderMail, Text, Url } from '@turnproof/platform/mail';
import { RUN_MAIL_TEXTS, type RunMailTexts, type Severity } from './run-mail-texts.ts';

/**
 * The e-mails a run sends to its host, in one place so their wording is easy to find and change. Each is
 * written in the host's language (`hostLanguage`), its times in the property's time zone (UTC, named, when
 * none is known) and in that language's format.
 */

interface RunMailContext {
  propertyName: string;
  kind: RunKind;
  runUrl: string;
  timeZone?: string;
}

/** A host mail's sentences and time format, in its language. */
function inLanguage(language: Language) {
  const texts = RUN_MAIL_TEXTS[language];
  return {
    texts,
    when: (at: Date | string, timeZone?: string) => formatDateTime(at, timeZone, language),
    kindLabel: (run: { kind: RunKind }) => texts.kinds[run.kind],
    kindInSentence: (run: { kind: RunKind }) => texts.kindsInSentence[run.kind],
  };
}

function LabelledLink({ url, label }: { url: string; label: string }) {
  return (
    <Text>
      {label} <Url href={url} />
    </Text>
  );
}

export function dueReminderMail(to: string, run: RunMailContext & { dueAt: Date }, language: Language): MailMessage {
  const { texts, when, kindLabel, kindInSentence } = inLanguage(language);
  const time = when(run.dueAt, run.timeZone);
  const sentence = texts.dueReminder(kindInSentence(run), run.propertyName, time);
  return {
    to,
    subject: texts.reminderSubject(run.propertyName, kindLabel(run), time),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <LabelledLink url={run.runUrl} label={texts.checklistLink} />
      </MailLayout>,
    ),
  };
}

/**
 * The same reminder for the team member the run is assigned to, in their language (`cleanerLanguage`): the
 * console link means nothing to a cleaner, so it points to the checklist link of their assignment e-mail.
 */
export function assigneeReminderMail(
  to: string,
  run: Omit<RunMailContext, 'runUrl'> & { dueAt: Date },
  language: Language = 'en',
): MailMessage {
  const { texts, when, kindLabel } = inLanguage(language);
  const cleaner = ASSIGNMENT_MAIL_TEXTS[language];
  const time = when(run.dueAt, run.timeZone);
  const sentence = cleaner.reminder(cleaner.theKinds[run.kind], run.propertyName, time);
  return {
    to,
    subject: texts.reminderSubject(run.propertyName, kindLabel(run), time),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Text>{cleaner.reminderLink(run.propertyName)}</Text>
      </MailLayout>,
    ),
  };
}

export function overdueMail(to: string, run: RunMailContext & { dueAt: Date }, language: Language): MailMessage {
  const { texts, when, kindLabel, kindInSentence } = inLanguage(language);
  const time = when(run.dueAt, run.timeZone);
  const sentence = texts.overdue(kindInSentence(run), run.propertyName, time);
  return {
    to,
    subject: texts.overdueSubject(run.propertyName, kindLabel(run), time),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>
          {sentence} {texts.overdueAlert}
        </Text>
        <LabelledLink url={run.runUrl} label={texts.checklistLink} />
      </MailLayout>,
    ),
  };
}

/** An issue's place on the host's run page (the console gives each issue the anchor `issue-{id}`). */
export const issueUrl = (runUrl: string, issueId: string) => `${runUrl}#issue-${issueId}`;

interface ReportedIssue {
  severity: Severity;
  description: string;
  taskTitle: string | null;
  /** The issue on the host's run page, where it is resolved or turned into a follow-up run. */
  url: string;
}

export function issueMail(to: string, run: RunMailContext, issue: ReportedIssue, language: Language): MailMessage {
  const { texts, kindInSentence } = inLanguage(language);
  const sentence = texts.issue(
    texts.severities[issue.severity],
    kindInSentence(run),
    run.propertyName,
    issue.taskTitle,
  );
  return {
    to,
    subject: texts.issueSubject(run.propertyName),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Quote text={issue.description} />
        <LabelledLink url={issue.url} label={texts.seeIssue} />
      </MailLayout>,
    ),
  };
}

/** "Guest still here": the host hears at once, with the time in the property's zone and the slack left. */
export function guestPresentMail(
  to: string,
  run: RunMailContext,
  notice: { reportedAt: Date; note: string; slackMinutes: number | null },
  language: Language,
): MailMessage {
  const { texts, when } = inLanguage(language);
  const sentence = texts.guestPresent(run.propertyName, when(notice.reportedAt, run.timeZone));
  return {
    to,
    subject: texts.guestPresentSubject(run.propertyName),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        {notice.note ? <Quote text={notice.note} /> : null}
        {notice.slackMinutes === null ? null : <Text>{texts.guestPresentSlack(notice.slackMinutes)}</Text>}
        <LabelledLink url={run.runUrl} label={texts.seeRun} />
      </MailLayout>,
    ),
  };
}

/** Several high-severity issues of one run in one mail (they are coalesced, at most one mail per interval). */
export function issuesMail(to: string, run: RunMailContext, issues: ReportedIssue[], language: Language): MailMessage {
  if (issues.length === 1) return issueMail(to, run, issues[0]!, language);
  const { texts, kindInSentence } = inLanguage(language);
  const sentence = texts.issues(issues.length, kindInSentence(run), run.propertyName);
  return {
    to,
    subject: texts.issuesSubject(issues.length, run.propertyName),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
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
        <Text>{texts.eachIssueLink}</Text>
      </MailLayout>,
    ),
  };
}

/** '2 issues, 1 high:' — how many the cleaner reported, and how many of them are high severity. */
function issueTally(texts: RunMailTexts, issues: { severity: Severity }[]): string {
  if (issues.length === 0) return texts.noIssues;
  return texts.issueTally(issues.length, issues.filter((issue) => issue.severity === 'high').length);
}

export function reportMail(
  to: string,
  run: RunMailContext & { endedAt: Date | null; completionRate: number },
  report: { fileName: string; pdf: Buffer | null; downloadUrl: string },
  issues: Omit<ReportedIssue, 'taskTitle'>[],
  language: Language,
): MailMessage {
  const { texts, when, kindLabel, kindInSentence } = inLanguage(language);
  const attached = report.pdf !== null;
  const sentence = texts.reportCompleted(
    kindInSentence(run),
    run.propertyName,
    run.endedAt ? when(run.endedAt, run.timeZone) : null,
    run.completionRate,
    issueTally(texts, issues),
  );
  return {
    to,
    subject: texts.reportSubject(run.propertyName, kindLabel(run)),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        {issues.length > 0 && (
          <Items
            items={issues.map((issue) => (
              <>
                {texts.reportIssue(issue.description, texts.severities[issue.severity])}
                <br />
                <Url href={issue.url} />
              </>
            ))}
          />
        )}
        {attached ? (
          <Text>{texts.reportAttached}</Text>
        ) : (
          <Text>
            {texts.reportTooLarge} <Url href={report.downloadUrl} />
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
  runs: { propertyName: string; kind: RunKind; status: RunStatus; createdAt: Date; timeZone: string }[];
  issues: { propertyName: string; severity: Severity; description: string }[];
  reports: number;
  /** Supplies below par now (each supply's newest count), across the host's properties. */
  restock: { propertyName: string; name: string; unit: string; parLevel: number; needed: number | null }[];
  restockUrl: string;
  dashboardUrl: string;
}

export function weeklySummaryMail(to: string, summary: WeeklySummary, language: Language): MailMessage {
  const { texts, kindLabel } = inLanguage(language);
  const day = (at: Date, timeZone: string) => formatDay(at, timeZone, 'medium', language);
  const completed = summary.runs.filter((run) => run.status === 'completed').length;
  const intro = texts.week(day(summary.from, summary.timeZone), day(summary.to, summary.timeZone));
  return {
    to,
    subject: texts.weekSubject(summary.runs.length, summary.issues.length, summary.reports),
    ...renderMail(
      <MailLayout preview={intro} lang={language}>
        <Text>{intro}</Text>
        <Text>{texts.weekRuns(summary.runs.length, completed)}</Text>
        {summary.runs.length > 0 && (
          <Items
            items={summary.runs.map((run) =>
              texts.weekRun(
                run.propertyName,
                kindLabel(run),
                texts.statuses[run.status],
                day(run.createdAt, run.timeZone),
              ),
            )}
          />
        )}
        <Text>{texts.weekIssues(summary.issues.length)}</Text>
        {summary.issues.length > 0 && (
          <Items
            items={summary.issues.map((issue) =>
              texts.weekIssue(issue.propertyName, texts.severities[issue.severity], issue.description),
            )}
          />
        )}
        <Text>{texts.weekReports(summary.reports)}</Text>
        {summary.restock.length > 0 && (
          <>
            <Text>{texts.weekRestock(summary.restock.length)}</Text>
            <Items
              items={summary.restock.map((line) =>
                texts.weekRestockLine(line.propertyName, line.name, line.needed, line.unit, line.parLevel),
              )}
            />
            <LabelledLink url={summary.restockUrl} label={texts.restockLink} />
          </>
        )}
        <LabelledLink url={summary.dashboardUrl} label={texts.dashboard} />
      </MailLayout>,
    ),
  };
}

/** The ladder's third step: the run has not started by the latest start that still finishes before check-in. */
export function checkInAtRiskMail(
  to: string,
  run: RunMailContext & { dueAt: Date; assigneeName: string | null },
  language: Language,
): MailMessage {
  const { texts, when, kindLabel, kindInSentence } = inLanguage(language);
  const sentence = texts.atRisk(kindInSentence(run), run.propertyName, run.assigneeName, when(run.dueAt, run.timeZone));
  return {
    to,
    subject: texts.atRiskSubject(run.propertyName, kindLabel(run)),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Text>{texts.atRiskAdvice}</Text>
        <LabelledLink url={run.runUrl} label={texts.checklistLink} />
      </MailLayout>,
    ),
  };
}

/** The claim clock's reminder: the damage claim must reach the booking platform by its deadline. */
export function claimDeadlineMail(
  to: string,
  run: RunMailContext & { deadlineAt: Date; daysLeft: number; platform: ClaimPlatform },
  language: Language,
): MailMessage {
  const { texts, when, kindInSentence } = inLanguage(language);
  const time = when(run.deadlineAt, run.timeZone);
  const sentence = texts.claimDeadline(kindInSentence(run), run.propertyName, time);
  return {
    to,
    subject: texts.claimDeadlineSubject(run.propertyName, time),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>
          {sentence} {texts.claimDaysLeft(run.daysLeft)}
        </Text>
        <Text>{texts.claimRules[run.platform]}.</Text>
        <Text>{texts.claimAdvice}</Text>
        <LabelledLink url={run.runUrl} label={texts.runLink} />
      </MailLayout>,
    ),
  };
}

/** A booking vanished from the calendar after its turnover started: the run stays, the host decides. */
export function calendarOrphanMail(
  to: string,
  run: RunMailContext & { dueAt: Date | null; assigneeName: string | null },
  language: Language,
): MailMessage {
  const { texts, when, kindLabel, kindInSentence } = inLanguage(language);
  const sentence = texts.orphan(
    kindInSentence(run),
    run.propertyName,
    run.dueAt ? when(run.dueAt, run.timeZone) : null,
  );
  return {
    to,
    subject: texts.orphanSubject(run.propertyName, kindLabel(run)),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Text>{texts.orphanStarted(run.assigneeName)}</Text>
        <LabelledLink url={run.runUrl} label={texts.runLink} />
      </MailLayout>,
    ),
  };
}
