import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden } from '../http/errors.ts';
import type { z } from 'zod';
import type { taskBody } from './public-input.ts';
import { linkMessages } from './run-access.ts';

export interface StoredTask {
  id: string;
  checked: boolean;
  comment: string | null;
  duration_seconds: number | null;
  checked_at: string | null;
  order_index: number;
}

const returning = 'id, checked, comment, duration_seconds, checked_at, order_index';

/**
 * One conditional write (the runner's hottest path): the task of this run changes unless the action
 * is older than the task's newest applied change. No row means another run's task (403) or a stale
 * action, which is answered with the state it did not overwrite.
 */
export async function applyTaskAction(
  tx: EntityManager,
  runId: string,
  body: z.output<typeof taskBody>,
  at: Date,
): Promise<{ applied: boolean; row: StoredTask }> {
  const connection = tx.getConnection();
  const context = tx.getTransactionContext();
  const updated = await connection.execute<StoredTask[]>(
    `update run_tasks set
       checked = ?, comment = ?, duration_seconds = ?,
       checked_at = case when ? then coalesce(checked_at, now()) else null end,
       latitude = coalesce(?, latitude), longitude = coalesce(?, longitude),
       location_accuracy = coalesce(?, location_accuracy), location_timestamp = coalesce(?, location_timestamp),
       address = coalesce(?, address), client_updated_at = ?, updated_at = now()
     where id = ? and run_id = ? and (client_updated_at is null or client_updated_at <= ?)
     returning ${returning}`,
    [
      body.checked,
      body.comment,
      body.duration_seconds ?? null,
      body.checked,
      body.latitude ?? null,
      body.longitude ?? null,
      body.location_accuracy ?? null,
      body.location_timestamp ?? null,
      body.address ?? null,
      at,
      body.runTaskId,
      runId,
      at,
    ],
    'all',
    context,
  );
  if (updated[0]) return { applied: true, row: withIsoTime(updated[0]) };
  const current = await connection.execute<StoredTask[]>(
    `select ${returning} from run_tasks where id = ? and run_id = ?`,
    [body.runTaskId, runId],
    'all',
    context,
  );
  if (!current[0]) throw forbidden(linkMessages.foreignTask);
  return { applied: false, row: withIsoTime(current[0]) };
}

/** Raw rows carry PostgreSQL's timestamp text; answers use ISO 8601 like every other endpoint. */
function withIsoTime(row: StoredTask): StoredTask {
  return { ...row, checked_at: row.checked_at ? new Date(row.checked_at).toISOString() : null };
}
