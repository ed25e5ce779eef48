import type { MailMessage } from '@turnproof/activities/mailer';

/** The e-mails team members receive, in one place so their wording is easy to find and change. */

const kindLabels = { turnover: 'turnover', move_in: 'move-in inspection', move_out: 'move-out inspection' } as const;

export function invitationMail(to: string, invite: { ownerName: string; role: string; link: string }): MailMessage {
  return {
    to,
    subject: `${invite.ownerName} invited you to their Turnproof team`,
    text: [
      `${invite.ownerName} invited you to join their team on Turnproof as a ${invite.role.toLowerCase()}.`,
      'Accept the invitation with this link (it works for 14 days):',
      invite.link,
      '',
      'Once you are on the team, the inspections assigned to you arrive by e-mail with their checklist link; no account is needed.',
      'If you do not know the sender, you can ignore this message.',
    ].join('\n'),
  };
}

export function assignmentMail(
  to: string,
  run: {
    ownerName: string;
    propertyName: string;
    kind: keyof typeof kindLabels;
    magicLink: string;
    dueAt: Date | null;
  },
): MailMessage {
  const due = run.dueAt
    ? ` It is due ${run.dueAt.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC.`
    : '';
  return {
    to,
    subject: `New ${kindLabels[run.kind]} at ${run.propertyName}`,
    text: [
      `${run.ownerName} assigned you the ${kindLabels[run.kind]} at ${run.propertyName}.${due}`,
      'Open the checklist on your phone with this link (no account needed):',
      run.magicLink,
    ].join('\n'),
  };
}
