import { runnerApiFigures } from './bench/runner-api.ts';
import { freshDatabase, siblingDatabaseUrl, startThrowawayTemporal } from './lib/throwaway-stack.ts';
const databaseUrl = siblingDatabaseUrl('turnproof_bench');
await freshDatabase(databaseUrl);
const temporal = await startThrowawayTemporal();
Object.assign(process.env, { DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: temporal.address, TEMPORAL_NAMESPACE: temporal.namespace });
try { await runnerApiFigures(databaseUrl); } finally { await temporal.stop(); }
