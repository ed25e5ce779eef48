import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict } from '../http/errors.ts';

export interface ActionKey {
  /** The run the action is on; with another ledger, that ledger's subject (a work order). */
  runId: string;
  actionId: string;
  kind: string;
}

/** Where applied action ids are recorded: the runner's (processed_actions), or a vendor's (work_order_actions). */
export interface ActionLedger {
  table: 'processed_actions' | 'work_order_actions';
  subject: 'run_id' | 'work_order_id';
}

export const runActions: ActionLedger = { table: 'processed_actions', subject: 'run_id' };

class AlreadyApplied extends Error {}

/**
 * Applies a runner action at most once per client action id. The change and the id's record are
 * written in one transaction, the record last: when the id is already there (a retry, a replayed
 * offline action, or a concurrent duplicate that won), the transaction rolls back and the first
 * answer is returned instead. A failed action records nothing and may be retried.
 */
export async function applyOnce<T>(
  em: EntityManager,
  key: ActionKey,
  work: (tx: EntityManager) => Promise<T>,
  ledger: ActionLedger = runActions,
): Promise<{ response: T; replayed: boolean }> {
  try {
    return await em.transactional(async (tx) => {
      const response = await work(tx);
      const recorded = await tx.getConnection().execute<{ action_id: string }[]>(
        `insert into ${ledger.table} (action_id, ${ledger.subject}, kind, response, created_at) values (?, ?, ?, ?, now())
           on conflict (action_id) do nothing returning action_id`,
        [key.actionId, key.runId, key.kind, JSON.stringify(response)],
        'all',
        tx.getTransactionContext(),
      );
      if (recorded.length === 0) throw new AlreadyApplied();
      return { response, replayed: false };
    });
  } catch (error) {
    if (!(error instanceof AlreadyApplied)) throw error;
    // The winner committed before our insert returned, so its record is there to read.
    const recorded = await findRecorded<T>(em, key, ledger);
    if (recorded === null)
      throw new Error(`Action ${key.actionId} was claimed but its record is missing`, { cause: error });
    return { response: recorded, replayed: true };
  }
}

/** The recorded answer of an action applied earlier, or null when it is new; one look-up either way. */
export async function findRecorded<T>(
  em: EntityManager,
  key: ActionKey,
  ledger: ActionLedger = runActions,
): Promise<T | null> {
  const [action] = await em
    .fork()
    .getConnection()
    .execute<{ subject: string; kind: string; response: T }[]>(
      `select ${ledger.subject} as subject, kind, response from ${ledger.table} where action_id = ?`,
      [key.actionId],
    );
  if (!action) return null;
  if (action.subject !== key.runId || action.kind !== key.kind) {
    throw conflict('This action id was already used for another action. Send a new action id.');
  }
  return action.response;
}
