import type { EntityManager } from '@mikro-orm/postgresql';
import { Run, type RunStatus } from '@turnproof/db';
import { afterPosition, type Position, positionParams } from './cursor.ts';
import type { TaskCounts } from './v1-records.ts';

export interface RunFilter {
  property_id?: string;
  status?: RunStatus;
  /** Runs changed at or after this instant. */
  updated_since?: Date;
}

export interface RunPage {
  runs: Run[];
  counts: Map<string, TaskCounts>;
  /** Where the next page starts; null on the last page. */
  next: Position | null;
}

/**
 * One page of an owner's runs, newest first by (created_at desc, id), the console's default order: the
 * (created_at desc, id) index read from the cursor on, each run's property checked to be the owner's. A
 * filter on one property reads that property's runs instead; PostgreSQL picks by the owner's share of runs.
 */
export async function runPage(
  em: EntityManager,
  ownerId: string,
  filter: RunFilter,
  after: Position | null,
  limit: number,
): Promise<RunPage> {
  const conditions = ['p.owner_id = ?'];
  const params: unknown[] = [ownerId];
  if (filter.property_id) {
    conditions.push('r.property_id = ?');
    params.push(filter.property_id);
  }
  if (filter.status) {
    conditions.push('r.status = ?');
    params.push(filter.status);
  }
  if (filter.updated_since) {
    conditions.push('r.updated_at >= ?');
    params.push(filter.updated_since);
  }
  if (after) {
    conditions.push(afterPosition('r'));
    params.push(...positionParams(after));
  }
  // One more than the page, to know whether another page follows.
  const rows = await em.execute<{ id: string; created_at: string }[]>(
    `select r.id, r.created_at::text as created_at
       from runs r join properties p on p.id = r.property_id
      where ${conditions.join(' and ')}
      order by r.created_at desc, r.id asc
      limit ?`,
    [...params, limit + 1],
  );
  const page = rows.slice(0, limit);
  const ids = page.map((row) => row.id);
  const [runs, counts] = await Promise.all([
    ids.length ? em.find(Run, { id: { $in: ids } }, { populate: ['property', 'assigned_to'], strategy: 'joined' }) : [],
    taskCountsOf(em, ids),
  ]);
  const byId = new Map(runs.map((run) => [run.id, run]));
  const last = page.at(-1);
  return {
    runs: ids.flatMap((id) => byId.get(id) ?? []),
    counts,
    next: rows.length > limit && last ? { createdAt: last.created_at, id: last.id } : null,
  };
}

/** The task counts of many runs in one aggregate (a list shows counts, not a page's thousands of tasks). */
async function taskCountsOf(em: EntityManager, runIds: string[]): Promise<Map<string, TaskCounts>> {
  if (runIds.length === 0) return new Map();
  const rows = await em.execute<({ run_id: string } & TaskCounts)[]>(
    `select run_id, count(*)::int as task_count, (count(*) filter (where checked))::int as completed_task_count
       from run_tasks where run_id in (${runIds.map(() => '?').join(', ')}) group by run_id`,
    runIds,
  );
  return new Map(rows.map(({ run_id, ...counts }) => [run_id, counts]));
}
