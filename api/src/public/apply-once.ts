import type { EntityManager } from '@mikro-orm/postgresql';
import { ProcessedAction } from '@turnproof/db';
import { conflict } from '../http/errors.ts';

export interface ActionKey {
  runId: string;
  actionId: string;
  kind: string;
}

/**
 * Applies a runner action at most once per client action id: the id is claimed in the same
 * transaction as the change, so a retried or replayed action (even concurrently) gets the first
 * answer back instead of applying again. A failed action claims nothing and may be retried.
 */
export async function applyOnce<T>(
  em: EntityManager,
  key: ActionKey,
  work: (tx: EntityManager) => Promise<T>,
): Promise<{ response: T; replayed: boolean }> {
  return em.transactional(async (tx) => {
    const claimed = await tx.getConnection().execute<{ action_id: string }[]>(
      `insert into processed_actions (action_id, run_id, kind, created_at) values (?, ?, ?, now())
         on conflict (action_id) do nothing returning action_id`,
      [key.actionId, key.runId, key.kind],
      'all',
      tx.getTransactionContext(),
    );
    if (claimed.length === 0) return { response: await recordedResponse<T>(tx, key), replayed: true };
    const response = await work(tx);
    await tx.nativeUpdate(ProcessedAction, { action_id: key.actionId }, { response: response as object });
    return { response, replayed: false };
  });
}

export async function recordedResponse<T>(em: EntityManager, key: ActionKey): Promise<T> {
  const action = await em.findOneOrFail(ProcessedAction, { action_id: key.actionId });
  if (action.run.id !== key.runId || action.kind !== key.kind) {
    throw conflict('This action id was already used for another action. Send a new action id.');
  }
  return action.response as T;
}

/** The recorded answer of an action applied earlier, or null when it is new. */
export async function findRecorded<T>(em: EntityManager, key: ActionKey): Promise<T | null> {
  const action = await em.fork().findOne(ProcessedAction, { action_id: key.actionId });
  return action ? recordedResponse<T>(em.fork(), key) : null;
}
