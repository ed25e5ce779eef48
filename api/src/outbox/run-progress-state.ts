import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProgressBatch } from '@turnproof/workflows';

/**
 * The run's task progress as stored, as one progress signal: every task the cleaner has touched (with
 * the time of its newest change, so the workflow keeps the newest of two) and every task with confirmed
 * media. Null while the run has not started (nothing to tell).
 */
export async function storedProgress(em: EntityManager, runId: string): Promise<ProgressBatch | null> {
  return (await storedProgressOf(em, [runId])).get(runId) ?? null;
}

/** `storedProgress` of many runs in one statement (a restore gives thousands their workflows back). */
export async function storedProgressOf(em: EntityManager, runIds: string[]): Promise<Map<string, ProgressBatch>> {
  const progress = new Map<string, ProgressBatch>();
  if (runIds.length === 0) return progress;
  const rows = await em.getConnection().execute<
    {
      run_id: string;
      id: string;
      checked: boolean;
      changed_at: string | null;
      confirmed_media: string;
      started_at: string | null;
    }[]
  >(
    `select t.run_id, t.id, t.checked, t.client_updated_at as changed_at, r.started_at,
       (select count(*) from media m where m.run_task_id = t.id and m.status = 'confirmed' and m.rejected_at is null) as confirmed_media
     from run_tasks t join runs r on r.id = t.run_id
     where t.run_id in (${runIds.map(() => '?').join(', ')}) and r.started_at is not null`,
    runIds,
  );
  // Raw rows carry timestamps as PostgreSQL writes them; the workflow compares ISO 8601 strings.
  const iso = (at: string) => new Date(at).toISOString();
  for (const row of rows) {
    const startedAt = iso(row.started_at!);
    let batch = progress.get(row.run_id);
    if (!batch) progress.set(row.run_id, (batch = { tasks: [], media: [] }));
    if (row.changed_at)
      batch.tasks.push({ runTaskId: row.id, checked: row.checked, changedAt: iso(row.changed_at), startedAt });
    const confirmedMedia = Number(row.confirmed_media);
    if (confirmedMedia > 0) batch.media.push({ runTaskId: row.id, confirmedMedia, startedAt });
  }
  return progress;
}
