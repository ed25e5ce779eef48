// Short-lived services on free ports for the tests, the smoke run and the benchmarks.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Connection } from '@temporalio/client';
import { loadConfig } from '@turnproof/config';
import { dropDatabase, prepareDatabase } from '@turnproof/db';
import { connectTemporal, ensureNamespace, registerSearchAttributes, startDevServer } from '@turnproof/temporal';
import pg from 'pg';

/** A port nothing listens on right now (the OS picks it; we release it for the real server). */
export function freePort(): Promise<number> {
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

/**
 * DATABASE_URL's server with another database name, suffixed with this checkout's folder name
 * (e.g. turnproof_test_main), so two checkouts on one machine can run their tests at the same time.
 */
export function siblingDatabaseUrl(name: string): string {
  const checkout = path.basename(path.resolve(import.meta.dirname, '../..'));
  const suffix = checkout.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  const url = new URL(loadConfig().DATABASE_URL);
  url.pathname = `/${`${name}_${suffix}`.slice(0, 63)}`;
  return url.toString();
}

/** Drops and rebuilds the database: empty, migrated, seeded. */
export async function freshDatabase(databaseUrl: string): Promise<void> {
  await dropDatabase(databaseUrl);
  const orm = await prepareDatabase(databaseUrl);
  await orm.close();
}

/** The same server and database name with `suffix` (e.g. `_w2`), within PostgreSQL's 63 characters. */
export function suffixedDatabaseUrl(databaseUrl: string, suffix: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${url.pathname.slice(1).slice(0, 63 - suffix.length)}${suffix}`;
  return url.toString();
}

/** Replaces `targetUrl`'s database by a copy of `templateUrl`'s (which nobody may be connected to). */
export async function cloneDatabase(templateUrl: string, targetUrl: string): Promise<void> {
  await dropDatabase(targetUrl);
  const nameOf = (databaseUrl: string) => new URL(databaseUrl).pathname.slice(1);
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${nameOf(targetUrl)}" template "${nameOf(templateUrl)}"`);
  } finally {
    await admin.end();
  }
}

/**
 * A headless Temporal dev server with a throw-away SQLite file and our search attributes, in `namespace`
 * and in each of `moreNamespaces` (registered here).
 */
export async function startThrowawayTemporal(
  namespace = loadConfig().TEMPORAL_NAMESPACE,
  moreNamespaces: string[] = [],
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'turnproof-temporal-'));
  const address = `127.0.0.1:${await freePort()}`;
  const server = await startDevServer({ address, uiPort: 0, headless: true, dataDir, namespace });
  const stop = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const { connection } = await connectTemporal({ TEMPORAL_ADDRESS: address, TEMPORAL_NAMESPACE: namespace });
    try {
      await registerSearchAttributes(connection, namespace);
      await Promise.all(moreNamespaces.map((name) => registerNamespace(connection, name)));
    } finally {
      await connection.close();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { address, namespace, pid: server.pid, stop };
}

/** Registers `namespace` with our search attributes, once the server knows it (about a second on a dev server). */
async function registerNamespace(connection: Connection, namespace: string): Promise<void> {
  await ensureNamespace(connection, namespace);
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await registerSearchAttributes(connection, namespace);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
