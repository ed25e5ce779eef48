/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Button, Items, MailLayout, Quote, renderMail, Text } from '@turnproof/activities/mail';
import type { MailMessage } from '@turnproof/activities/mailer';

/** Tells the cleaner which tasks the host sent back, with the host's note and the link that opens them. */
export function revisionMail(
  to: string,
  revision: { propertyName: string; taskTitles: string[]; note: string; magicLink: string },
): MailMessage {
  const sentence = `The host sent ${revision.taskTitles.length === 1 ? 'a task' : `${revision.taskTitles.length} tasks`} at ${revision.propertyName} back for revision:`;
  return {
    to,
    subject: `Please revise: ${revision.propertyName}`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <Items items={revision.taskTitles} />
        <Text>Host&apos;s note:</Text>
        <Quote text={revision.note} />
        <Text>Open the checklist again with this link; only these tasks are open:</Text>
        <Button href={revision.magicLink}>{revision.magicLink}</Button>
      </MailLayout>,
    ),
  };
}
