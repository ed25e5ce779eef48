import { defineEntity, type InferEntity, p, types } from '@mikro-orm/core';
import { User } from './accounts.ts';
import { createdAt, updatedAt, uuidPrimaryKey } from './common.ts';
import { Property, TeamMember } from './properties.ts';
import { Run } from './runs.ts';

/** What a member earns per run and per hour; with a property, for that property instead of the member's own. */
export const PayRate = defineEntity({
  name: 'PayRate',
  tableName: 'pay_rates',
  properties: {
    id: uuidPrimaryKey(),
    team_member: () => p.manyToOne(TeamMember).deleteRule('cascade'),
    property: () => p.manyToOne(Property).deleteRule('cascade').nullable(),
    per_run_cents: p.integer().default(0),
    per_hour_cents: p.integer().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});
export type PayRate = InferEntity<typeof PayRate>;

/** A member's pay for the runs they completed in a period (dates in each property's zone); fixed once sent. */
export const PayStatement = defineEntity({
  name: 'PayStatement',
  tableName: 'pay_statements',
  properties: {
    id: uuidPrimaryKey(),
    owner: () => p.manyToOne(User).deleteRule('cascade').index(),
    team_member: () => p.manyToOne(TeamMember).deleteRule('cascade').index(),
    /** 'YYYY-MM-DD', both days included. */
    period_from: p.type(types.date),
    period_to: p.type(types.date),
    currency: p.string().length(3).default('USD'),
    total_cents: p.integer().default(0),
    /** Set when the statement was sent to the member: from then on its lines are never recomputed. */
    sent_at: p.datetime().nullable(),
    lines: () => p.oneToMany(PayStatementLine).mappedBy('statement').orderBy({ order_index: 'asc' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});
export type PayStatement = InferEntity<typeof PayStatement>;

/** One run of a statement with the rates that applied; copies of the run's facts, so the line outlives edits. */
export const PayStatementLine = defineEntity({
  name: 'PayStatementLine',
  tableName: 'pay_statement_lines',
  properties: {
    id: uuidPrimaryKey(),
    statement: () => p.manyToOne(PayStatement).deleteRule('cascade').index(),
    run: () => p.manyToOne(Run).deleteRule('set null').nullable().index(),
    property_name: p.string(),
    property_timezone: p.string(),
    run_name: p.string(),
    started_at: p.datetime().nullable(),
    completed_at: p.datetime(),
    work_seconds: p.integer(),
    per_run_cents: p.integer(),
    per_hour_cents: p.integer(),
    amount_cents: p.integer(),
    order_index: p.integer(),
  },
});
export type PayStatementLine = InferEntity<typeof PayStatementLine>;
