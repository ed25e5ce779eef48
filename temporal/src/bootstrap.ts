import type { Config } from '@turnproof/config';
import type { TemporalClient } from './client.ts';
import { ensureNamespace } from './namespace.ts';
import { ensureSchedules } from './schedules.ts';
import { registerSearchAttributes } from './search-attributes.ts';

/**
 * What a Temporal namespace needs before Turnproof runs on it: the namespace with its retention, our
 * search attributes and schedules. Idempotent, so `npm start` and the deploy's bootstrap call it on
 * every start. A namespace just registered takes a few seconds to reach every frontend: callers retry
 * ({@link bootstrapTemporalWithRetry}).
 */
export async function bootstrapTemporal(
  { connection, client }: TemporalClient,
  config: Pick<Config, 'TEMPORAL_NAMESPACE' | 'TEMPORAL_TASK_QUEUE'> & Partial<Pick<Config, 'BACKUP_DIR'>>,
): Promise<{ namespace: string; searchAttributesAdded: string[]; schedulesCreated: string[] }> {
  const namespace = await ensureNamespace(connection, config.TEMPORAL_NAMESPACE);
  const searchAttributesAdded = await registerSearchAttributes(connection, config.TEMPORAL_NAMESPACE);
  const schedulesCreated = await ensureSchedules(client, config);
  return { namespace, searchAttributesAdded, schedulesCreated };
}

/** {@link bootstrapTemporal} again every 2 s until it succeeds or `timeoutMs` has passed (a cluster starting up). */
export async function bootstrapTemporalWithRetry(
  temporal: TemporalClient,
  config: Pick<Config, 'TEMPORAL_NAMESPACE' | 'TEMPORAL_TASK_QUEUE'> & Partial<Pick<Config, 'BACKUP_DIR'>>,
  { timeoutMs = 120_000, log = (_line: string) => {} } = {},
): ReturnType<typeof bootstrapTemporal> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await bootstrapTemporal(temporal, config);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      log(
        `Temporal not ready yet (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); retrying...`,
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}
