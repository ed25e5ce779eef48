import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '@turnproof/config';
import { safeSubject } from './mail-subject.ts';
import { inSpan } from './tracing/spans.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** Both parts come from one React template (mail/render.ts): every mail has its HTML and its text. */
  text: string;
  html: string;
  /** Where answers go when it is not MAIL_FROM (a contact-form message answers its sender). */
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export type MailerConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'outboxDir'>;

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes an .eml file in the outbox directory. Every
 * subject goes through safeSubject: many carry names that users typed.
 */
export function createMailer(config: MailerConfig): Mailer {
  const transport = config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createOutboxMailer(config);
  const transportName = config.SMTP_URL ? 'smtp' : 'outbox';
  return {
    send: (message) =>
      inSpan('mail.send', { 'mail.transport': transportName }, () =>
        transport.send({ ...message, subject: safeSubject(message.subject) }),
      ),
  };
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    async send(message) {
      await transport.sendMail(message);
    },
  };
}

function createOutboxMailer({ outboxDir, MAIL_FROM }: MailerConfig): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true }, { from: MAIL_FROM });
  let outboxReady: Promise<unknown> | undefined;
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      if (!Buffer.isBuffer(info.message)) throw new Error('Expected the stream transport to buffer the message');
      outboxReady ??= mkdir(outboxDir, { recursive: true });
      await outboxReady;
      const path = join(outboxDir, `${outboxFileStem()}.eml`);
      // Write aside and rename, so whoever watches the outbox never reads half a message.
      await writeFile(`${path}.partial`, info.message);
      await rename(`${path}.partial`, path);
    },
  };
}

let sequence = 0;

/** Sorts by time of sending (then by order within this process); the random tail keeps processes apart. */
function outboxFileStem(): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('.', '');
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
}
