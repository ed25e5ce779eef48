// Bootstraps an existing Temporal cluster for Turnproof: search attributes and schedules (idempotent).
import { loadConfig } from '@turnproof/config';
import { bootstrapTemporal } from './bootstrap.ts';
import { connectTemporal } from './client.ts';

const config = loadConfig();
const temporal = await connectTemporal(config);
try {
  const { searchAttributesAdded, schedulesCreated } = await bootstrapTemporal(temporal, config);
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
