import type { Config } from '@turnproof/config';
import type { TemporalClient } from './client.ts';
import { ensureSchedules } from './schedules.ts';
import { registerSearchAttributes } from './search-attributes.ts';

/**
 * What a Temporal namespace needs before Turnproof runs on it: our search attributes and schedules.
 * Idempotent, so `npm start` and the deploy's bootstrap call it on every start.
 */
export async function bootstrapTemporal(
  { connection, client }: TemporalClient,
  config: Pick<Config, 'TEMPORAL_NAMESPACE' | 'TEMPORAL_TASK_QUEUE'>,
): Promise<{ searchAttributesAdded: string[]; schedulesCreated: string[] }> {
  const searchAttributesAdded = await registerSearchAttributes(connection, config.TEMPORAL_NAMESPACE);
  const schedulesCreated = await ensureSchedules(client, config);
  return { searchAttributesAdded, schedulesCreated };
}
