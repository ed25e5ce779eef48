import type { EntityManager } from '@mikro-orm/postgresql';
import type { SupplyLevel } from '../entities/supplies.ts';

/** A supply below its par level by its newest count: what to bring to the property. */
export interface RestockLine {
  supply_id: string;
  property_id: string;
  property: string;
  /** The property's zone, for the time a person reads. */
  timezone: string;
  name: string;
  unit: string;
  /** The newest count; null when the cleaner only said it is low. */
  count: number | null;
  level: SupplyLevel;
  par_level: number;
  /** Par level minus the count; null for a supply only said to be low (how many is unknown). */
  needed: number | null;
  counted_at: string;
  /** The run the count was made in. */
  run_id: string;
}

/**
 * What each of an owner's properties needs (one property's with `propertyId`): every supply whose newest
 * count is below par or was said to be low, by property name then supply name. Supplies never counted are
 * not in it: nobody knows they are short.
 */
export async function restockLines(em: EntityManager, ownerId: string, propertyId?: string): Promise<RestockLine[]> {
  const rows = await em
    .getConnection()
    .execute<(Omit<RestockLine, 'counted_at' | 'needed'> & { counted_at: string | Date })[]>(
      `select s.id as supply_id, p.id as property_id, p.name as property, p.timezone, s.name, s.unit, s.par_level,
            latest.count, latest.level, latest.counted_at, latest.run_id
       from supplies s
       join properties p on p.id = s.property_id
       join lateral (select c.count, c.level, c.counted_at, c.run_id from supply_counts c
                      where c.supply_id = s.id order by c.counted_at desc, c.updated_at desc limit 1) latest on true
      where p.owner_id = ? and (?::uuid is null or p.id = ?::uuid)
        and (latest.level = 'low' or latest.count < s.par_level)
      order by p.name, p.id, s.name, s.id`,
      [ownerId, propertyId ?? null, propertyId ?? null],
    );
  return rows.map((row) => ({
    ...row,
    needed: row.count === null ? null : row.par_level - row.count,
    counted_at: new Date(row.counted_at).toISOString(),
  }));
}

/** One supply as a run shows it: the property's supply and this run's count of it, if any. */
export interface RunSupply {
  id: string;
  name: string;
  unit: string;
  par_level: number;
  count: number | null;
  level: SupplyLevel | null;
}

/**
 * The property's supplies with this run's counts, by name (every run of the property lists them); only
 * `supplyId` with it. Inside a transaction, read in it.
 */
export async function runSupplies(em: EntityManager, runId: string, supplyId?: string): Promise<RunSupply[]> {
  return em.getConnection().execute<RunSupply[]>(
    `select s.id, s.name, s.unit, s.par_level, c.count, c.level
       from runs r
       join supplies s on s.property_id = r.property_id
       left join supply_counts c on c.supply_id = s.id and c.run_id = r.id
      where r.id = ? and (?::uuid is null or s.id = ?::uuid)
      order by s.name, s.id`,
    [runId, supplyId ?? null, supplyId ?? null],
    'all',
    em.getTransactionContext(),
  );
}
