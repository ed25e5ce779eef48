import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { idOf, snapshotOfEvent } from '@turnproof/platform/subscription-snapshot';
import { BillingAccount, User } from '@turnproof/db';
import type { BillingEvent } from '@turnproof/workflows';
import { z } from 'zod';
import { productionBillingDurations } from '@turnproof/config';
import type { AppDeps } from '../app-deps.ts';
import { enqueueBillingEvent } from '../outbox/outbox-writes.ts';

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
 * Records a verified event once and hands it to the owner's billing workflow through the workflow
 * outbox: the event row and the outbox message share a transaction, so Stripe gets its answer at once
 * and the relay delivers the event whenever Temporal takes it; a redelivered id finds its row and
 * changes nothing.
 */
export async function receiveStripeEvent(
  deps: Pick<AppDeps, 'config' | 'billingDurations' | 'outbox'>,
  em: EntityManager,
  event: Stripe.Event,
): Promise<{ received: true; duplicate: boolean }> {
  const snapshot = snapshotOfEvent(event);
  const userId = snapshot ? await ownerOf(em, event) : null;
  const received = await em.transactional(async (tx): Promise<{ received: true; duplicate: boolean }> => {
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
      await enqueueBillingEvent(tx, {
        userId,
        event: billingEvent,
        durations: deps.billingDurations ?? productionBillingDurations,
        taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
      });
    }
    return { received: true, duplicate: false };
  });
  deps.outbox.nudge();
  return received;
}
