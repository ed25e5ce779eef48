import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The earlier run a run is compared with: the one the host chose (runs.baseline_run_id), else for a
 * move-out the last completed move-in of the same property and unit, for a turnover the property's
 * last completed turnover before it. Null when there is none (a move-in, a first turnover).
 */
export async function baselineRunOf(em: EntityManager, runId: string): Promise<string | null> {
  const [row] = await em.getConnection().execute<{ id: string | null }[]>(
    `select coalesce(r.baseline_run_id, (
       select b.id from runs b
        where b.property_id = r.property_id and b.id <> r.id and b.status = 'completed'
          and b.type = case r.type when 'move_out' then 'move_in' when 'turnover' then 'turnover' end
          and (r.type <> 'move_out' or coalesce(b.meta->>'unit', '') = coalesce(r.meta->>'unit', ''))
          and b.ended_at <= coalesce(r.started_at, r.created_at, now())
        order by b.ended_at desc limit 1)) as id
     from runs r where r.id = ?`,
    [runId],
  );
  return row?.id ?? null;
}

export interface BaselinePhoto {
  mediaId: string;
  path: string;
  capturedAt: string | null;
  receivedAt: string | null;
}

/**
 * The baseline run's confirmed photos for each task of the run, matched by the checklist task both
 * snapshots came from, else by the same title.
 */
export async function baselinePhotosByTask(
  em: EntityManager,
  runId: string,
  baselineRunId: string,
): Promise<Map<string, BaselinePhoto[]>> {
  const rows = await em
    .getConnection()
    .execute<
      { run_task_id: string; media_id: string; path: string; captured_at: Date | null; received_at: Date | null }[]
    >(
      `select t.id as run_task_id, m.id as media_id, m.path, m.captured_at,
            (select max(e.received_at) from capture_entries e
              where e.run_id = m.run_id and e.kind = 'media_confirmed' and e.payload->>'media_id' = m.id::text) as received_at
       from run_tasks t
       join lateral (
         select b.id from run_tasks b
          where b.run_id = ? and (b.task_id = t.task_id or lower(trim(b.title)) = lower(trim(t.title)))
          order by (b.task_id is not distinct from t.task_id) desc, b.order_index limit 1
       ) b on true
       join media m on m.run_task_id = b.id and m.status = 'confirmed' and m.rejected_at is null and m.type = 'photo'
      where t.run_id = ?
      order by t.order_index, m.created_at`,
      [baselineRunId, runId],
    );
  const byTask = new Map<string, BaselinePhoto[]>();
  for (const row of rows) {
    byTask.set(row.run_task_id, [
      ...(byTask.get(row.run_task_id) ?? []),
      {
        mediaId: row.media_id,
        path: row.path,
        capturedAt: row.captured_at ? new Date(row.captured_at).toISOString() : null,
        receivedAt: row.received_at ? new Date(row.received_at).toISOString() : null,
      },
    ]);
  }
  return byTask;
}
