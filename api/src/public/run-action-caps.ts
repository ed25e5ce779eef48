import type { EntityManager } from '@mikro-orm/postgresql';
import { RUN_ISSUES_MAX, RUN_TASK_ACTIONS_MAX } from '@turnproof/config';
import { HttpError } from '../http/errors.ts';
import type { ActionKey } from './apply-once.ts';

export const actionCapMessages = {
  issues: `This inspection already has ${RUN_ISSUES_MAX} issues, the most one inspection can hold. Ask the host for help.`,
  taskActions: `This inspection already has ${RUN_TASK_ACTIONS_MAX} recorded actions, the most one inspection can hold. Ask the host for help.`,
};

async function one<T>(tx: EntityManager, sql: string, params: unknown[]): Promise<T | undefined> {
  const rows = await tx.getConnection().execute<T[]>(sql, params, 'all', tx.getTransactionContext());
  return rows[0];
}

/**
 * Refuses a new action past its cap with 429. A replay of an action applied before still passes, so
 * applyOnce answers it as the first time. Call inside applyOnce's transaction.
 */
async function refuseOverCap(tx: EntityManager, key: ActionKey, used: number, cap: number, message: string) {
  if (used < cap) return;
  const replay = await one(tx, `select 1 from processed_actions where action_id = ?`, [key.actionId]);
  if (!replay) throw new HttpError(429, message);
}

/** At most RUN_ISSUES_MAX issues per run (the run row is locked, so concurrent reports cannot all squeeze in). */
export async function assertIssueCap(tx: EntityManager, key: ActionKey): Promise<void> {
  await one(tx, `select id from runs where id = ? for update`, [key.runId]);
  const usage = await one<{ count: string }>(
    tx,
    `select count(*) as count from alerts where run_id = ? and kind = 'issue'`,
    [key.runId],
  );
  await refuseOverCap(tx, key, Number(usage?.count ?? 0), RUN_ISSUES_MAX, actionCapMessages.issues);
}

/** At most RUN_TASK_ACTIONS_MAX capture-log entries per run before task actions are refused. */
export async function assertTaskActionCap(tx: EntityManager, key: ActionKey): Promise<void> {
  const head = await one<{ seq: number }>(tx, `select seq from capture_heads where run_id = ?`, [key.runId]);
  await refuseOverCap(tx, key, head?.seq ?? 0, RUN_TASK_ACTIONS_MAX, actionCapMessages.taskActions);
}
