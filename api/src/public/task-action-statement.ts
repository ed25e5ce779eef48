import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { hashToken } from '../auth/secret-tokens.ts';
import type { taskBody } from './public-input.ts';
import type { StoredTask } from './task-action.ts';

export interface TaskActionAnswer {
  ok: true;
  applied: boolean;
  run: { status: 'in_progress'; started_at: string };
  task: StoredTask;
}

// Timestamps in the answer are ISO 8601 with milliseconds, as JSON.stringify writes them elsewhere.
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/*
 * The whole of a fresh task action as one statement: the token's open run, the run's start, the task's
 * conditional write, and the action id's record with its answer. One round trip and no explicit
 * transaction (a statement is atomic), which is what lets the cleaners' most frequent call keep up.
 * Every CTE sees the same snapshot, so the answer is built from the writes' RETURNING rows.
 */
const statement = `
with open_run as (
  select id, started_at from runs
  where token_hash = ? and link_revoked_at is null and link_expired_at is null and status <> 'completed'
), fresh as (
  select r.id, r.started_at from open_run r
  where not exists (select 1 from processed_actions where action_id = ?)
    and exists (select 1 from run_tasks where id = ? and run_id = r.id)
), started as (
  update runs set status = case when status = 'pending' then 'in_progress' else status end,
      started_at = now(), updated_at = now()
  where id = (select id from fresh) and started_at is null
  returning started_at
), task as (
  update run_tasks set
    checked = ?, comment = ?, duration_seconds = ?,
    checked_at = case when ? then coalesce(checked_at, now()) else null end,
    latitude = coalesce(?, latitude), longitude = coalesce(?, longitude),
    location_accuracy = coalesce(?, location_accuracy), location_timestamp = coalesce(?, location_timestamp),
    address = coalesce(?, address), client_updated_at = ?, updated_at = now()
  where id = ? and run_id = (select id from fresh) and (client_updated_at is null or client_updated_at <= ?)
  returning id, checked, comment, duration_seconds, checked_at, order_index
), answer as (
  select jsonb_build_object(
    'ok', true,
    'applied', true,
    'run', jsonb_build_object(
      'status', 'in_progress',
      'started_at', ${iso('coalesce((select started_at from started), (select started_at from fresh))')}),
    'task', jsonb_build_object(
      'id', task.id, 'checked', task.checked, 'comment', task.comment,
      'duration_seconds', task.duration_seconds, 'checked_at', ${iso('task.checked_at')},
      'order_index', task.order_index)
  ) as response
  from task
), claim as (
  insert into processed_actions (action_id, run_id, kind, response, created_at)
  select ?, (select id from fresh), 'task', response, now() from answer
  on conflict (action_id) do nothing
  returning action_id
)
select (select response from answer) as response, exists (select 1 from claim) as claimed, (select id from fresh) as run_id`;

/**
 * Applies a new task action to an open run in one statement. Answers null when it could not: an
 * unknown, revoked or expired token, a completed run, another run's task, an action id seen before, or
 * an action older than the task's state; the caller then takes the transactional path, which tells
 * those apart. `claimed` is false only for a concurrent duplicate of the same action that lost the
 * race for the id: it wrote the same values, so the answer is the winner's and nothing is signalled.
 */
export async function applyTaskActionInOneStatement(
  em: EntityManager,
  body: z.output<typeof taskBody>,
  at: Date,
): Promise<{ runId: string; answer: TaskActionAnswer; claimed: boolean } | null> {
  const rows = await em
    .getConnection()
    .execute<{ response: TaskActionAnswer | null; claimed: boolean; run_id: string | null }[]>(
      statement,
      [
        hashToken(body.token),
        body.action_id,
        body.runTaskId,
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
        at,
        body.action_id,
      ],
      'all',
    );
  const row = rows[0];
  if (!row?.response || !row.run_id) return null;
  if (row.claimed && row.response.run.started_at) return { runId: row.run_id, answer: row.response, claimed: true };
  const answer = await recordedAnswerWithStart(em, body.action_id);
  return answer ? { runId: row.run_id, answer, claimed: row.claimed } : null;
}

/**
 * Only after a race with a concurrent action of the same run: the statement's snapshot could not see
 * the start time the other one wrote, or the other one was this very action and its answer counts.
 * The record gets the run's start time and is answered, so every copy of an action answers the same.
 */
async function recordedAnswerWithStart(em: EntityManager, actionId: string): Promise<TaskActionAnswer | null> {
  const rows = await em.getConnection().execute<{ response: TaskActionAnswer }[]>(
    `update processed_actions p
       set response = jsonb_set(p.response, '{run,started_at}', to_jsonb(${iso('r.started_at')}))
     from runs r
     where p.action_id = ? and p.kind = 'task' and r.id = p.run_id and r.started_at is not null
     returning p.response`,
    [actionId],
    'all',
  );
  return rows[0]?.response ?? null;
}
