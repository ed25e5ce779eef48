import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '@turnproof/config';
import { dropDatabase, prepareDatabase } from '@turnproof/db';
import { connectTemporal, registerSearchAttributes, startDevServer } from '@turnproof/temporal';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
  }
}

type Teardown = () => Promise<void>;

/**
 * Once per `vitest run`: the services every test file shares. Each one sets the environment the
 * test processes read through loadConfig() (workers are forked after this returns and inherit it).
 */
export default async function setup(project: TestProject): Promise<Teardown> {
  const teardowns: Teardown[] = [];
  try {
    teardowns.push(await prepareTestDatabase());
    teardowns.push(await startTemporal(project));
  } catch (error) {
    await runAll(teardowns);
    throw error;
  }
  return () => runAll(teardowns);
}

/** A fresh database for the run (TEST_DATABASE_URL, else DATABASE_URL's server with turnproof_test). */
async function prepareTestDatabase(): Promise<Teardown> {
  const url = new URL(loadConfig().DATABASE_URL);
  url.pathname = '/turnproof_test';
  const databaseUrl = process.env.TEST_DATABASE_URL ?? url.toString();
  await dropDatabase(databaseUrl);
  const orm = await prepareDatabase(databaseUrl);
  await orm.close();
  process.env.DATABASE_URL = databaseUrl;
  return async () => {};
}

/** One Temporal dev server on free ports with a throw-away SQLite file. */
async function startTemporal(project: TestProject): Promise<Teardown> {
  const config = loadConfig();
  const dataDir = await mkdtemp(join(tmpdir(), 'turnproof-temporal-'));
  const address = `127.0.0.1:${await freePort()}`;
  const namespace = config.TEMPORAL_NAMESPACE;
  const server = await startDevServer({ address, uiPort: 0, headless: true, dataDir, namespace });
  try {
    const { connection } = await connectTemporal({
      TEMPORAL_ADDRESS: address,
      TEMPORAL_NAMESPACE: namespace,
    });
    await registerSearchAttributes(connection, namespace).finally(() => connection.close());
  } catch (error) {
    await server.stop();
    throw error;
  }

  process.env.TEMPORAL_ADDRESS = address;
  process.env.TEMPORAL_NAMESPACE = namespace;
  project.provide('temporalAddress', address);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** A port nothing listens on right now (the OS picks it; we release it for the server to take). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Last started, first stopped; one failing teardown does not keep the others from running. */
async function runAll(teardowns: Teardown[]): Promise<void> {
  const errors: unknown[] = [];
  for (const teardown of [...teardowns].reverse()) await teardown().catch((error: unknown) => errors.push(error));
  if (errors.length) throw new AggregateError(errors, 'Test teardown failed');
}
