/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Fragment } from 'react';
import { formatDateTime } from '@turnproof/config/time-format';
import type { MailMessage } from './mailer.ts';
import { Button, MailLayout, Text } from './mail/components.tsx';
import { renderMail } from './mail/render.ts';

/** The e-mails a cleaner receives about a run assigned to them, in one place for their wording. */

const kindLabels = { turnover: 'turnover', move_in: 'move-in inspection', move_out: 'move-out inspection' } as const;
type Kind = keyof typeof kindLabels;

interface AssignedRun {
  propertyName: string;
  kind: Kind;
  dueAt: Date | null;
  /** The property's IANA time zone: times are shown in it. */
  timeZone?: string;
}

const dueSentence = (run: AssignedRun) => (run.dueAt ? ` It is due ${formatDateTime(run.dueAt, run.timeZone)}.` : '');

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
function AccessLines({ accessCode, notes }: PropertyAccess) {
  return (
    <>
      {accessCode && (
        <Text>
          Access code: <strong>{accessCode}</strong>
        </Text>
      )}
      {notes && (
        <Text>
          Property notes:
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
): MailMessage {
  const sentence = `${run.ownerName} assigned you the ${kindLabels[run.kind]} at ${run.propertyName}.${dueSentence(run)}`;
  return {
    to,
    subject: `New ${kindLabels[run.kind]} at ${run.propertyName}`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <AccessLines {...run.access} />
        <Text>Open the checklist on your phone with this link (no account needed):</Text>
        <Button href={run.magicLink}>{run.magicLink}</Button>
      </MailLayout>,
    ),
  };
}

/** To the cleaner a run was taken from when it had not started in time (the backup has the link now). */
export function handedOverMail(to: string, run: AssignedRun & { backupName: string }): MailMessage {
  const sentence = `The ${kindLabels[run.kind]} at ${run.propertyName} had not started in time, so it now goes to ${run.backupName}.${dueSentence(run)}`;
  return {
    to,
    subject: `${run.propertyName} ${kindLabels[run.kind]} passed to ${run.backupName}`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <Text>
          {run.backupName} has a new checklist link for it, and the link you had no longer opens it. You do not need to
          go.
        </Text>
      </MailLayout>,
    ),
  };
}

/** The reservation behind a calendar run was cancelled: the run and its link are gone. */
export function runCanceledMail(to: string, run: AssignedRun): MailMessage {
  const sentence = `The ${kindLabels[run.kind]} at ${run.propertyName}${run.dueAt ? ` due ${formatDateTime(run.dueAt, run.timeZone)}` : ''} is canceled: the booking behind it was cancelled.`;
  return {
    to,
    subject: `Canceled: ${kindLabels[run.kind]} at ${run.propertyName}`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <Text>Its checklist link no longer works. You do not need to go.</Text>
      </MailLayout>,
    ),
  };
}
