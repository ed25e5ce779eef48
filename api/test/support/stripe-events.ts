import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { billingViewQuery } from '@turnproof/workflows';
import { expect } from 'vitest';
import { signedInOwner } from './browser.ts';
import { setBillingState } from './billing-state.ts';
import { signedDelivery } from './stripe-mock.ts';
import type { TestApi } from './test-api.ts';

const DAY = 24 * 60 * 60;

/**
 * An owner who went through our checkout, so they have a Stripe customer; and their subscription id.
 * The sign-up trial is taken away, so what the owner may do comes from the subscription alone.
 */
export async function ownerAtCheckout(api: TestApi, planKey = 'pro') {
  const owner = await signedInOwner(api);
  await setBillingState(api, owner.userId, { trial_ends_at: null });
  const checkout = await owner.post('/api/stripe/checkout', { planKey });
  expect(checkout.status).toBe(200);
  const [account] = await api.orm.em
    .getConnection()
    .execute<{ stripe_customer_id: string }[]>('select stripe_customer_id from billing_accounts where user_id = ?', [
      owner.userId,
    ]);
  return { owner, customer: account?.stripe_customer_id as string, subscription: `sub_test_${randomUUID()}`, planKey };
}
export type Subscriber = Awaited<ReturnType<typeof ownerAtCheckout>>;

/** Stripe events shaped as the API version of our SDK sends them. */
export function stripeEvent(type: string, object: object, created: number) {
  return {
    id: `evt_test_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}
export const metadataOf = (s: Subscriber) => ({ user_id: s.owner.userId, plan_key: s.planKey });

export const checkoutCompleted = (s: Subscriber, created: number) =>
  stripeEvent(
    'checkout.session.completed',
    {
      id: `cs_test_${randomUUID()}`,
      object: 'checkout.session',
      mode: 'subscription',
      customer: s.customer,
      subscription: s.subscription,
      client_reference_id: s.owner.userId,
      // Monthly plans start with the 14-day trial: nothing to pay yet.
      payment_status: 'no_payment_required',
      status: 'complete',
      metadata: metadataOf(s),
    },
    created,
  );

export const invoice = (
  type: 'invoice.paid' | 'invoice.payment_failed',
  s: Subscriber,
  periodStart: number,
  created: number,
) =>
  stripeEvent(
    type,
    {
      id: `in_test_${randomUUID()}`,
      object: 'invoice',
      customer: s.customer,
      billing_reason: 'subscription_cycle',
      status: type === 'invoice.paid' ? 'paid' : 'open',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: s.subscription, metadata: metadataOf(s) },
      },
      lines: { object: 'list', data: [{ period: { start: periodStart, end: periodStart + 30 * DAY } }] },
    },
    created,
  );

/** Posts an event to the webhook as Stripe delivers it (signed), or with the delivery given. */
export async function deliver(api: TestApi, event: object, delivery = signedDelivery(event)) {
  const response = await fetch(`${api.baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': delivery.signature },
    body: delivery.payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Waits until the owner's billing workflow has applied this many events. */
export async function eventsApplied(api: TestApi, userId: string, count: number) {
  const handle = api.temporal.workflow.getHandle(`billing/${userId}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const view = await handle.query(billingViewQuery).catch(() => null);
    if (view && view.eventsApplied >= count) return view;
    if (Date.now() > deadline) throw new Error(`billing/${userId} applied ${view?.eventsApplied ?? 0} of ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
