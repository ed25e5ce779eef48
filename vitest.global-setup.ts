import { randomBytes } from 'node:crypto';
import { freshDatabase, siblingDatabaseUrl, startThrowawayTemporal } from './scripts/lib/throwaway-stack.ts';

/**
 * Once per `vitest run`: a fresh database and one Temporal dev server that every test file shares.
 * They reach the test processes through the environment (read by loadConfig()), which the forked
 * workers inherit.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? siblingDatabaseUrl('turnproof_test');
  await freshDatabase(databaseUrl);
  process.env.DATABASE_URL = databaseUrl;
  // Worker processes run with NODE_ENV=production, which refuses the public development key; the test
  // API (in-process) and its workers share this one.
  process.env.SECRET_KEY ??= randomBytes(48).toString('base64');

  const temporal = await startThrowawayTemporal();
  process.env.TEMPORAL_ADDRESS = temporal.address;
  process.env.TEMPORAL_NAMESPACE = temporal.namespace;
  return temporal.stop;
}
