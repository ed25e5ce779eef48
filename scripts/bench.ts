// `npm run bench`: performance figures of the foundation, printed (never asserted in tests).
// Runs the real API in-process against a fresh database and a throwaway Temporal dev server.
import type { AddressInfo } from 'node:net';
import { createMailer } from '@turnproof/activities/mailer';
import { createMediaStorage } from '@turnproof/activities/media-storage';
import { loadConfig } from '@turnproof/config';
import { createOrm } from '@turnproof/db';
import { connectTemporal } from '@turnproof/temporal/client';
import { pino } from 'pino';
import { createApp } from '../api/src/app.ts';
import { hashPassword } from '../api/src/auth/passwords.ts';
import { defaultRateLimits, RateLimits, type RateLimitSettings } from '../api/src/auth/rate-limits.ts';
import { freshDatabase, siblingDatabaseUrl, startThrowawayTemporal } from './lib/throwaway-stack.ts';

function percentile(sortedMs: number[], p: number): number {
  return sortedMs[Math.min(sortedMs.length - 1, Math.floor((p / 100) * sortedMs.length))] ?? NaN;
}

/** Runs `total` calls with `concurrency` in flight; prints throughput and latency percentiles. */
async function measure(label: string, total: number, concurrency: number, call: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        const t0 = performance.now();
        await call(index);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(44)} ${String(total).padStart(5)} calls, concurrency ${String(concurrency).padStart(2)}: ` +
      `${(total / seconds).toFixed(0).padStart(5)}/s  p50 ${fmt(percentile(latencies, 50))}  p95 ${fmt(percentile(latencies, 95))}  max ${fmt(latencies.at(-1) ?? NaN)}`,
  );
}

const databaseUrl = siblingDatabaseUrl('turnproof_bench');
await freshDatabase(databaseUrl);
const temporalServer = await startThrowawayTemporal();
const config = loadConfig({
  ...process.env,
  DATABASE_URL: databaseUrl,
  TEMPORAL_ADDRESS: temporalServer.address,
  DATA_DIR: '.data/bench',
});
const orm = await createOrm(databaseUrl);
const temporal = await connectTemporal(config);
const unlimited = Object.fromEntries(
  Object.keys(defaultRateLimits).map((name) => [name, { points: 1e9, durationSeconds: 1 }]),
) as unknown as RateLimitSettings;
const rateLimits = new RateLimits(databaseUrl, unlimited);
const app = createApp({
  config,
  orm,
  temporal: temporal.client,
  mailer: createMailer(config),
  rateLimits,
  logger: pino({ level: 'silent' }),
  storage: createMediaStorage(config.mediaDir),
});
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function call(method: string, path: string, body?: unknown, cookie = '') {
  const response = await fetch(base + path, {
    method,
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { json: text ? JSON.parse(text) : null, cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? '' };
}

try {
  console.log(`Turnproof benchmarks (${new Date().toISOString()}, Node ${process.version})`);
  await measure('argon2id hash (m=19 MiB, t=2, p=1)', 20, 1, async () => {
    await hashPassword('benchmark passphrase');
  });

  const email = `bench-${Date.now()}@example.test`;
  await call('POST', '/api/auth/signup', { email, password: 'benchmark passphrase', full_name: 'Bench' });
  await orm.em.getConnection().execute(`update users set email_confirmed_at = now() where email = ?`, [email]);
  const { cookie } = await call('POST', '/api/auth/login', { email, password: 'benchmark passphrase' });

  await measure('POST /api/properties (with default checklists)', 100, 4, async (i) => {
    await call('POST', '/api/properties', { name: `Bench ${i}`, address: `${i} Bench St` }, cookie);
  });
  await measure('GET /api/properties (25 per page, sorted)', 1000, 10, async (i) => {
    await call('GET', `/api/properties?sort=["name","ASC"]&range=[${i % 75},${(i % 75) + 24}]`, undefined, cookie);
  });
  const properties = (await call('GET', '/api/properties?range=[0,99]', undefined, cookie)).json as { id: string }[];
  const template = (await call('GET', '/api/templates', undefined, cookie)).json[0] as { id: string };
  await measure('POST /api/runs (tasks + run/{id} workflow start)', 100, 4, async (i) => {
    const propertyId = properties[i % properties.length]?.id;
    await call('POST', '/api/runs', { property_id: propertyId, type: 'turnover', template_id: template.id }, cookie);
  });
  await measure('GET /api/health (database + Temporal)', 500, 10, async () => {
    await call('GET', '/api/health');
  });
  const memory = process.memoryUsage();
  console.log(
    `API process memory after the runs: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`,
  );
} finally {
  server.close();
  server.closeAllConnections();
  await Promise.allSettled([orm.close(), temporal.connection.close(), rateLimits.close()]);
  await temporalServer.stop();
}
