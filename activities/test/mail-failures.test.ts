// A refused address is told apart from an unreachable mail server: the first fails the activity for
// good (MailRefused, with the server's sentence), the second is left for the retry policy.
import type { AddressInfo } from 'node:net';
import { ApplicationFailure } from '@temporalio/activity';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_REFUSED, refusalAwareMailer } from '../src/mail-failures.ts';
import { createMailer } from '@turnproof/platform/mailer';

let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('nobody@')) {
        return callback(
          Object.assign(new Error('5.1.1 <nobody@example.test>: Recipient address rejected'), { responseCode: 550 }),
        );
      }
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The failures the mailer counted (the worker's `turnproof_mail_failures_total{reason}`). */
let counted: string[] = [];
const mailerAt = (smtpPort: number) => {
  counted = [];
  return refusalAwareMailer(
    createMailer({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Turnproof <no-reply@turnproof.test>',
      outboxDir: '',
    }),
    (reason) => counted.push(reason),
  );
};
const message = (to: string) => ({
  to,
  subject: 'Inspection report',
  text: 'Your report is ready.',
  html: '<p>Your report is ready.</p>',
});

describe('sending mail from an activity', () => {
  it('delivers to an address the server takes', async () => {
    await expect(mailerAt(port).send(message('host@example.test'))).resolves.toBeUndefined();
    expect(counted).toEqual([]);
  });

  it('fails for good, with the server sentence, when the server refuses the address', async () => {
    const failure = await mailerAt(port)
      .send(message('nobody@example.test'))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: MAIL_REFUSED, nonRetryable: true });
    expect(counted).toEqual(['refused']);
    expect((failure as Error).message).toMatch(
      /^The mail server refused the message: 550 5\.1\.1 <nobody@example\.test>/,
    );
  });

  it('leaves an unreachable server to the retry policy', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = new SMTPServer({ authOptional: true });
      probe.listen(0, '127.0.0.1', () => {
        const free = (probe.server.address() as AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });
    const failure = await mailerAt(closed)
      .send(message('host@example.test'))
      .catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(ApplicationFailure);
    expect((failure as Error).message).toMatch(/ECONNREFUSED/);
    expect(counted).toEqual(['unavailable']);
  });
});
