// `npm start`: the whole system on one machine with local defaults. Migrates and seeds the database,
// starts (or reuses) Temporal, builds the front ends, runs the worker and the API, prints the URLs,
// and stops everything on Ctrl-C.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '@turnproof/config';
import { isPostgresReachable, prepareDatabase, startEmbeddedPostgres } from '@turnproof/db';
import {
  bootstrapTemporal,
  connectTemporal,
  isTemporalReachable,
  parseAddress,
  startDevServer,
  WORKER_PROCESS_ENV,
} from '@turnproof/temporal';
import { API_NODE_FLAGS, API_PROCESS_ENV } from '../api/src/api-process.ts';
import { frontEndsAreFresh } from './lib/front-end-freshness.ts';
import { keepAlive, waitFor } from './lib/processes.ts';
import { startReaper } from './lib/reaper.ts';
import { ensureVapidKeys } from './lib/vapid-keys.ts';

if (ensureVapidKeys() === 'written') console.log('Wrote a VAPID key pair for browser notifications into .env.');
const config = loadConfig();
// Stops what this process started if it is killed before it can (SIGKILL): see scripts/lib/reaper.ts.
const reaper = startReaper();
const stops: (() => Promise<void>)[] = [];
let stopping = false;

async function stopAll(exitCode: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Turnproof...');
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  console.log('Stopped.');
  process.exit(exitCode);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

const isLocalHost = (host: string) => ['127.0.0.1', 'localhost', '0.0.0.0', '::1'].includes(host);

async function database() {
  if (!(await isPostgresReachable(config.DATABASE_URL))) {
    if (!isLocalHost(new URL(config.DATABASE_URL).hostname)) {
      throw new Error(`No PostgreSQL answers at ${config.DATABASE_URL}.`);
    }
    console.log(
      `No PostgreSQL answers at ${config.DATABASE_URL}: starting an embedded one (data in ${config.DATA_DIR}/postgres).`,
    );
    const embedded = await startEmbeddedPostgres(config.DATABASE_URL, config.DATA_DIR, (line) =>
      console.log(`[postgres] ${line}`),
    );
    stops.push(() => embedded.stop());
  }
  const orm = await prepareDatabase(config.DATABASE_URL);
  await orm.close();
  console.log('Database migrated and seeded.');
}

async function temporal() {
  if (await isTemporalReachable(config.TEMPORAL_ADDRESS)) {
    console.log(`Using the Temporal server at ${config.TEMPORAL_ADDRESS}.`);
  } else {
    const { host } = parseAddress(config.TEMPORAL_ADDRESS);
    if (!isLocalHost(host)) {
      throw new Error(`No Temporal server answers at ${config.TEMPORAL_ADDRESS}.`);
    }
    console.log('Starting the Temporal dev server (the first start may install the Temporal CLI)...');
    const server = await startDevServer({
      address: config.TEMPORAL_ADDRESS,
      uiPort: config.TEMPORAL_UI_PORT,
      dataDir: config.DATA_DIR,
      namespace: config.TEMPORAL_NAMESPACE,
      log: (line) => console.log(`[temporal] ${line}`),
      onSpawn: (pid) => reaper.adopt(pid),
    });
    stops.push(async () => {
      await server.stop();
      reaper.release(server.pid);
    });
  }
  // Search attributes and the daily and weekly schedules.
  const client = await connectTemporal(config);
  await bootstrapTemporal(client, config).finally(() => client.connection.close());
}

async function buildFrontEnds() {
  // A machine whose front ends a build step made (CI, an image) says so; a build here would replace the
  // files other processes are serving.
  if (process.env.FRONT_ENDS_PREBUILT === 'true') return;
  if (await frontEndsAreFresh(path.resolve(import.meta.dirname, '..'))) {
    console.log('The front ends are built and up to date.');
    return;
  }
  console.log('Building the front ends...');
  execSync('npm run --silent build:web', { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The worker and the API are started again when they die (with back-off); the rest keeps running. */
function startProcess(
  name: string,
  entry: string,
  env: Record<string, string> = {},
  nodeFlags: readonly string[] = [],
): void {
  // tsx as a loader in the same process: a tsx wrapper process would relay Ctrl-C on its own terms.
  const kept = keepAlive(
    name,
    process.execPath,
    [...nodeFlags, '--import', 'tsx', entry],
    { ...process.env, ...env },
    { reaper },
  );
  stops.push(() => kept.stop());
}

async function apiHealthy(): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${config.PORT}/api/health`);
  return response.ok;
}

try {
  await database();
  await temporal();
  await buildFrontEnds();
  startProcess('worker', 'temporal/src/worker-main.ts', WORKER_PROCESS_ENV);
  startProcess('api', 'api/src/main.ts', API_PROCESS_ENV, API_NODE_FLAGS);
  await waitFor('the API to report database and Temporal up', apiHealthy, 60_000);
  const uiPort = config.TEMPORAL_UI_PORT;
  console.log(
    [
      '',
      'Turnproof is running.',
      `  App:          ${config.publicOrigin}/`,
      `  API health:   ${config.publicOrigin}/api/health`,
      `  OpenAPI:      ${config.publicOrigin}/api/openapi.json`,
      `  Temporal UI:  http://localhost:${uiPort}/ (when started here)`,
      `  Mail:         ${config.SMTP_URL ? config.SMTP_URL : path.resolve(config.outboxDir) + '/*.eml'}`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
} catch (error) {
  console.error(`Turnproof could not start: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll(1);
}
