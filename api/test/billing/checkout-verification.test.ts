import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, goodPassword, signedInOwner, uniqueEmail } from '../support/browser.ts';
import { setBillingState } from '../support/billing-state.ts';
import { startStripeMock, type StripeMock } from '../support/stripe-mock.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

/**
 * What /payment-success asks the server (GET /api/stripe/checkout-sessions/{id}), against stripe-mock, and
 * the promo code of the sign-up form (POST /api/auth/signup with promo_code), granted by the real worker.
 */

let stripeMock: StripeMock;
let api: TestApi;
let worker: WorkerProcess;
beforeAll(async () => {
  stripeMock = await startStripeMock();
  api = await startTestApi({ env: stripeMock.env });
  worker = await startWorkerProcess(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await stripeMock?.close();
});

/** The Checkout Session id our checkout made for the owner (as Stripe will put it in the success URL). */
async function checkoutSessionOf(owner: Awaited<ReturnType<typeof signedInOwner>>, planKey = 'starter') {
  const checkout = await owner.post('/api/stripe/checkout', { planKey });
  expect(checkout.status).toBe(200);
  const [row] = await api.orm.em.getConnection().execute<{ session_id: string }[]>(
    `select details->>'session_id' as session_id from user_activity
        where user_id = ? and activity_type = 'checkout_started' order by created_at desc limit 1`,
    [owner.userId],
  );
  expect(row?.session_id).toMatch(/^cs_test_/);
  return row!.session_id;
}

describe('GET /api/stripe/checkout-sessions/{id}', () => {
  it("answers the owner's own session from Stripe and whether the plan is on yet", async () => {
    const owner = await signedInOwner(api);
    await setBillingState(api, owner.userId, { trial_ends_at: null });
    const sessionId = await checkoutSessionOf(owner);
    expect(stripeMock.requestsTo(`/v1/checkout/sessions/${sessionId}`, 'GET')).toHaveLength(0);

    const before = await owner.get(`/api/stripe/checkout-sessions/${sessionId}`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      session_id: sessionId,
      plan_key: 'starter',
      subscribed: false,
      subscription_tier: null,
    });
    expect(['open', 'complete', 'expired']).toContain(before.body.status);
    // Stripe itself was asked for this very session.
    expect(stripeMock.requestsTo(`/v1/checkout/sessions/${sessionId}`, 'GET')).toHaveLength(1);

    // What the billing workflow writes once Stripe's webhook arrives.
    await setBillingState(api, owner.userId, { plan_key: 'starter', plan_status: 'active' });
    const after = await owner.get(`/api/stripe/checkout-sessions/${sessionId}`);
    expect(after.body).toMatchObject({ subscribed: true, subscription_tier: 'starter' });

    // The checkout is in the owner's activity.
    const activity = await owner.get('/api/profile/activity');
    expect(activity.body.map((entry: { summary: string }) => entry.summary)).toContain(
      'Checkout started: Turnproof Starter',
    );
  });

  it("refuses someone else's, an unknown and a malformed session id, and a visitor, with {error}", async () => {
    const owner = await signedInOwner(api);
    const other = await signedInOwner(api);
    const sessionId = await checkoutSessionOf(owner);

    const foreign = await other.get(`/api/stripe/checkout-sessions/${sessionId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: 'Checkout session not found.' });

    const unknown = await owner.get('/api/stripe/checkout-sessions/cs_test_neverMadeByUs123');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Checkout session not found.');

    for (const bad of ['nope', 'cs_test_', 'pi_test_123', `cs_test_${'a'.repeat(300)}`, 'cs_test_a%20b']) {
      const answer = await owner.get(`/api/stripe/checkout-sessions/${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.error).toContain('session_id');
    }
    // Nothing was asked of Stripe for the refused ones.
    expect(stripeMock.requestsTo('/v1/checkout/sessions/cs_test_neverMadeByUs123', 'GET')).toHaveLength(0);

    const visitor = await new Browser(api.baseUrl).get(`/api/stripe/checkout-sessions/${sessionId}`);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error).toBe('Authentication required');
  });
});

describe('POST /api/auth/signup with a promo code', () => {
  const credits = async (userId: string) =>
    Number(
      (
        await api.orm.em
          .getConnection()
          .execute<{ n: string | null }[]>(
            'select sum(remaining) as n from report_credits where org_id = ? and expires_at > now()',
            [userId],
          )
      )[0]?.n ?? 0,
    );

  it('applies a valid code to the new account: its credits show once signed in', async () => {
    const email = uniqueEmail('promo');
    const visitor = new Browser(api.baseUrl);
    const signUp = await visitor.post('/api/auth/signup', {
      email,
      password: goodPassword,
      full_name: 'Promo Host',
      promo_code: ' turnproof5 ',
    });
    expect(signUp.status).toBe(201);
    expect(signUp.body.promo).toEqual({
      ok: true,
      code: 'TURNPROOF5',
      message: 'Promo code applied: 5 free reports added.',
      credits: 5,
    });
    const owner = await signedInOwner(api, email);
    await expect.poll(() => credits(owner.userId), { timeout: 30_000 }).toBe(5);
    expect((await owner.get('/api/promo/status')).body).toEqual({ ok: true, remaining: 5 });
    expect((await owner.get('/api/subscription')).body.credits).toBe(5);
    // Applying it again later finds the redemption made at sign-up: no second grant.
    const again = await owner.post('/api/promo/apply', { code: 'TURNPROOF5' });
    expect(again.body.message).toBe('This promo code is already applied to your organisation.');
    expect(await credits(owner.userId)).toBe(5);
  });

  it('creates the account anyway when the code cannot be applied, and says why', async () => {
    for (const [code, message] of [
      ['FREEBIES', 'Invalid promo code'],
      ['NOT A CODE!', 'Please enter a valid promo code'],
    ] as const) {
      const email = uniqueEmail('badpromo');
      const answer = await new Browser(api.baseUrl).post('/api/auth/signup', {
        email,
        password: goodPassword,
        full_name: 'Promo Host',
        promo_code: code,
      });
      expect(answer.status).toBe(201);
      expect(answer.body.promo).toMatchObject({ ok: false, message, credits: 0 });
      const owner = await signedInOwner(api, email);
      expect(await credits(owner.userId)).toBe(0);
    }
    // A blank code is no code.
    const blank = await new Browser(api.baseUrl).post('/api/auth/signup', {
      email: uniqueEmail('blank'),
      password: goodPassword,
      full_name: 'Promo Host',
      promo_code: '  ',
    });
    expect(blank.status).toBe(201);
    expect(blank.body.promo).toBeUndefined();
  });

  it('answers an existing address exactly like a new one, without crediting that account', async () => {
    const owner = await signedInOwner(api);
    const again = await new Browser(api.baseUrl).post('/api/auth/signup', {
      email: owner.email,
      password: goodPassword,
      full_name: 'Someone Else',
      promo_code: 'TURNPROOF5',
    });
    expect(again.status).toBe(201);
    expect(again.body.promo).toEqual({
      ok: true,
      code: 'TURNPROOF5',
      message: 'Promo code applied: 5 free reports added.',
      credits: 5,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await credits(owner.userId)).toBe(0);
  });

  it('refuses a promo_code that is not text with a 400 naming it', async () => {
    const answer = await new Browser(api.baseUrl).post('/api/auth/signup', {
      email: uniqueEmail('typed'),
      password: goodPassword,
      full_name: 'Promo Host',
      promo_code: 42,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain('promo_code');
  });
});
