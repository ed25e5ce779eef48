// Bootstraps a Temporal cluster for Turnproof: the namespace (30-day retention), search attributes and
// schedules. Idempotent, and it retries while the cluster is still starting (the deploy's bootstrap job).
import { loadConfig } from '@turnproof/config';
import { bootstrapTemporalWithRetry } from './bootstrap.ts';
import { connectTemporal } from './client.ts';

const config = loadConfig();
const temporal = await connectTemporal(config);
try {
  const { namespace, searchAttributesAdded, schedulesCreated } = await bootstrapTemporalWithRetry(temporal, config, {
    log: console.log,
  });
  console.log(`Namespace ${config.TEMPORAL_NAMESPACE}: ${namespace}.`);
  console.log(
    searchAttributesAdded.length
      ? `Registered search attributes: ${searchAttributesAdded.join(', ')}`
      : 'Search attributes already registered.',
  );
  console.log(
    schedulesCreated.length
      ? `Created schedules: ${schedulesCreated.join(', ')}`
      : 'Schedules already there (updated).',
  );
} finally {
  await temporal.connection.close();
}
