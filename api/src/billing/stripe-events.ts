import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import {
  planKeyIn,
  snapshotOfSubscription,
  type SubscriptionSnapshot,
} from '@turnproof/activities/subscription-snapshot';
import { BillingAccount, User } from '@turnproof/db';
import type { BillingEvent } from '@turnproof/workflows';
import { sendBillingEvent } from '@turnproof/temporal/client';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { serviceUnavailable } from '../http/errors.ts';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A Stripe object's subscription state as the event itself describes it; null for events we do not follow. */
function snapshotOf(event: Stripe.Event): SubscriptionSnapshot | null {
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
      const period = paid ? invoice.lines.data[0]?.period : undefined;
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

const uuid = z.uuid();

/** The owner an event belongs to: by the Stripe customer we stored, else by the user_id our checkout set. */
async function ownerOf(em: EntityManager, event: Stripe.Event): Promise<string | null> {
  const object = event.data.object as {
    customer?: string | { id: string } | null;
    metadata?: Stripe.Metadata | null;
    client_reference_id?: string | null;
    parent?: Stripe.Invoice['parent'];
  };
  const customerId = idOf(object.customer);
  if (customerId) {
    const account = await em.findOne(BillingAccount, { stripe_customer_id: customerId }, { fields: ['user'] });
    if (account) return account.user.id;
  }
  const claimed =
    object.metadata?.user_id ?? object.client_reference_id ?? object.parent?.subscription_details?.metadata?.user_id;
  if (!uuid.safeParse(claimed).success) return null;
  return (await em.count(User, { id: claimed })) ? (claimed as string) : null;
}

/**
 * Records a verified event once and hands it to the owner's billing workflow. The event row and the
 * signal share a transaction: when Temporal cannot take the signal, the row is rolled back and the
 * 503 makes Stripe deliver again; a redelivered id finds its row and changes nothing.
 */
export async function receiveStripeEvent(
  deps: Pick<AppDeps, 'temporal' | 'config' | 'billingDurations'>,
  em: EntityManager,
  event: Stripe.Event,
): Promise<{ received: true; duplicate: boolean }> {
  const snapshot = snapshotOf(event);
  const userId = snapshot ? await ownerOf(em, event) : null;
  return em.transactional(async (tx) => {
    const inserted = await tx
      .getConnection()
      .execute<{ id: string }[]>(
        'insert into stripe_events (id, type, user_id, received_at) values (?, ?, ?, now()) on conflict (id) do nothing returning id',
        [event.id, event.type, userId],
        'all',
        tx.getTransactionContext(),
      );
    if (inserted.length === 0) return { received: true, duplicate: true };
    if (userId && snapshot) {
      const billingEvent: BillingEvent = {
        id: event.id,
        type: event.type,
        created: event.created,
        customerId: idOf((event.data.object as { customer?: string | { id: string } | null }).customer),
        snapshot,
      };
      await sendBillingEvent(deps.temporal, deps.config, userId, billingEvent, deps.billingDurations).catch(() => {
        throw serviceUnavailable('Billing could not take the event right now; Stripe will deliver it again.');
      });
    }
    return { received: true, duplicate: false };
  });
}
