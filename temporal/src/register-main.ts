// Registers Turnproof's search attributes on an existing Temporal cluster (idempotent).
import { loadConfig } from '@turnproof/config';
import { connectTemporal } from './client.ts';
import { registerSearchAttributes } from './search-attributes.ts';

const config = loadConfig();
const { connection } = await connectTemporal(config);
try {
  const added = await registerSearchAttributes(connection, config.TEMPORAL_NAMESPACE);
  console.log(
    added.length ? `Registered search attributes: ${added.join(', ')}` : 'Search attributes already registered.',
  );
} finally {
  await connection.close();
}
