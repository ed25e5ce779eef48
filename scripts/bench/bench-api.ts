import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMailer } from '@turnproof/platform/mailer';
import { configuredMediaStorage } from '@turnproof/platform/configured-storage';
import { loadConfig } from '@turnproof/config';
import { createOrm } from '@turnproof/db';
import { connectTemporal } from '@turnproof/temporal/client';
import { pino } from 'pino';
import { createApp } from '../../api/src/app.ts';
import { OutboxRelay } from '../../api/src/outbox/outbox-relay.ts';
import { defaultRateLimits, RateLimits, type RateLimitSettings } from '../../api/src/auth/rate-limits.ts';
import { Cleanup } from './cleanup.ts';

// Benchmarks measure the work behind the endpoints, not the limiter's refusals.
const unlimited = Object.fromEntries(
  Object.keys(defaultRateLimits).map((name) => [name, { points: 1e9, durationSeconds: 1 }]),
) as unknown as RateLimitSettings;

/** Resolves with the port once the server listens on loopback. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return (server.address() as AddressInfo).port;
}

/** Stops accepting, drops keep-alive connections (load generators leave many open) and waits. */
export function closeServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}

/**
 * The real API (`createApp`) on a loopback port, configured from the environment plus `env`: the
 * database and Temporal of the bench, unlimited rate limits, silent logs, mail to the outbox of a
 * temporary DATA_DIR (media too), which `close()` removes, or of BENCH_DATA_DIR, which it leaves.
 */
export async function startBenchApi(env: NodeJS.ProcessEnv = {}) {
  const cleanup = new Cleanup();
  try {
    // Listen first, so that magic links and upload URLs carry the real origin.
    const server = createServer();
    const port = await listenOnLoopback(server);
    cleanup.add(() => closeServer(server));
    // BENCH_DATA_DIR: one the caller owns and shares (a worker process reading the same media).
    const dataDir = process.env.BENCH_DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'turnproof-bench-api-')));
    if (!process.env.BENCH_DATA_DIR) cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      ...process.env,
      SMTP_URL: '',
      ...env,
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
    });
    const orm = await createOrm(config.DATABASE_URL);
    cleanup.add(() => orm.close());
    const temporal = await connectTemporal(config);
    cleanup.add(() => temporal.connection.close());
    const rateLimits = new RateLimits(config.DATABASE_URL, unlimited);
    cleanup.add(() => rateLimits.close());
    const logger = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' });
    const outbox = new OutboxRelay({
      orm,
      temporal: temporal.client,
      logger,
      webhooks: { taskQueue: config.TEMPORAL_TASK_QUEUE },
    }).start();
    cleanup.add(() => outbox.stop());
    const app = createApp({
      config,
      orm,
      temporal: temporal.client,
      mailer: createMailer(config),
      rateLimits,
      logger,
      storage: configuredMediaStorage(config),
      outbox,
      // The benchmarks do not bill.
      stripe: null,
      texts: null,
      push: null,
    });
    server.on('request', app.callback());
    return { port, baseUrl: config.publicOrigin, config, orm, close: () => cleanup.run() };
  } catch (error) {
    await cleanup.run();
    throw error;
  }
}

export type BenchApi = Awaited<ReturnType<typeof startBenchApi>>;
