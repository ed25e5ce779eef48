import { isPlanKey, type PlanKey } from '@turnproof/config';
import type { PlanStatus } from '@turnproof/db';
import type Stripe from 'stripe';

export interface SubscriptionSnapshot {
  subscriptionId: string | null;
  status: string;
  planKey: PlanKey | null;
  periodStart: number | null;
  periodEnd: number | null;
  cancelAtPeriodEnd: boolean;
}

/** Stripe's subscription status as our access: paying or trialing is on, unpaid is dunning, the rest is off. */
export function planStatusOf(stripeStatus: string): PlanStatus {
  if (stripeStatus === 'active' || stripeStatus === 'trialing') return 'active';
  if (stripeStatus === 'past_due' || stripeStatus === 'unpaid') return 'past_due';
  return 'none';
}

export const planKeyIn = (metadata: Stripe.Metadata | null | undefined): PlanKey | null =>
  isPlanKey(metadata?.plan_key) ? metadata.plan_key : null;

/** Our checkout writes user_id and plan_key into the subscription's metadata. */
export function snapshotOfSubscription(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  return {
    subscriptionId: subscription.id,
    status: subscription.status,
    planKey: planKeyIn(subscription.metadata),
    periodStart: item?.current_period_start ?? null,
    periodEnd: item?.current_period_end ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}
