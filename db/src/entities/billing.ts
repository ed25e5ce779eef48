import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './accounts.ts';
import { createdAt, PLAN_KEYS, updatedAt, uuidPrimaryKey } from './common.ts';

/**
 * none: no plan chosen (or paid access ended); active: the plan is on; past_due: a payment failed and
 * the plan stays on until grace_ends_at, when the billing workflow drops the owner to flex.
 */
export const PLAN_STATUSES = ['none', 'active', 'past_due'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const BillingAccount = defineEntity({
  name: 'BillingAccount',
  tableName: 'billing_accounts',
  properties: {
    user: () => p.oneToOne(User).primary().deleteRule('cascade').fieldName('user_id'),
    stripe_customer_id: p.string().nullable().unique(),
    /** The plan billed (flex until the owner picks one); whether it gives access is plan_status. */
    plan_key: p.enum(PLAN_KEYS).default('flex'),
    plan_status: p.enum(PLAN_STATUSES).default('none'),
    /** End of the no-card trial (professional access); set at sign-up, moved forward when it ends early. */
    trial_ends_at: p.datetime().nullable().index(),
    /** End of the grace after a failed payment. */
    grace_ends_at: p.datetime().nullable(),
    reports_this_period: p.integer().default(0),
    current_period_start: p.datetime().nullable(),
    current_period_end: p.datetime().nullable(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});

export const BillingSubscription = defineEntity({
  name: 'BillingSubscription',
  tableName: 'billing_subscriptions',
  properties: {
    id: uuidPrimaryKey(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    stripe_subscription_id: p.string().unique(),
    plan_key: p.enum(PLAN_KEYS),
    status: p.string(),
    current_period_end: p.datetime().nullable(),
    cancel_at_period_end: p.boolean().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});

/** Every verified Stripe event once: the primary key refuses a redelivered event id. */
export const StripeEvent = defineEntity({
  name: 'StripeEvent',
  tableName: 'stripe_events',
  properties: {
    id: p.string().primary(),
    type: p.string(),
    user: () => p.manyToOne(User).deleteRule('cascade').nullable(),
    received_at: createdAt(),
  },
});

/** One redemption per organisation and code (the org id is the owner's user id). */
export const PromoRedemption = defineEntity({
  name: 'PromoRedemption',
  tableName: 'promo_redemptions',
  uniques: [{ properties: ['org_id', 'code'] }],
  properties: {
    id: uuidPrimaryKey(),
    org_id: p.uuid(),
    code: p.string(),
    redeemed_by: () => p.manyToOne(User).deleteRule('cascade'),
    credits_granted: p.integer(),
    expires_at: p.datetime(),
    created_at: createdAt(),
  },
});

export const ReportCredit = defineEntity({
  name: 'ReportCredit',
  tableName: 'report_credits',
  properties: {
    id: uuidPrimaryKey(),
    org_id: p.uuid().index(),
    redemption: () => p.manyToOne(PromoRedemption).deleteRule('cascade').nullable(),
    remaining: p.integer(),
    expires_at: p.datetime(),
    created_at: createdAt(),
  },
});

/**
 * E-mails that must go out at most once (trial reminders, usage warnings, weekly summaries): the key is
 * claimed in the same breath as the send, so a retried activity never mails twice.
 */
export const SentNotice = defineEntity({
  name: 'SentNotice',
  tableName: 'sent_notices',
  properties: {
    key: p.string().primary(),
    created_at: createdAt(),
  },
});

export type BillingAccount = InferEntity<typeof BillingAccount>;
export type BillingSubscription = InferEntity<typeof BillingSubscription>;
export type StripeEvent = InferEntity<typeof StripeEvent>;
export type PromoRedemption = InferEntity<typeof PromoRedemption>;
export type ReportCredit = InferEntity<typeof ReportCredit>;
export type SentNotice = InferEntity<typeof SentNotice>;
