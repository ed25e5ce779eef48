import { type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  /** The text part. */
  text: string;
  /** The HTML part ('' when the mail has none). */
  html: string;
  replyTo: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** A real SMTP server (smtp-server) that keeps what it receives, for tests that read our e-mails. */
export async function startMailbox() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    size: 50 * 1024 * 1024,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address ?? ''));
          received.push({
            to: to.join(','),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            replyTo: mail.replyTo?.value.map((address) => address.address ?? '').join(',') ?? '',
            attachments: mail.attachments.map((attachment) => ({
              filename: attachment.filename ?? '',
              contentType: attachment.contentType,
              content: attachment.content,
            })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /**
     * The newest mail to this address whose subject matches, waiting for delivery: 30 s by default, since most
     * mails come from a workflow's activity, seconds late on a busy 2-core machine.
     */
    async latest(to: string, subject: RegExp, timeoutMs = 30_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/**
 * What a reader of the HTML part sees: the markup without its tags and hidden preview line, entities decoded,
 * spaces squashed. Deliberately not the converter that makes the text part, so the two are checked apart.
 */
export function htmlReading(mail: ReceivedMail): string {
  const entities: Record<string, string> = {
    lt: '<',
    gt: '>',
    amp: '&',
    quot: '"',
    '#x27': "'",
    '#39': "'",
    nbsp: ' ',
  };
  return mail.html
    .replace(/<head>[\s\S]*?<\/head>/, ' ')
    .replace(/<div[^>]*display:none[^>]*>[\s\S]*?<\/div>/, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x27|#39|lt|gt|amp|quot|nbsp);/g, (_all, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The addresses the HTML part's links and buttons open. */
export function hrefsIn(mail: ReceivedMail): string[] {
  return [...mail.html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
}

export function linkIn(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No link in mail "${mail.subject}"`);
  return link;
}
