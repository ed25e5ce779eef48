// The API process (after main.ts): connects to PostgreSQL and Temporal, serves HTTP, stops cleanly on SIGINT/SIGTERM.
import { createMailer } from '@turnproof/platform/mailer';
import { stopTracing } from '@turnproof/platform/tracing';
import { configuredMediaStorage } from '@turnproof/platform/configured-storage';
import { createStripeClient } from '@turnproof/platform/stripe';
import { createTextSender } from '@turnproof/platform/twilio-messages';
import { createPushSender } from '@turnproof/platform/web-push-sender';
import { consoleRunUrl, loadConfig } from '@turnproof/config';
import { createLogger } from '@turnproof/config/logger';
import { createOrm } from '@turnproof/db';
import { connectTemporal } from '@turnproof/temporal/client';
import { createApp } from './app.ts';
import { reconcileAdminRoles } from './auth/admin-role.ts';
import { RateLimits } from './auth/rate-limits.ts';
import { OutboxRelay } from './outbox/outbox-relay.ts';
import { drainable } from './http/drain.ts';
import { createHttpMetrics, serveMetrics } from './http/metrics.ts';
import { registerOutboxGauges } from './http/outbox-metrics.ts';
import { sweepDemoRunsHourly } from './site/demo-run.ts';

const config = loadConfig();
const logger = createLogger(config, 'api');
// A bug that escapes a request must not take every other request down with it; it is logged loudly.
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
const orm = await createOrm(config.DATABASE_URL);
// ADMIN_EMAILS may have changed since the last start: the list decides who is admin now.
await reconcileAdminRoles(orm.em.fork(), config.ADMIN_EMAILS);
// Lazy: the API serves everything that does not need Temporal while Temporal is away.
const { client, connection } = await connectTemporal(config, { lazy: true });
const rateLimits = new RateLimits(config.DATABASE_URL);
const push = createPushSender(config);
const outbox = new OutboxRelay({
  orm,
  temporal: client,
  logger,
  hostPushes: { push, runUrl: (runId) => consoleRunUrl(config.publicOrigin, runId) },
  webhooks: { taskQueue: config.TEMPORAL_TASK_QUEUE },
}).start();
const metrics = createHttpMetrics();
registerOutboxGauges(metrics.registry, orm);
const storage = configuredMediaStorage(config);
await storage.prepare?.();
const stopDemoSweep = sweepDemoRunsHourly({ orm, temporal: client, storage, logger });
const app = createApp({
  config,
  orm,
  temporal: client,
  mailer: createMailer(config),
  rateLimits,
  logger,
  storage,
  outbox,
  stripe: createStripeClient(config),
  texts: createTextSender(config),
  push,
  metrics,
});
const metricsServer = config.METRICS_PORT
  ? await serveMetrics(metrics.registry, config.METRICS_PORT, config.METRICS_HOST)
  : undefined;
if (metricsServer) logger.info({ host: config.METRICS_HOST, port: config.METRICS_PORT }, 'API metrics at /metrics');

const server = app.listen(config.PORT, () => {
  logger.info({ port: config.PORT, origin: config.publicOrigin }, 'API listening');
});
const drain = drainable(server);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'API stopping');
  // Requests in flight are answered before the pools they use close (a rolling restart loses none).
  const drained = drain.drain();
  stopDemoSweep();
  await outbox.stop();
  metricsServer?.close();
  const { cut } = await drained;
  if (cut) logger.warn('API stopped with requests still running after the drain time');
  await Promise.allSettled([orm.close(), connection.close(), rateLimits.close()]);
  // The spans of the last requests, still buffered, go out before the process ends.
  await stopTracing().catch(() => undefined);
  logger.info('API stopped');
  // Non-zero when answers were cut short: a supervisor or a deploy sees the drain was not clean.
  process.exit(cut ? 1 : 0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
