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

export interface TaskAction {
  body: z.output<typeof taskBody>;
  at: Date;
}

/**
 * A task action the statement applied: `claimed` is false only for a concurrent duplicate of the same
 * action that lost the race for the id: it wrote the same values, so the answer is the winner's and
 * nothing is signalled.
 */
export interface AppliedTaskAction {
  runId: string;
  answer: TaskActionAnswer;
  claimed: boolean;
}

// Timestamps in the answer are ISO 8601 with milliseconds, as JSON.stringify writes them elsewhere.
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/*
 * Fresh task actions, many at once, as one statement: each action's open run (by token), the runs'
 * start, the tasks' conditional writes, and the action ids' records with their answers. One round trip
 * and no explicit transaction (a statement is atomic), which is what lets the cleaners' most frequent
 * call keep up. Every CTE sees the same snapshot, so the answers are built from the writes' RETURNING
 * rows. The actions of one statement have distinct action ids and distinct tasks (see TaskActionBatches).
 */
const statement = `
with input as (
  select * from jsonb_to_recordset($1::jsonb) as i(
    n int, token_hash text, action_id text, run_task_id uuid, checked boolean, comment text,
    duration_seconds int, latitude float8, longitude float8, location_accuracy float8,
    location_timestamp timestamptz, address text, at timestamptz)
), fresh as (
  select i.*, r.id as run_id, r.started_at as run_started_at
  from input i
  join runs r on r.token_hash = i.token_hash
    and r.link_revoked_at is null and r.link_expired_at is null and r.status <> 'completed'
  where not exists (select 1 from processed_actions p where p.action_id = i.action_id)
    and exists (select 1 from run_tasks t where t.id = i.run_task_id and t.run_id = r.id)
), started as (
  update runs set status = case when status = 'pending' then 'in_progress' else status end,
      started_at = now(), updated_at = now()
  where id in (select run_id from fresh) and started_at is null
  returning id, started_at
), task as (
  update run_tasks t set
    checked = f.checked, comment = f.comment, duration_seconds = f.duration_seconds,
    checked_at = case when f.checked then coalesce(t.checked_at, now()) else null end,
    latitude = coalesce(f.latitude, t.latitude), longitude = coalesce(f.longitude, t.longitude),
    location_accuracy = coalesce(f.location_accuracy, t.location_accuracy),
    location_timestamp = coalesce(f.location_timestamp, t.location_timestamp),
    address = coalesce(f.address, t.address), client_updated_at = f.at, updated_at = now()
  from fresh f
  where t.id = f.run_task_id and t.run_id = f.run_id and (t.client_updated_at is null or t.client_updated_at <= f.at)
  returning f.n, f.action_id, f.run_id, f.run_started_at,
    t.id, t.checked, t.comment, t.duration_seconds, t.checked_at, t.order_index
), answer as (
  select task.n, task.action_id, task.run_id, jsonb_build_object(
    'ok', true,
    'applied', true,
    'run', jsonb_build_object(
      'status', 'in_progress',
      'started_at', ${iso('coalesce(s.started_at, task.run_started_at)')}),
    'task', jsonb_build_object(
      'id', task.id, 'checked', task.checked, 'comment', task.comment,
      'duration_seconds', task.duration_seconds, 'checked_at', ${iso('task.checked_at')},
      'order_index', task.order_index)
  ) as response
  from task
  left join started s on s.id = task.run_id
), claim as (
  insert into processed_actions (action_id, run_id, kind, response, created_at)
  select action_id, run_id, 'task', response, now() from answer
  on conflict (action_id) do nothing
  returning action_id
)
select a.n, a.response, a.run_id, a.action_id in (select action_id from claim) as claimed
from answer a`;

/**
 * Applies new task actions to open runs in one statement. Answers, in the actions' order, null for each
 * one it could not apply: an unknown, revoked or expired token, a completed run, another run's task, an
 * action id seen before, or an action older than the task's state; the caller then takes the
 * transactional path, which tells those apart.
 */
export async function applyTaskActionsInOneStatement(
  em: EntityManager,
  actions: TaskAction[],
): Promise<(AppliedTaskAction | null)[]> {
  const input = actions.map(({ body, at }, n) => ({
    n,
    token_hash: hashToken(body.token),
    action_id: body.action_id,
    run_task_id: body.runTaskId,
    checked: body.checked,
    comment: body.comment,
    duration_seconds: body.duration_seconds ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    location_accuracy: body.location_accuracy ?? null,
    location_timestamp: body.location_timestamp ?? null,
    address: body.address ?? null,
    at,
  }));
  // A named statement straight on the driver's pool: PostgreSQL plans it once per connection.
  const pool = await em.getConnection().getNativeClient();
  const { rows } = await pool.query<{ n: number; response: TaskActionAnswer; claimed: boolean; run_id: string }>({
    name: 'apply-task-actions',
    text: statement,
    values: [JSON.stringify(input)],
  });
  const applied: (AppliedTaskAction | null)[] = actions.map(() => null);
  await Promise.all(
    rows.map(async ({ n, response, run_id: runId, claimed }) => {
      const answer =
        claimed && response.run.started_at ? response : await recordedAnswerWithStart(em, actions[n]!.body.action_id);
      applied[n] = answer ? { runId, answer, claimed } : null;
    }),
  );
  return applied;
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
