import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProgressBatch } from '@turnproof/workflows';

/**
 * The run's task progress as stored, as one progress signal: every task the cleaner has touched (with
 * the time of its newest change, so the workflow keeps the newest of two) and every task with confirmed
 * media. Null while the run has not started (nothing to tell).
 */
export async function storedProgress(em: EntityManager, runId: string): Promise<ProgressBatch | null> {
  const rows = await em
    .getConnection()
    .execute<
      { id: string; checked: boolean; changed_at: string | null; confirmed_media: string; started_at: string | null }[]
    >(
      `select t.id, t.checked, t.client_updated_at as changed_at, r.started_at,
       (select count(*) from media m where m.run_task_id = t.id and m.status = 'confirmed' and m.rejected_at is null) as confirmed_media
     from run_tasks t join runs r on r.id = t.run_id
     where t.run_id = ?`,
      [runId],
    );
  // Raw rows carry timestamps as PostgreSQL writes them; the workflow compares ISO 8601 strings.
  const iso = (at: string) => new Date(at).toISOString();
  const started = rows[0]?.started_at;
  if (!started) return null;
  const startedAt = iso(started);
  return {
    tasks: rows
      .filter((row) => row.changed_at)
      .map((row) => ({ runTaskId: row.id, checked: row.checked, changedAt: iso(row.changed_at!), startedAt })),
    media: rows
      .filter((row) => Number(row.confirmed_media) > 0)
      .map((row) => ({ runTaskId: row.id, confirmedMedia: Number(row.confirmed_media), startedAt })),
  };
}
