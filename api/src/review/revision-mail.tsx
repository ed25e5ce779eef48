/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Button, Items, MailLayout, Quote, renderMail, Text } from '@turnproof/platform/mail';
import type { MailMessage } from '@turnproof/platform/mailer';

/**
 * Tells the cleaner which tasks the host sent back, each with the host's note on it and how many of its
 * photos were rejected, the note on the whole run, and the link that opens them.
 */
export function revisionMail(
  to: string,
  revision: {
    propertyName: string;
    tasks: { title: string; note: string | null; rejectedPhotos: number }[];
    note: string | null;
    magicLink: string;
  },
): MailMessage {
  const count = revision.tasks.length;
  const sentence = `The host sent ${count === 1 ? 'a task' : `${count} tasks`} at ${revision.propertyName} back for revision:`;
  const rejected = (n: number) => (n ? ` (${n} photo${n === 1 ? '' : 's'} rejected: take new ones)` : '');
  return {
    to,
    subject: `Please revise: ${revision.propertyName}`,
    ...renderMail(
      <MailLayout preview={sentence}>
        <Text>{sentence}</Text>
        <Items
          items={revision.tasks.map(
            (task) => `${task.title}${task.note ? `: ${task.note}` : ''}${rejected(task.rejectedPhotos)}`,
          )}
        />
        {revision.note && (
          <>
            <Text>Host&apos;s note:</Text>
            <Quote text={revision.note} />
          </>
        )}
        <Text>Open the checklist again with this link; only these tasks are open:</Text>
        <Button href={revision.magicLink}>{revision.magicLink}</Button>
      </MailLayout>,
    ),
  };
}
