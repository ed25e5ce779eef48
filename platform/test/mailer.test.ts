import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@turnproof/config';
import { createMailer } from '../src/mailer.ts';

describe('createMailer without SMTP_URL', () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file into the outbox, in sending order', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'turnproof-mailer-'));
    const config = loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'Turnproof <no-reply@turnproof.test>' });
    const mailer = createMailer(config);

    await mailer.send({
      to: 'host@example.com',
      subject: 'Run completed',
      text: 'Your report is ready.',
      html: '<p>Your report is ready.</p>',
    });
    await mailer.send({
      to: 'host@example.com',
      subject: 'Second message',
      text: 'plain',
      html: '<p>rich</p>',
    });

    const files = (await readdir(config.outboxDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);

    const first = await simpleParser(await readFile(join(config.outboxDir, files[0]!)));
    expect(first.subject).toBe('Run completed');
    expect(first.text?.trim()).toBe('Your report is ready.');
    const to = Array.isArray(first.to) ? first.to[0] : first.to;
    expect(to?.value[0]?.address).toBe('host@example.com');
    expect(first.from?.value[0]?.address).toBe('no-reply@turnproof.test');

    const second = await simpleParser(await readFile(join(config.outboxDir, files[1]!)));
    expect(second.subject).toBe('Second message');
    expect(second.html).toContain('<p>rich</p>');
  });
});
