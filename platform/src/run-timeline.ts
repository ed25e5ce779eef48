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

/** Adds many timeline steps in one statement, each once (as recordRunEvent). */
export async function recordRunEvents(
  em: EntityManager,
  events: { runId: string; kind: RunEventKind; detail: string; key: string }[],
): Promise<void> {
  if (events.length === 0) return;
  await em.getConnection().execute(
    `insert into run_events (id, run_id, kind, key, detail, created_at)
     select gen_random_uuid(), x.run_id, x.kind, x.key, x.detail, now()
     from jsonb_to_recordset(?::jsonb) as x(run_id uuid, kind text, key text, detail text)
     on conflict (run_id, kind, key) do nothing`,
    [JSON.stringify(events.map((event) => ({ run_id: event.runId, ...event })))],
    'run',
    em.getTransactionContext(),
  );
}
