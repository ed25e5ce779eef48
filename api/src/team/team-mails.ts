import type { MailMessage } from '@turnproof/activities/mailer';

/** The e-mails team members receive, in one place so their wording is easy to find and change. */

export { assignmentMail } from '@turnproof/activities/assignment-mails';

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
