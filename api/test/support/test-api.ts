import { type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createMailer } from '@turnproof/activities/mailer';
import { loadConfig } from '@turnproof/config';
import { createOrm } from '@turnproof/db';
import { connectTemporal } from '@turnproof/temporal/client';
import { pino } from 'pino';
import { createApp } from '../../src/app.ts';
import { defaultRateLimits, RateLimits, type RateLimitSettings } from '../../src/auth/rate-limits.ts';
import { startMailbox } from './mailbox.ts';

const generousLimits: RateLimitSettings = Object.fromEntries(
  Object.keys(defaultRateLimits).map((name) => [name, { points: 100_000, durationSeconds: 60 }]),
) as unknown as RateLimitSettings;

/**
 * The real API on a real socket, against the test database and Temporal dev server of the global
 * setup, sending mail to a real SMTP server. Rate limits are generous unless a test asks otherwise.
 */
export async function startTestApi(options: { rateLimits?: RateLimitSettings } = {}) {
  const mailbox = await startMailbox();
  const config = loadConfig({ ...process.env, SMTP_URL: mailbox.url, PORT: '0' });
  const orm = await createOrm(config.DATABASE_URL);
  const temporal = await connectTemporal(config);
  const rateLimits = new RateLimits(config.DATABASE_URL, options.rateLimits ?? generousLimits);
  const logger = pino({ level: 'silent' });
  const app = createApp({ config, orm, temporal: temporal.client, mailer: createMailer(config), rateLimits, logger });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    mailbox,
    orm,
    temporal: temporal.client,
    config,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await Promise.allSettled([orm.close(), temporal.connection.close(), rateLimits.close(), mailbox.close()]);
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;
