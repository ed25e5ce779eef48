import type { MailMessage } from '@turnproof/activities/mailer';

/** Tells the cleaner which tasks the host sent back, with the host's note and the link that opens them. */
export function revisionMail(
  to: string,
  revision: { propertyName: string; taskTitles: string[]; note: string; magicLink: string },
): MailMessage {
  return {
    to,
    subject: `Please revise: ${revision.propertyName}`,
    text: [
      `The host sent ${revision.taskTitles.length === 1 ? 'a task' : `${revision.taskTitles.length} tasks`} at ${revision.propertyName} back for revision:`,
      ...revision.taskTitles.map((title) => `- ${title}`),
      '',
      `Host's note: ${revision.note}`,
      '',
      'Open the checklist again with this link; only these tasks are open:',
      revision.magicLink,
    ].join('\n'),
  };
}
