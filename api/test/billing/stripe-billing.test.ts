import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordHistory } from '../../../temporal/test/support/record-history.ts';
import { signedInOwner } from '../support/browser.ts';
import { setBillingState } from '../support/billing-state.ts';
import { signedDelivery, startStripeMock, type StripeMock } from '../support/stripe-mock.ts';
import {
  checkoutCompleted,
  deliver,
  eventsApplied,
  invoice,
  metadataOf,
  ownerAtCheckout,
  stripeEvent,
  type Subscriber,
} from '../support/stripe-events.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

// Skipped time: the grace after a failed payment is 7 days in production, a few seconds here.
const GRACE_MS = 4_000;

let stripeMock: StripeMock;
let api: TestApi;
let worker: WorkerProcess;
beforeAll(async () => {
  stripeMock = await startStripeMock();
  api = await startTestApi({ env: stripeMock.env, billingDurations: { paymentGraceMs: GRACE_MS } });
  worker = await startWorkerProcess(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await stripeMock?.close();
});

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
const DAY = 24 * 60 * 60;
const t0 = Math.floor(Date.now() / 1000);

const subscriptionDeleted = (s: Subscriber, created: number) =>
  stripeEvent(
    'customer.subscription.deleted',
    {
      id: s.subscription,
      object: 'subscription',
      customer: s.customer,
      status: 'canceled',
      cancel_at_period_end: false,
      metadata: metadataOf(s),
      items: { object: 'list', data: [{ current_period_start: t0, current_period_end: t0 + 30 * DAY }] },
    },
    created,
  );

const subscriptionOf = async (owner: Owner) => (await owner.get('/api/subscription')).body;

describe('POST /api/stripe/checkout and /portal', () => {
  it('answers a Checkout url for the plan with its trial, on one Stripe customer per owner', async () => {
    const owner = await signedInOwner(api);
    expect((await owner.post('/api/stripe/portal')).body.error).toBe(
      'No customer account found. Please subscribe to a plan first.',
    );

    const checkout = await owner.post('/api/stripe/checkout', { planKey: 'pro', coupon: 'LAUNCH20' });
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ ok: true, url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
    const sent = stripeMock.requestsTo('/v1/checkout/sessions').find((data) => data.includes(owner.userId)) ?? '';
    expect(sent).toContain('mode:subscription');
    expect(sent).toContain('trial_period_days:14');
    expect(sent).toContain('unit_amount:2900');
    expect(sent).toContain('coupon:LAUNCH20');
    expect(sent).toContain(`success_url:${api.config.publicOrigin}/payment-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(sent).toContain(`cancel_url:${api.config.publicOrigin}/payment-cancel`);

    expect((await owner.post('/api/stripe/checkout', { planKey: 'flex' })).status).toBe(200);
    const customersMade = stripeMock.requestsTo('/v1/customers').filter((data) => data.includes(owner.userId));
    expect(customersMade).toHaveLength(1);

    const portal = await owner.post('/api/stripe/portal');
    expect(portal.status).toBe(200);
    expect(portal.body).toMatchObject({ ok: true, url: expect.stringMatching(/^https:\/\//) });
  });

  it('applies only coupons of the server-side list: an internal coupon id from the client answers 400 and never reaches Stripe', async () => {
    const owner = await signedInOwner(api);
    const staff = await owner.post('/api/stripe/checkout', { planKey: 'team', coupon: 'STAFF100' });
    expect(staff.status).toBe(400);
    expect(staff.body.error).toBe('This coupon code is not valid.');
    expect(stripeMock.requestsTo('/v1/checkout/sessions').some((data) => data.includes(owner.userId))).toBe(false);
    expect(stripeMock.requestsTo('/v1/checkout/sessions').some((data) => data.includes('STAFF100'))).toBe(false);
  });

  it('answers random checkout bodies and random webhook deliveries with 4xx and a sentence, never 500', async () => {
    const owner = await signedInOwner(api);
    const body = fc.oneof(
      fc.record(
        { planKey: fc.oneof(fc.constantFrom('flex', 'pro', 'gold', ''), fc.jsonValue()), coupon: fc.jsonValue() },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const answer = await owner.post(
          '/api/stripe/checkout',
          typeof value === 'string' ? value : JSON.stringify(value),
        );
        expect(answer.status).toBeLessThan(500);
        if (answer.status >= 400) expect(typeof answer.body.error).toBe('string');
      }),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (payload, signature) => {
        const answer = await deliver(api, {}, { payload, signature });
        expect(answer.status).toBe(400);
        expect(typeof answer.body.error).toBe('string');
      }),
      { numRuns: 40 },
    );
  });

  it('refuses an unknown plan and a signed-out caller', async () => {
    const owner = await signedInOwner(api);
    const unknown = await owner.post('/api/stripe/checkout', { planKey: 'gold' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Choose a plan: flex, starter, pro or team.');
    const anonymous = await fetch(`${api.baseUrl}/api/stripe/checkout`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('turns the plan on after checkout.session.completed and invoice.paid, which opens the gated endpoints', async () => {
    const s = await ownerAtCheckout(api, 'pro');
    for (let i = 1; i <= 3; i += 1)
      await s.owner.post('/api/properties', { name: `Gate ${i}`, address: `${i} Gate St` });
    const refused = await s.owner.post('/api/properties', { name: 'Gate 4', address: '4 Gate St' });
    expect(refused.body.error).toBe("You've reached your limit of 3 properties. Upgrade for more.");

    expect((await deliver(api, checkoutCompleted(s, t0))).status).toBe(200);
    expect((await deliver(api, invoice('invoice.paid', s, t0, t0 + 1))).body).toEqual({
      received: true,
      duplicate: false,
    });
    await eventsApplied(api, s.owner.userId, 2);

    expect(await subscriptionOf(s.owner)).toMatchObject({
      subscribed: true,
      subscription_tier: 'professional',
      plan_key: 'pro',
      subscription_end: new Date((t0 + 30 * DAY) * 1000).toISOString(),
      usage: { used: 0, included: 40 },
    });
    expect((await s.owner.post('/api/properties', { name: 'Gate 4', address: '4 Gate St' })).status).toBe(201);
    // The subscription ended the sign-up trial early.
    expect(await api.temporal.workflow.getHandle(`trial/${s.owner.userId}`).result()).toEqual({
      outcome: 'subscribed',
    });
    const again = await s.owner.post('/api/stripe/checkout', { planKey: 'team' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('You already have a subscription. Change your plan in the customer portal.');
    const description = await api.temporal.workflow.getHandle(`billing/${s.owner.userId}`).describe();
    expect(description.typedSearchAttributes.getAll().map((pair) => [pair.key.name, pair.value])).toEqual(
      expect.arrayContaining([
        ['TurnproofOwnerId', s.owner.userId],
        ['TurnproofPlan', 'pro'],
      ]),
    );
  });

  it('applies an event delivered 3 times once; a failed payment sends dunning mail and drops to flex after the grace', async () => {
    const s = await ownerAtCheckout(api, 'team');
    await deliver(api, checkoutCompleted(s, t0));
    await eventsApplied(api, s.owner.userId, 1);

    const failed = invoice('invoice.payment_failed', s, t0 + 30 * DAY, t0 + 30 * DAY);
    const answers = await Promise.all([deliver(api, failed), deliver(api, failed), deliver(api, failed)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    const [stored] = await api.orm.em
      .getConnection()
      .execute<{ count: string }[]>('select count(*) from stripe_events where id = ?', [failed.id]);
    expect(stored?.count).toBe('1');

    const dunning = await api.mailbox.latest(s.owner.email, /^Payment failed/, 30_000);
    expect(dunning.subject).toBe('Payment failed: update your card to keep Turnproof Team');
    expect(dunning.text).toContain(`${api.config.publicOrigin}/subscription`);
    // During the grace the paid plan stays on.
    expect(await subscriptionOf(s.owner)).toMatchObject({
      subscribed: true,
      plan_key: 'team',
      subscription_tier: 'enterprise',
    });

    const downgraded = await api.mailbox.latest(s.owner.email, /now Flex/, 60_000);
    expect(downgraded.text).toContain('moved to Flex');
    expect(await subscriptionOf(s.owner)).toMatchObject({
      subscribed: true,
      plan_key: 'flex',
      subscription_tier: 'starter',
      usage: { included: 10 },
    });
    expect(
      api.mailbox.received.filter((m) => m.to.includes(s.owner.email) && /^Payment failed/.test(m.subject)),
    ).toHaveLength(1);
    const view = await eventsApplied(api, s.owner.userId, 2);
    expect(view).toMatchObject({ planKey: 'flex', planStatus: 'active', eventsApplied: 2 });
    if (process.env.RECORD_WORKFLOW_HISTORIES) {
      await recordHistory(api.config, 'billing-account-dunning', `billing/${s.owner.userId}`);
    }
  });

  it('ends in the right state whatever order the events arrive in', async () => {
    const s = await ownerAtCheckout(api, 'starter');
    // Cancelled last in Stripe's time, delivered first.
    await deliver(api, subscriptionDeleted(s, t0 + 60));
    await deliver(api, invoice('invoice.paid', s, t0, t0 + 10));
    await deliver(api, checkoutCompleted(s, t0));
    await eventsApplied(api, s.owner.userId, 3);
    expect(await subscriptionOf(s.owner)).toMatchObject({
      subscribed: false,
      subscription_tier: null,
      plan_key: 'flex',
    });

    const other = await ownerAtCheckout(api, 'pro');
    await deliver(api, invoice('invoice.paid', other, t0, t0 + 10));
    await deliver(api, checkoutCompleted(other, t0));
    await eventsApplied(api, other.owner.userId, 2);
    expect(await subscriptionOf(other.owner)).toMatchObject({ subscribed: true, plan_key: 'pro' });

    // An older subscription of the same owner that ends late does not end the newer one.
    const older = { ...other, subscription: `sub_test_${randomUUID()}` };
    await deliver(api, subscriptionDeleted(older, t0 + 50));
    await eventsApplied(api, other.owner.userId, 3);
    expect(await subscriptionOf(other.owner)).toMatchObject({ subscribed: true, plan_key: 'pro' });
  });

  it('rolls the period: resets the report count and bills the overage at the plan rate', async () => {
    const s = await ownerAtCheckout(api, 'starter');
    await deliver(api, checkoutCompleted(s, t0));
    await deliver(api, invoice('invoice.paid', s, t0, t0 + 1));
    await eventsApplied(api, s.owner.userId, 2);
    await setBillingState(api, s.owner.userId, { reports_this_period: 20 });
    expect((await subscriptionOf(s.owner)).usage).toEqual({
      used: 20,
      included: 15,
      percentage: 133,
      isOverLimit: true,
    });

    await deliver(api, invoice('invoice.paid', s, t0 + 30 * DAY, t0 + 30 * DAY));
    await eventsApplied(api, s.owner.userId, 3);
    expect((await subscriptionOf(s.owner)).usage).toEqual({ used: 0, included: 15, percentage: 0, isOverLimit: false });
    const billed = stripeMock.requestsTo('/v1/invoiceitems').filter((data) => data.includes(s.customer));
    expect(billed).toHaveLength(1);
    // 5 reports past the 15 included, at $1.50.
    expect(billed[0]).toContain('amount:750');
  });

  it('takes a signed event it does not follow, or one short of fields, without changing the plan', async () => {
    const s = await ownerAtCheckout(api, 'pro');
    const other = stripeEvent('customer.updated', { id: s.customer, object: 'customer', metadata: {} }, t0);
    expect(await deliver(api, other)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const bare = stripeEvent(
      'customer.subscription.updated',
      { id: s.subscription, object: 'subscription', customer: s.customer, status: 'active', metadata: {} },
      t0,
    );
    expect((await deliver(api, bare)).status).toBe(200);
    await eventsApplied(api, s.owner.userId, 1);
    // A subscription without our plan metadata names no paid plan: the owner gets flex, never more.
    expect(await subscriptionOf(s.owner)).toMatchObject({ plan_key: 'flex' });
  });

  it('answers 400 to a bad signature and changes nothing', async () => {
    const s = await ownerAtCheckout(api, 'pro');
    const event = checkoutCompleted(s, t0);
    const good = signedDelivery(event);
    const attempts = [
      signedDelivery(event, 'whsec_someone_else'),
      { payload: good.payload.replace('"pro"', '"team"'), signature: good.signature },
      { payload: good.payload, signature: '' },
      {
        payload: good.payload,
        signature: new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
          payload: good.payload,
          secret: stripeMock.env.STRIPE_WEBHOOK_SECRET,
          timestamp: Math.floor(Date.now() / 1000) - 301,
        }),
      },
    ];
    for (const attempt of attempts) {
      const answer = await deliver(api, event, attempt);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    const [stored] = await api.orm.em
      .getConnection()
      .execute<{ count: string }[]>('select count(*) from stripe_events where id = ?', [event.id]);
    expect(stored?.count).toBe('0');
    expect(await subscriptionOf(s.owner)).toMatchObject({ subscribed: false, subscription_tier: null });
    await expect(api.temporal.workflow.getHandle(`billing/${s.owner.userId}`).describe()).rejects.toThrow();
  });
});
