/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Fragment } from 'react';
import type { Language } from '@turnproof/config/languages';
import { formatDateTime } from '@turnproof/config/time-format';
import { ASSIGNMENT_MAIL_TEXTS } from './assignment-mail-texts.ts';

export { ASSIGNMENT_MAIL_TEXTS };
import type { MailMessage } from './mailer.ts';
import { Button, MailLayout, Text } from './mail/components.tsx';
import { renderMail } from './mail/render.ts';

/**
 * The e-mails a cleaner receives about a run assigned to them, in one place for their wording. Each is written
 * in the cleaner's language (`cleanerLanguage`; texts in `assignment-mail-texts.ts`), its times in the
 * property's zone and in that language's format.
 */

interface AssignedRun {
  propertyName: string;
  kind: 'turnover' | 'move_in' | 'move_out';
  dueAt: Date | null;
  /** The property's IANA time zone: times are shown in it. */
  timeZone?: string;
}

/** A cleaner mail's sentences, the run's kind and due time, in its language. */
function inLanguage(run: AssignedRun, language: Language) {
  const texts = ASSIGNMENT_MAIL_TEXTS[language];
  const time = run.dueAt ? formatDateTime(run.dueAt, run.timeZone, language) : null;
  return {
    texts,
    kind: texts.kinds[run.kind],
    theKind: texts.theKinds[run.kind],
    time,
    due: time ? texts.due(time) : '',
  };
}

/** How the cleaner gets in: the property's access code and notes (parking, where the linens are). */
export interface PropertyAccess {
  accessCode: string | null;
  notes: string | null;
}

/** A property's access code and notes, as the assignment mail takes them. */
export const propertyAccess = (property: { access_code?: string | null; notes?: string | null }): PropertyAccess => ({
  accessCode: property.access_code ?? null,
  notes: property.notes ?? null,
});

/** The access code and notes, each when the host has written one. */
function AccessLines({ accessCode, notes, language }: PropertyAccess & { language: Language }) {
  const texts = ASSIGNMENT_MAIL_TEXTS[language];
  return (
    <>
      {accessCode && (
        <Text>
          {texts.accessCode} <strong>{accessCode}</strong>
        </Text>
      )}
      {notes && (
        <Text>
          {texts.propertyNotes}
          {notes.split('\n').map((line, index) => (
            <Fragment key={index}>
              <br />
              {line}
            </Fragment>
          ))}
        </Text>
      )}
    </>
  );
}

/** The run's link, with what the cleaner needs to get in (the mail goes only to the person it is assigned to). */
export function assignmentMail(
  to: string,
  run: AssignedRun & { ownerName: string; magicLink: string; access: PropertyAccess },
  language: Language = 'en',
): MailMessage {
  const { texts, kind, theKind, due } = inLanguage(run, language);
  const sentence = `${texts.assigned(run.ownerName, theKind, run.propertyName)}${due}`;
  return {
    to,
    subject: texts.assignedSubject(kind, run.propertyName),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <AccessLines {...run.access} language={language} />
        <Text>{texts.openChecklist}</Text>
        <Button href={run.magicLink}>{run.magicLink}</Button>
      </MailLayout>,
    ),
  };
}

/** To the cleaner a run was taken from when it had not started in time (the backup has the link now). */
export function handedOverMail(
  to: string,
  run: AssignedRun & { backupName: string },
  language: Language = 'en',
): MailMessage {
  const { texts, kind, theKind, due } = inLanguage(run, language);
  const sentence = `${texts.handedOver(theKind, run.propertyName, run.backupName)}${due}`;
  return {
    to,
    subject: texts.handedOverSubject(run.propertyName, kind, run.backupName),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Text>{texts.handedOverLink(run.backupName)}</Text>
      </MailLayout>,
    ),
  };
}

/** The reservation behind a calendar run was cancelled: the run and its link are gone. */
export function runCanceledMail(to: string, run: AssignedRun, language: Language = 'en'): MailMessage {
  const { texts, kind, theKind, time } = inLanguage(run, language);
  const sentence = texts.canceled(theKind, run.propertyName, time);
  return {
    to,
    subject: texts.canceledSubject(kind, run.propertyName),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Text>{texts.canceledLink}</Text>
      </MailLayout>,
    ),
  };
}

/** The booking behind the run moved: its new due time, and the link that still opens it. */
export function runRescheduledMail(
  to: string,
  run: AssignedRun & { dueAt: Date; magicLink: string },
  language: Language = 'en',
): MailMessage {
  const { texts, kind, theKind, time } = inLanguage(run, language);
  const sentence = texts.rescheduled(theKind, run.propertyName, time!);
  return {
    to,
    subject: texts.rescheduledSubject(kind, run.propertyName),
    ...renderMail(
      <MailLayout preview={sentence} lang={language}>
        <Text>{sentence}</Text>
        <Text>{texts.rescheduledLink}</Text>
        <Button href={run.magicLink}>{run.magicLink}</Button>
      </MailLayout>,
    ),
  };
}
