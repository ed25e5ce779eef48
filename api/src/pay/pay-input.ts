import { z } from 'zod';

export const payMessages = {
  statementNotFound: 'Pay statement not found.',
  propertyNotFound: 'Property not found. It is not one of yours.',
  periodOrder: 'The period ends before it starts: "to" must be on or after "from".',
  periodLength: 'A period is at most 366 days.',
  sentFixed: 'The statement was sent; it can no longer change.',
};

const MAX_PERIOD_DAYS = 366;
const DAY_MS = 86_400_000;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Zod runs every check, so a text that is no date at all is left to the pattern's message. */
const realDay = (value: string) => {
  if (!DAY_PATTERN.test(value)) return true;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};

/** A calendar day 'YYYY-MM-DD' that exists (no 2026-02-30). */
const day = (field: string) =>
  z
    .string({ error: `${field} is required (YYYY-MM-DD).` })
    .regex(DAY_PATTERN, `${field} must be a date as YYYY-MM-DD.`)
    .refine(realDay, `${field} is not a real date.`);

/** From and to, both days included, in each property's own time zone. */
export const periodFields = { from: day('from'), to: day('to') };

export type Period = { from: string; to: string };

const checkPeriod = (period: Period, context: z.core.$RefinementCtx) => {
  const days = (Date.parse(period.to) - Date.parse(period.from)) / DAY_MS;
  if (days < 0) context.addIssue({ code: 'custom', message: payMessages.periodOrder, path: ['to'] });
  else if (days >= MAX_PERIOD_DAYS)
    context.addIssue({ code: 'custom', message: payMessages.periodLength, path: ['to'] });
};

export const timesheetQuery = z
  .object({ ...periodFields, member_id: z.uuid({ error: 'member_id must be a team member id.' }).optional() })
  .superRefine(checkPeriod);

export const statementBody = z
  .object({ ...periodFields, member_id: z.uuid({ error: 'member_id must be a team member id.' }) })
  .superRefine(checkPeriod);

const cents = (field: string) =>
  z
    .number({ error: `${field} must be an amount in cents.` })
    .int(`${field} must be whole cents.`)
    .min(0, `${field} cannot be negative.`)
    .max(100_000_000, `${field} is too large.`);

const rate = { per_run_cents: cents('per_run_cents'), per_hour_cents: cents('per_hour_cents') };

/** A member's own rates and, per property, rates that replace them there. */
export const payRatesBody = z.object({
  ...rate,
  overrides: z
    .array(z.object({ property_id: z.uuid({ error: 'property_id must be a property id.' }), ...rate }))
    .max(500)
    .refine(
      (list) => new Set(list.map((item) => item.property_id)).size === list.length,
      'A property can have one override only.',
    )
    .default([]),
});
export type PayRatesInput = z.output<typeof payRatesBody>;
