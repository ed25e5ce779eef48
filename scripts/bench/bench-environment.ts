import { randomBytes } from 'node:crypto';
import { freshDatabase, siblingDatabaseUrl, startThrowawayTemporal } from '../lib/throwaway-stack.ts';

/**
 * A bench's own fresh database (`name`, beside the configured one) and throwaway Temporal dev server, set
 * in the environment: every API, child process and test helper a bench starts reads them through
 * loadConfig(), as in the tests' global setup. The caller stops the Temporal server it gets.
 */
export async function benchEnvironment(name: string) {
  const databaseUrl = siblingDatabaseUrl(name);
  await freshDatabase(databaseUrl);
  const temporal = await startThrowawayTemporal();
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_NAMESPACE: temporal.namespace,
    // Worker processes run with NODE_ENV=production, which refuses the public development key.
    SECRET_KEY: process.env.SECRET_KEY ?? randomBytes(48).toString('base64'),
  });
  return { databaseUrl, temporal };
}
