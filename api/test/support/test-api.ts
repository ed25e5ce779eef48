import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMailer } from '@turnproof/platform/mailer';
import { configuredMediaStorage } from '@turnproof/platform/configured-storage';
import { createStripeClient } from '@turnproof/platform/stripe';
import { createTextSender } from '@turnproof/platform/twilio-messages';
import { createPushSender } from '@turnproof/platform/web-push-sender';
import {
  consoleRunUrl,
  loadConfig,
  type BillingDurations,
  type CalendarDurations,
  type RunDurations,
  type TrialDurations,
  type WebhookDurations,
} from '@turnproof/config';
import { createOrm } from '@turnproof/db';
import { connectTemporal } from '@turnproof/temporal/client';
import { type DestinationStream, pino } from 'pino';
import { createApp } from '../../src/app.ts';
import { createHttpMetrics } from '../../src/http/metrics.ts';
import { reconcileAdminRoles } from '../../src/auth/admin-role.ts';
import { defaultRateLimits, RateLimits, type RateLimitSettings } from '../../src/auth/rate-limits.ts';
import { OutboxRelay } from '../../src/outbox/outbox-relay.ts';
import { startMailbox } from './mailbox.ts';

const generousLimits: RateLimitSettings = Object.fromEntries(
  Object.keys(defaultRateLimits).map((name) => [name, { points: 100_000, durationSeconds: 60 }]),
) as unknown as RateLimitSettings;

export interface TestApiOptions {
  /** Budgets to tighten; the others stay generous. */
  rateLimits?: Partial<RateLimitSettings>;
  /** Timers of the runs this API creates (seconds in tests). */
  runDurations?: RunDurations;
  /** Timers of the billing workflows this API starts (seconds in tests). */
  billingDurations?: BillingDurations;
  /** More settings, e.g. STRIPE_API_BASE of a stripe-mock. */
  env?: Record<string, string>;
  /** Trial length and reminders of the users this API signs up (seconds in tests). */
  trialDurations?: TrialDurations;
  /** Lifetime of promo credits granted through this API (seconds in tests). */
  promoCreditLifetimeMs?: number;
  /** Poll interval and default turnaround of the calendar workflows this API starts. */
  calendarDurations?: CalendarDurations;
  /** How long a verification is reused before the run's files are hashed again (0: on every view). */
  verificationRecheckMs?: number;
  /** How long a data export waits for a reader that takes nothing before it is cut off. */
  exportIdleTimeoutMs?: number;
  /** Retry timers of the webhook deliveries this API's relay starts (seconds in tests). */
  webhookDurations?: WebhookDurations;
  /** Receives every log line (info and up) as JSON, as production's stdout would; else only errors show. */
  logStream?: DestinationStream;
}

/**
 * The real API on a real socket, against the test database and Temporal dev server of the global
 * setup, sending mail to a real SMTP server, with its own media folder and task queue. Rate limits
 * are generous unless a test asks otherwise.
 */
export async function startTestApi(options: TestApiOptions = {}) {
  const mailbox = await startMailbox();
  // Listen first, so the origin (used in magic links and upload URLs) is known before the app is built.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'turnproof-api-test-'));
  const config = loadConfig({
    ...process.env,
    SMTP_URL: mailbox.url,
    PORT: String(port),
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    TEMPORAL_TASK_QUEUE: `test-${path.basename(dataDir)}`,
    ...options.env,
  });
  const orm = await createOrm(config.DATABASE_URL);
  // ADMIN_EMAILS may have changed since the last start: the list decides who is admin now.
  await reconcileAdminRoles(orm.em.fork(), config.ADMIN_EMAILS);
  const temporal = await connectTemporal(config);
  const rateLimits = new RateLimits(config.DATABASE_URL, { ...generousLimits, ...options.rateLimits });
  const storage = configuredMediaStorage(config);
  const logger = options.logStream
    ? pino({ level: 'info' }, options.logStream)
    : pino({ level: process.env.TEST_LOG_LEVEL ?? 'error' });
  const push = createPushSender(config);
  const outbox = new OutboxRelay({
    orm,
    temporal: temporal.client,
    logger,
    hostPushes: { push, runUrl: (runId) => consoleRunUrl(config.publicOrigin, runId) },
    webhooks: { taskQueue: config.TEMPORAL_TASK_QUEUE, durations: options.webhookDurations },
  }).start();
  const metrics = createHttpMetrics();
  const app = createApp({
    config,
    orm,
    temporal: temporal.client,
    mailer: createMailer(config),
    rateLimits,
    // Unexpected server errors (500s) show up in the test output.
    logger,
    storage,
    outbox,
    runDurations: options.runDurations,
    stripe: createStripeClient(config),
    texts: createTextSender(config),
    push,
    billingDurations: options.billingDurations,
    trialDurations: options.trialDurations,
    promoCreditLifetimeMs: options.promoCreditLifetimeMs,
    calendarDurations: options.calendarDurations,
    metrics,
    verificationRecheckMs: options.verificationRecheckMs,
    exportIdleTimeoutMs: options.exportIdleTimeoutMs,
  });
  server.on('request', app.callback());

  return {
    baseUrl: config.publicOrigin,
    app,
    /** Where the server listens; differs from baseUrl when a test sets PUBLIC_ORIGIN. */
    socketUrl: `http://127.0.0.1:${port}`,
    mailbox,
    orm,
    temporal: temporal.client,
    config,
    storage,
    /** The API's Prometheus series, as main.ts serves them on METRICS_PORT. */
    metrics,
    async close() {
      // A request still open after a grace (a stream its client never read to the end, say) is cut rather than
      // waited for: server.close() closes the idle ones and waits for the rest, and a file's teardown has a deadline.
      const closed = new Promise((resolve) => server.close(resolve));
      const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
      await timedStep('the HTTP server', closed);
      clearTimeout(cut);
      await timedStep('the outbox relay', outbox.stop());
      await timedStep(
        'the database, Temporal, rate-limit and mail connections',
        Promise.allSettled([orm.close(), temporal.connection.close(), rateLimits.close(), mailbox.close()]),
      );
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/** How long close() lets requests still open finish before it cuts their connections. */
const CLOSE_GRACE_MS = 3_000;

/** Awaits one step of close(), and says which it was when it took long (a teardown over its deadline names it). */
async function timedStep<T>(step: string, done: Promise<T>): Promise<T> {
  const started = Date.now();
  const slow = setTimeout(() => console.warn(`Test API close: still waiting for ${step} after 10 s`), 10_000);
  try {
    return await done;
  } finally {
    clearTimeout(slow);
    const took = Date.now() - started;
    if (took > 10_000) console.warn(`Test API close: ${step} took ${took} ms`);
  }
}
