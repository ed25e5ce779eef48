import { randomBytes } from 'node:crypto';
import { startS3Store } from './api/test/support/s3-store.ts';
import { freshDatabase, siblingDatabaseUrl, startThrowawayTemporal } from './scripts/lib/throwaway-stack.ts';

/**
 * Once per `vitest run`: a fresh database and one Temporal dev server that every test file shares (and,
 * with TEST_MEDIA_STORE=s3, an S3-compatible server for media).
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
  // TEST_MEDIA_STORE=s3: every test API and worker keeps media in a real S3-compatible server.
  const store = process.env.TEST_MEDIA_STORE === 's3' ? await startS3Store() : null;
  if (store) Object.assign(process.env, store.env);
  return async () => {
    await store?.close();
    await temporal.stop();
  };
}
