/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Button, MailLayout, renderMail, Text } from '@turnproof/platform/mail';
import type { MailMessage } from '@turnproof/platform/mailer';

/** The e-mails team members receive, in one place so their wording is easy to find and change. */

export { assignmentMail, propertyAccess } from '@turnproof/platform/assignment-mails';

export function invitationMail(to: string, invite: { ownerName: string; role: string; link: string }): MailMessage {
  const sentence = `${invite.ownerName} invited you to join their team on Turnproof as a ${invite.role.toLowerCase()}.`;
  return {
    to,
    subject: `${invite.ownerName} invited you to their Turnproof team`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <Text>Accept the invitation with this link (it works for 14 days):</Text>
        <Button href={invite.link}>{invite.link}</Button>
        <Text>
          Once you are on the team, the inspections assigned to you arrive by e-mail with their checklist link; no
          account is needed.
        </Text>
        <Text>If you do not know the sender, you can ignore this message.</Text>
      </MailLayout>,
    ),
  };
}
