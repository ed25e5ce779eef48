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
  // Optional chaining: a signed event is Stripe's, but one short of fields must not fail the webhook.
  const item = subscription.items?.data?.[0];
  return {
    subscriptionId: subscription.id,
    status: subscription.status,
    planKey: planKeyIn(subscription.metadata),
    periodStart: item?.current_period_start ?? null,
    periodEnd: item?.current_period_end ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
  };
}

/** The id of a Stripe field that holds either an id or the expanded object. */
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A Stripe object's subscription state as the event itself describes it; null for events we do not follow. */
export function snapshotOfEvent(event: Stripe.Event): SubscriptionSnapshot | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return null;
      const status =
        session.payment_status === 'paid'
          ? 'active'
          : session.payment_status === 'no_payment_required'
            ? 'trialing'
            : 'incomplete';
      const planKey = planKeyIn(session.metadata);
      return {
        subscriptionId: idOf(session.subscription),
        status,
        planKey,
        periodStart: null,
        periodEnd: null,
        cancelAtPeriodEnd: false,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return snapshotOfSubscription(event.data.object);
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      if (!details) return null;
      const paid = event.type === 'invoice.paid';
      // A paid invoice opens the period its lines cover; a failed one changes no period.
      const period = paid ? invoice.lines?.data?.[0]?.period : undefined;
      return {
        subscriptionId: idOf(details.subscription),
        status: paid ? 'active' : 'past_due',
        planKey: planKeyIn(details.metadata),
        periodStart: period?.start ?? null,
        periodEnd: period?.end ?? null,
        cancelAtPeriodEnd: false,
      };
    }
    default:
      return null;
  }
}
