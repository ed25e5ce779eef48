import type { EntityManager } from '@mikro-orm/postgresql';
import { Run, type RunStatus } from '@turnproof/db';
import { type RunTaskRecord, runTasksOf } from '../runs/run-service.ts';
import type { Position } from './cursor.ts';

export interface RunFilter {
  property_id?: string;
  status?: RunStatus;
  /** Runs changed at or after this instant. */
  updated_since?: Date;
}

export interface RunPage {
  runs: Run[];
  tasks: Map<string, RunTaskRecord[]>;
  /** Where the next page starts; null on the last page. */
  next: Position | null;
}

/**
 * One page of an owner's runs, newest first by (created_at, id). Each of the owner's properties gives at
 * most a page of its runs from the (property_id, created_at, id) index after the cursor, and the pages are
 * merged: the cost is a page per property, whatever the account's number of runs and wherever the cursor is.
 */
export async function runPage(
  em: EntityManager,
  ownerId: string,
  filter: RunFilter,
  after: Position | null,
  limit: number,
): Promise<RunPage> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.status) {
    conditions.push('r.status = ?');
    params.push(filter.status);
  }
  if (filter.updated_since) {
    conditions.push('r.updated_at >= ?');
    params.push(filter.updated_since);
  }
  if (after) {
    conditions.push('(r.created_at, r.id) < (?::timestamptz, ?::uuid)');
    params.push(after.createdAt, after.id);
  }
  const where = conditions.map((condition) => ` and ${condition}`).join('');
  // One more than the page, to know whether another page follows.
  const take = limit + 1;
  const rows = await em.execute<{ id: string; created_at: string }[]>(
    `select r.id, r.created_at::text as created_at
       from properties p
      cross join lateral (
        select r.id, r.created_at from runs r
         where r.property_id = p.id${where}
         order by r.created_at desc, r.id desc
         limit ?) r
      where p.owner_id = ?${filter.property_id ? ' and p.id = ?' : ''}
      order by r.created_at desc, r.id desc
      limit ?`,
    [...params, take, ownerId, ...(filter.property_id ? [filter.property_id] : []), take],
  );
  const page = rows.slice(0, limit);
  const ids = page.map((row) => row.id);
  const [runs, tasks] = await Promise.all([
    ids.length ? em.find(Run, { id: { $in: ids } }, { populate: ['property', 'assigned_to'] }) : [],
    runTasksOf(em, ids),
  ]);
  const byId = new Map(runs.map((run) => [run.id, run]));
  const last = page.at(-1);
  return {
    runs: ids.flatMap((id) => byId.get(id) ?? []),
    tasks,
    next: rows.length > limit && last ? { createdAt: last.created_at, id: last.id } : null,
  };
}
