import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { planStatusOf, snapshotOfEvent } from '../src/subscription-snapshot.ts';

const event = (type: string, object: object) => ({ type, data: { object } }) as unknown as Stripe.Event;
const ours = { user_id: '6f1c3d2e-0000-4000-8000-000000000001', plan_key: 'pro' };

describe('planStatusOf', () => {
  it("maps Stripe's subscription statuses to access", () => {
    expect(['active', 'trialing'].map(planStatusOf)).toEqual(['active', 'active']);
    expect(['past_due', 'unpaid'].map(planStatusOf)).toEqual(['past_due', 'past_due']);
    expect(['canceled', 'incomplete', 'incomplete_expired', 'paused'].map(planStatusOf)).toEqual([
      'none',
      'none',
      'none',
      'none',
    ]);
  });
});

describe('snapshotOfEvent', () => {
  it('reads a completed subscription checkout: trialing when nothing was paid yet, the plan from our metadata', () => {
    const snapshot = snapshotOfEvent(
      event('checkout.session.completed', {
        mode: 'subscription',
        subscription: 'sub_1',
        payment_status: 'no_payment_required',
        metadata: ours,
      }),
    );
    expect(snapshot).toEqual({
      subscriptionId: 'sub_1',
      status: 'trialing',
      planKey: 'pro',
      periodStart: null,
      periodEnd: null,
      cancelAtPeriodEnd: false,
    });
    expect(snapshotOfEvent(event('checkout.session.completed', { mode: 'payment', metadata: ours }))).toBeNull();
  });

  it('reads the period of a paid invoice and no period of a failed one', () => {
    const invoice = (type: string) =>
      snapshotOfEvent(
        event(type, {
          parent: { subscription_details: { subscription: { id: 'sub_2' }, metadata: { ...ours, plan_key: 'team' } } },
          lines: { data: [{ period: { start: 100, end: 200 } }] },
        }),
      );
    expect(invoice('invoice.paid')).toMatchObject({
      subscriptionId: 'sub_2',
      status: 'active',
      planKey: 'team',
      periodStart: 100,
      periodEnd: 200,
    });
    expect(invoice('invoice.payment_failed')).toMatchObject({ status: 'past_due', periodStart: null });
    expect(snapshotOfEvent(event('invoice.paid', { parent: null, lines: { data: [] } }))).toBeNull();
  });

  it('reads a subscription, ignores an unknown plan key and events it does not follow', () => {
    const snapshot = snapshotOfEvent(
      event('customer.subscription.deleted', {
        id: 'sub_3',
        status: 'canceled',
        metadata: { plan_key: 'gold' },
        items: { data: [{ current_period_start: 1, current_period_end: 2 }] },
      }),
    );
    expect(snapshot).toEqual({
      subscriptionId: 'sub_3',
      status: 'canceled',
      planKey: null,
      periodStart: 1,
      periodEnd: 2,
      cancelAtPeriodEnd: false,
    });
    expect(snapshotOfEvent(event('customer.created', {}))).toBeNull();
  });
});
