import type { EntityManager } from '@mikro-orm/postgresql';
import type { RunEventKind } from '@turnproof/db';

/**
 * Adds a step to the run's timeline once: (run, kind, key) is unique, so a retried activity adds
 * nothing. True when this call added it.
 */
export async function recordRunEvent(
  em: EntityManager,
  runId: string,
  kind: RunEventKind,
  detail: string,
  key = '',
): Promise<boolean> {
  const rows = await em.getConnection().execute<{ id: string }[]>(
    `insert into run_events (id, run_id, kind, key, detail, created_at) values (gen_random_uuid(), ?, ?, ?, ?, now())
       on conflict (run_id, kind, key) do nothing returning id`,
    [runId, kind, key, detail],
    'all',
    em.getTransactionContext(),
  );
  return rows.length > 0;
}
