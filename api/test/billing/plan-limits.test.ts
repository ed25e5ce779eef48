import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireFeature } from '../../src/access/access-guards.ts';
import type { AppContext } from '../../src/http/context.ts';
import { signedInOwner } from '../support/browser.ts';
import { setBillingState } from '../support/billing-state.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const property = (i: number) => ({ name: `Limit House ${i}`, address: `${i} Limit Rd` });

describe('plan limits enforced by the API', () => {
  it('refuses the property over the limit with the spec message, and lets an upgraded owner add more', async () => {
    const owner = await signedInOwner(api);
    // No plan and no trial (it ended): the spec's effective tier is starter, with flex's 3 properties.
    await setBillingState(api, owner.userId, { trial_ends_at: null });
    for (let i = 1; i <= 3; i += 1) expect((await owner.post('/api/properties', property(i))).status).toBe(201);
    const refused = await owner.post('/api/properties', property(4));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("You've reached your limit of 3 properties. Upgrade for more.");
    expect((await owner.get('/api/properties')).headers.get('content-range')).toMatch(/\/3$/);

    await setBillingState(api, owner.userId, { plan_key: 'starter', plan_status: 'active' });
    expect((await owner.post('/api/properties', property(4))).status).toBe(201);
  });

  it('lets concurrent creations through only up to the limit', async () => {
    const owner = await signedInOwner(api);
    await setBillingState(api, owner.userId, { trial_ends_at: null });
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => owner.post('/api/properties', property(i))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 403, 403, 403]);
  });

  it('gives a trial owner the pro limits until the trial ends', async () => {
    const owner = await signedInOwner(api);
    await setBillingState(api, owner.userId, { trial_ends_at: new Date(Date.now() + 60_000) });
    for (let i = 1; i <= 4; i += 1) expect((await owner.post('/api/properties', property(i))).status).toBe(201);
    const info = await owner.get('/api/subscription');
    expect(info.body).toMatchObject({ subscribed: false, onTrial: true, subscription_tier: 'professional' });

    await setBillingState(api, owner.userId, { trial_ends_at: new Date(Date.now() - 1000) });
    expect((await owner.post('/api/properties', property(5))).body.error).toBe(
      "You've reached your limit of 3 properties. Upgrade for more.",
    );
  });
});

describe('requireFeature', () => {
  // The guard the analytics and team endpoints call first, asked as a request of this owner would ask it.
  const ask = (userId: string) =>
    requireFeature(
      { state: { em: api.orm.em.fork(), user: { id: userId, email: 'x@example.test' } } } as unknown as AppContext,
      'analytics',
    );

  it('refuses analytics on a starter plan with the spec message and opens it on pro', async () => {
    const owner = await signedInOwner(api);
    await setBillingState(api, owner.userId, { plan_key: 'starter', plan_status: 'active' });
    await expect(ask(owner.userId)).rejects.toMatchObject({
      status: 403,
      message: 'Upgrade to access detailed analytics and reports',
    });
    await setBillingState(api, owner.userId, { plan_key: 'pro', plan_status: 'active' });
    await expect(ask(owner.userId)).resolves.toMatchObject({ tier: 'professional' });
  });
});

describe('GET /api/subscription', () => {
  it('answers the spec fields with plan, usage and credits', async () => {
    const owner = await signedInOwner(api);
    await setBillingState(api, owner.userId, { trial_ends_at: null });
    expect((await owner.get('/api/subscription')).body).toEqual({
      subscribed: false,
      subscription_tier: null,
      subscription_end: null,
      trial_end: null,
      onTrial: false,
      isAdmin: false,
      verified: true,
      plan_key: 'flex',
      usage: { used: 0, included: 10, percentage: 0, isOverLimit: false },
      credits: 0,
    });
    await setBillingState(api, owner.userId, { plan_key: 'pro', plan_status: 'active', reports_this_period: 42 });
    expect((await owner.get('/api/subscription')).body).toMatchObject({
      subscribed: true,
      subscription_tier: 'professional',
      plan_key: 'pro',
      usage: { used: 42, included: 40, percentage: 105, isOverLimit: true },
    });
    await api.orm.em.getConnection().execute('update users set email_confirmed_at = null where id = ?', [owner.userId]);
    expect((await owner.get('/api/subscription')).body).toMatchObject({ verified: false });
  });

  it('needs a session', async () => {
    const response = await fetch(`${api.baseUrl}/api/subscription`);
    expect(response.status).toBe(401);
  });
});
