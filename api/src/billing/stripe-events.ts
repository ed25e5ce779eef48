import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { idOf, snapshotOfEvent } from '@turnproof/activities/subscription-snapshot';
import { BillingAccount, User } from '@turnproof/db';
import type { BillingEvent } from '@turnproof/workflows';
import { sendBillingEvent } from '@turnproof/temporal/client';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { serviceUnavailable } from '../http/errors.ts';

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
  const snapshot = snapshotOfEvent(event);
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
