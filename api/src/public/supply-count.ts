import type { EntityManager } from '@mikro-orm/postgresql';
import { type RunSupply, runSupplies } from '@turnproof/db';
import type { z } from 'zod';
import { forbidden } from '../http/errors.ts';
import type { supplyCountBody } from './public-input.ts';

export const foreignSupplyMessage = "This supply is not one of this property's supplies.";

/**
 * Stores the cleaner's count of a supply of the run's property for this run (one per supply and run), unless
 * an action newer than this one already did: an offline count replayed late never overwrites a newer one.
 * A supply of another property is refused (403).
 */
export async function applySupplyCount(
  tx: EntityManager,
  runId: string,
  body: z.output<typeof supplyCountBody>,
  at: Date,
): Promise<{ applied: boolean; supply: RunSupply }> {
  const connection = tx.getConnection();
  const context = tx.getTransactionContext();
  const written = await connection.execute<{ id: string }[]>(
    `insert into supply_counts (id, supply_id, run_id, count, level, counted_at, created_at, updated_at)
       select gen_random_uuid(), s.id, r.id, ?, ?, ?, now(), now()
         from supplies s join runs r on r.property_id = s.property_id where s.id = ? and r.id = ?
     on conflict (supply_id, run_id) do update set count = excluded.count, level = excluded.level,
       counted_at = excluded.counted_at, updated_at = now()
       where supply_counts.counted_at <= excluded.counted_at
     returning id`,
    [body.count, body.level, at, body.supply_id, runId],
    'all',
    context,
  );
  const [supply] = await runSupplies(tx, runId, body.supply_id);
  if (!supply) throw forbidden(foreignSupplyMessage);
  return { applied: written.length > 0, supply };
}
