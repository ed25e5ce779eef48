// API process entry: connects to PostgreSQL and Temporal, serves HTTP, stops cleanly on SIGINT/SIGTERM.
import { createMailer } from '@turnproof/activities/mailer';
import { createMediaStorage } from '@turnproof/activities/media-storage';
import { createStripeClient } from '@turnproof/activities/stripe';
import { loadConfig } from '@turnproof/config';
import { createOrm } from '@turnproof/db';
import { connectTemporal } from '@turnproof/temporal/client';
import { pino } from 'pino';
import { createApp } from './app.ts';
import { RateLimits } from './auth/rate-limits.ts';
import { ProgressSignals } from './public/progress-signals.ts';

const config = loadConfig();
const logger = pino({ level: config.LOG_LEVEL, base: { service: 'api' } });
const orm = await createOrm(config.DATABASE_URL);
const { client, connection } = await connectTemporal(config);
const rateLimits = new RateLimits(config.DATABASE_URL);
const progress = new ProgressSignals(client, logger);
const app = createApp({
  config,
  orm,
  temporal: client,
  mailer: createMailer(config),
  rateLimits,
  logger,
  storage: createMediaStorage(config.mediaDir),
  progress,
  stripe: createStripeClient(config),
});

const server = app.listen(config.PORT, () => {
  logger.info({ port: config.PORT, origin: config.publicOrigin }, 'API listening');
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'API stopping');
  server.close();
  server.closeIdleConnections();
  await progress.drained();
  await Promise.allSettled([orm.close(), connection.close(), rateLimits.close()]);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
