import type { EntityManager } from '@mikro-orm/postgresql';
import { RUN_TASK_ACTIONS_MAX } from '@turnproof/config';
import { type DeviceSignature, entryHashTemplate, GENESIS_HASH, unchainedFields } from '@turnproof/db';
import type { z } from 'zod';
import type { Spent } from '../auth/budget-batches.ts';
import type { BudgetPoint } from '../auth/rate-limits.ts';
import { hashToken } from '../auth/secret-tokens.ts';
import { taskEntry } from '../capture/cleaner-entries.ts';
import type { taskBody } from './public-input.ts';
import type { StoredTask } from './task-action.ts';
import { progressUpsert } from '../outbox/outbox-writes.ts';
import { RUN_EVENT_COLUMNS, runWebhookEventCtes } from '@turnproof/platform/webhooks';

export interface TaskActionAnswer {
  ok: true;
  applied: boolean;
  run: { status: 'in_progress' | 'revision_requested'; started_at: string };
  task: StoredTask;
}

export interface TaskAction {
  body: z.output<typeof taskBody>;
  at: Date;
  /** The server's clock when the request arrived, for the capture log. */
  receivedAt: Date;
  /** The phone's verified signature of the action, or null (unsigned). */
  deviceSignature: DeviceSignature | null;
  /** The request's rate-limit points (its address's, its link's), spent by the statement. */
  budgets: BudgetPoint[];
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

/** A task action through the statement: its budgets' counts, and the action as applied or null. */
export interface TaskActionOutcome {
  spent: Spent[];
  applied: AppliedTaskAction | null;
}

// Timestamps in the answer are ISO 8601 with milliseconds, as JSON.stringify writes them elsewhere.
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/*
 * Fresh task actions, many at once, as one statement: each action's open run (by token), the runs'
 * start, the tasks' conditional writes, the action ids' records with their answers, the runs' progress
 * messages for the outbox, and for each claimed action its capture-log entry: one round trip, no
 * explicit transaction (a statement is atomic). Every CTE sees the same snapshot, so the answers are
 * built from the writes' RETURNING rows. The actions of one statement have distinct action ids and distinct tasks
 * (see TaskActionBatches). A run awaiting revision accepts actions on its reopened tasks only.
 *
 * The capture log: the claimed runs' heads are locked (FOR UPDATE reads their newest committed state),
 * then each run's new entries are chained in order by a recursive CTE that fills the run id, sequence
 * and previous hash into the canonical encoding the API made of each entry (entryHashTemplate). The
 * log's primary key (run, seq) refuses a fork: a statement that raced another on a run's first entry
 * fails whole and its actions are retried one by one.
 *
 * The budgets: the requests' rate-limit points are spent first, as BudgetBatches spends them (each row once
 * with the sum of its points, locked in key order, each point ranked in the actions' order), in the same
 * commit; an action with a point past its budget is not applied (the caller answers 429).
 */
const statement = `
with recursive input as (
  select * from jsonb_to_recordset($1::jsonb) as i(
    n int, token_hash text, action_id text, run_task_id uuid, checked boolean, comment text,
    duration_seconds int, latitude float8, longitude float8, location_accuracy float8,
    location_timestamp timestamptz, address text, at timestamptz)
), entry_input as (
  select * from jsonb_to_recordset($2::jsonb) as e(
    action_id text, n int, kind text, payload jsonb, payload_sha256 text, device_time timestamptz,
    device_latitude float8, device_longitude float8, device_accuracy float8, received_at timestamptz,
    device_key_id uuid, signature text, p0 text, p1 text, p2 text, p3 text)
), budget_input as (
  select * from jsonb_to_recordset($4::jsonb) as b(n int, j int, key text, duration bigint, budget int)
), budget as (
  insert into rate_limits (key, points, expire)
  select key, count(*), $5::bigint + min(duration) from budget_input group by key order by key
  on conflict (key) do update set
    points = case when rate_limits.expire <= $5 then excluded.points else rate_limits.points + excluded.points end,
    expire = case when rate_limits.expire <= $5 then excluded.expire else rate_limits.expire end
  returning key, points, expire
), spent as (
  select b.n, b.j, b.budget, s.expire,
    s.points - count(*) over (partition by b.key) + row_number() over (partition by b.key order by b.n) as points
  from budget_input b join budget s on s.key = b.key
), fresh as (
  select i.*, r.id as run_id, r.started_at as run_started_at, r.status as run_status
  from input i
  join runs r on r.token_hash = i.token_hash
    and r.link_revoked_at is null and r.link_expired_at is null and r.status in ('pending', 'in_progress', 'revision_requested')
  where not exists (select 1 from spent s where s.n = i.n and s.points > s.budget)
    and not exists (select 1 from processed_actions p where p.action_id = i.action_id)
    and exists (select 1 from run_tasks t where t.id = i.run_task_id and t.run_id = r.id
      and (r.status <> 'revision_requested' or t.reopened))
    -- A run at its cap of actions (run-limits.ts) takes the transactional path, which refuses with 429.
    and coalesce((select h.seq from capture_heads h where h.run_id = r.id), 0) < $3
), started as (
  update runs set status = case when status = 'pending' then 'in_progress' else status end,
      started_at = now(), updated_at = now()
  where id in (select run_id from fresh) and started_at is null
  returning ${RUN_EVENT_COLUMNS}
), ${runWebhookEventCtes({ runRows: 'started', type: "'run.started'::text", extra: "'{}'::jsonb" })}, task as (
  update run_tasks t set
    checked = f.checked, comment = f.comment, duration_seconds = f.duration_seconds,
    checked_at = case when f.checked then coalesce(t.checked_at, now()) else null end,
    latitude = coalesce(f.latitude, t.latitude), longitude = coalesce(f.longitude, t.longitude),
    location_accuracy = coalesce(f.location_accuracy, t.location_accuracy),
    location_timestamp = coalesce(f.location_timestamp, t.location_timestamp),
    address = coalesce(f.address, t.address), client_updated_at = f.at, updated_at = now()
  from fresh f
  where t.id = f.run_task_id and t.run_id = f.run_id and (t.client_updated_at is null or t.client_updated_at <= f.at)
  returning f.n, f.action_id, f.run_id, f.run_started_at, f.run_status,
    t.id, t.checked, t.comment, t.duration_seconds, t.checked_at, t.order_index
), answer as (
  select task.n, task.action_id, task.run_id, jsonb_build_object(
    'ok', true,
    'applied', true,
    'run', jsonb_build_object(
      'status', case when task.run_status = 'revision_requested' then 'revision_requested' else 'in_progress' end,
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
  returning action_id, run_id
), head as (
  select h.run_id, h.seq, h.hash from capture_heads h
  where h.run_id in (select run_id from claim) order by h.run_id for update
), entry as (
  select c.run_id, e.*, row_number() over (partition by c.run_id order by e.n) as k
  from claim c join entry_input e on e.action_id = c.action_id
), chain as (
  select e.run_id, e.k, coalesce(h.seq, 0) + 1 as seq, coalesce(h.hash, '${GENESIS_HASH}')::text as prev_hash,
    encode(sha256(convert_to(e.p0 || coalesce(h.hash, '${GENESIS_HASH}') || e.p1 || e.run_id::text || e.p2
      || (coalesce(h.seq, 0) + 1)::text || e.p3, 'UTF8')), 'hex') as hash
  from entry e left join head h on h.run_id = e.run_id
  where e.k = 1
  union all
  select e.run_id, e.k, c.seq + 1, c.hash,
    encode(sha256(convert_to(e.p0 || c.hash || e.p1 || e.run_id::text || e.p2 || (c.seq + 1)::text || e.p3, 'UTF8')), 'hex')
  from chain c join entry e on e.run_id = c.run_id and e.k = c.k + 1
), stored as (
  insert into capture_entries (run_id, seq, kind, payload, payload_sha256, device_time, device_latitude,
    device_longitude, device_accuracy, received_at, prev_hash, hash, device_key_id, signature)
  select c.run_id, c.seq, e.kind, e.payload, e.payload_sha256, e.device_time, e.device_latitude,
    e.device_longitude, e.device_accuracy, e.received_at, c.prev_hash, c.hash, e.device_key_id, e.signature
  from chain c join entry e on e.run_id = c.run_id and e.k = c.k
), moved as (
  insert into capture_heads (run_id, seq, hash)
  select distinct on (run_id) run_id, seq, hash from chain order by run_id, seq desc
  on conflict (run_id) do update set seq = excluded.seq, hash = excluded.hash
), progress as (${progressUpsert('task')}
)
select i.n, a.response, a.run_id, a.action_id in (select action_id from claim) as claimed,
  (select json_agg(json_build_array(s.points, s.expire) order by s.j) from spent s where s.n = i.n) as spent
from input i left join answer a on a.n = i.n
order by i.n`;

/**
 * Spends the actions' budgets and applies the new task actions to open runs in one statement, capture-log
 * entries included. Answers, in the actions' order, each one's budget counts and the action as applied,
 * or null when it could not apply it: a point past its budget, an unknown, revoked or expired token, a
 * closed run or task, another run's task, an action id seen before, or an action older than the task's
 * state, or a run at its cap of actions; the caller then answers 429 or takes the transactional path,
 * which tells those apart.
 */
export async function applyTaskActionsInOneStatement(
  em: EntityManager,
  actions: TaskAction[],
): Promise<TaskActionOutcome[]> {
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
  const entries = actions.map(({ body, receivedAt, deviceSignature }, n) => {
    const fields = unchainedFields(taskEntry(body, receivedAt, deviceSignature));
    const [p0, p1, p2, p3] = entryHashTemplate(fields);
    return { action_id: body.action_id, n, ...fields, p0, p1, p2, p3 };
  });
  const budgets = actions.flatMap(({ budgets }, n) =>
    budgets.map(({ row, durationMs, limit }, j) => ({ n, j, key: row, duration: durationMs, budget: limit })),
  );
  // A named statement straight on the driver's pool: PostgreSQL plans it once per connection.
  const pool = await em.getConnection().getNativeClient();
  const { rows } = await pool.query<{
    n: number;
    response: TaskActionAnswer | null;
    claimed: boolean | null;
    run_id: string | null;
    spent: [number, string][] | null;
  }>({
    name: 'apply-task-actions',
    text: statement,
    values: [JSON.stringify(input), JSON.stringify(entries), RUN_TASK_ACTIONS_MAX, JSON.stringify(budgets), Date.now()],
  });
  const now = Date.now();
  return Promise.all(
    rows.map(async ({ n, response, run_id: runId, claimed, spent }) => {
      const outcome: TaskActionOutcome = {
        spent: (spent ?? []).map(([points, expire]) => ({
          consumedPoints: points,
          msBeforeNext: Math.max(Number(expire) - now, 0),
        })),
        applied: null,
      };
      if (!response || !runId) return outcome;
      const answer =
        claimed && response.run.started_at ? response : await recordedAnswerWithStart(em, actions[n]!.body.action_id);
      if (answer) outcome.applied = { runId, answer, claimed: claimed! };
      return outcome;
    }),
  );
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
