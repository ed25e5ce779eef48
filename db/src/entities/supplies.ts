import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { createdAt, updatedAt, uuidPrimaryKey } from './common.ts';
import { Property } from './properties.ts';
import { Run } from './runs.ts';

/** A supply a property keeps stocked (toilet paper, coffee pods), with the quantity it should have on hand. */
export const Supply = defineEntity({
  name: 'Supply',
  tableName: 'supplies',
  checks: [{ name: 'supplies_par_level_range', expression: 'par_level between 0 and 100000' }],
  properties: {
    id: uuidPrimaryKey(),
    property: () => p.manyToOne(Property).deleteRule('cascade').index(),
    name: p.string(),
    /** What one counts in: 'rolls', 'pods', 'bottles'. */
    unit: p.string(),
    par_level: p.integer(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});

/** What the cleaner found: a count, or only that the supply is low or out (out counts as 0). */
export const SUPPLY_LEVELS = ['counted', 'low', 'out'] as const;
export type SupplyLevel = (typeof SUPPLY_LEVELS)[number];

/** A supply's count in one run (the cleaner's latest for that run); restocking reads each supply's newest. */
export const SupplyCount = defineEntity({
  name: 'SupplyCount',
  tableName: 'supply_counts',
  uniques: [{ name: 'supply_counts_supply_run_unique', properties: ['supply', 'run'] }],
  properties: {
    id: uuidPrimaryKey(),
    supply: () => p.manyToOne(Supply).deleteRule('cascade').index(),
    run: () => p.manyToOne(Run).deleteRule('cascade').index(),
    /** Null when the cleaner only said it is low. */
    count: p.integer().nullable(),
    level: p.enum(SUPPLY_LEVELS),
    /** When the cleaner counted (the phone's time, never ahead of the server's): an older replay never overwrites. */
    counted_at: p.datetime(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});

export type Supply = InferEntity<typeof Supply>;
export type SupplyCount = InferEntity<typeof SupplyCount>;
