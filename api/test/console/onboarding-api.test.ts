import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBillingState } from '../support/billing-state.ts';
import { Browser, signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const stepsOf = (body: { steps: { id: string; completed: boolean }[] }) =>
  Object.fromEntries(body.steps.map((step) => [step.id, step.completed]));

describe('onboarding API', () => {
  it('starts a new owner on the Pro trial (named Pro, the plan that exists), outside the onboarding gate', async () => {
    const owner = await signedInOwner(api);
    const { access } = (await owner.get('/api/auth/session')).body;
    expect(access).toMatchObject({
      status: 'trial',
      on_trial: true,
      plan_name: 'Pro',
      needs_onboarding: false,
      onboarding_completed: false,
      features: { analytics: true, team: true },
    });
    const daysLeft = (new Date(access.trial_ends_at).getTime() - Date.now()) / (24 * 60 * 60 * 1000);
    expect(daysLeft).toBeGreaterThan(13.9);
    const finished = await owner.post('/api/onboarding/complete');
    expect(finished.status).toBe(200);
    expect(finished.body.access.onboarding_completed).toBe(true);
  });

  it('gates an owner without plan or trial into onboarding until a plan is picked, then completes steps from real data', async () => {
    const owner = await signedInOwner(api);
    await setBillingState(api, owner.userId, { trial_ends_at: null });
    const refusedFinish = await owner.post('/api/onboarding/complete');
    expect(refusedFinish.status).toBe(409);
    expect(refusedFinish.body.error).toBe('Choose a plan to finish onboarding.');
    const session = await owner.get('/api/auth/session');
    expect(session.body.access).toMatchObject({
      needs_onboarding: true,
      plan_name: 'No plan',
      status: 'inactive',
      features: { analytics: false, team: false },
    });

    const before = await owner.get('/api/onboarding');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ needs_onboarding: true, completed: 0, total: 4 });
    expect(before.body.steps.map((step: { id: string }) => step.id)).toEqual([
      'choose-plan',
      'add-property',
      'create-checklist',
      'invite-team',
    ]);
    expect(before.body.steps.find((step: { id: string }) => step.id === 'invite-team').requires).toBe('professional');
    expect(
      before.body.plans.map((plan: { key: string; monthlyPriceCents: number }) => [plan.key, plan.monthlyPriceCents]),
    ).toEqual([
      ['flex', 0],
      ['starter', 1500],
      ['pro', 2900],
      ['team', 4900],
    ]);

    const refused = await owner.post('/api/onboarding/steps/invite-team');
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('Upgrade to Pro to unlock advanced features');

    const picked = await owner.post('/api/onboarding/plan', { plan_key: 'flex' });
    expect(picked.status).toBe(200);
    expect(picked.body.access).toMatchObject({ needs_onboarding: false, status: 'active', plan_name: 'Flex' });
    expect(picked.body.access.limits.max_properties).toBe(3);

    await owner.post('/api/properties', { name: 'Dune House', address: '3 Sand Way' });
    const after = await owner.get('/api/onboarding');
    // A new property brings its default checklists, so both steps complete themselves.
    expect(stepsOf(after.body)).toEqual({
      'choose-plan': true,
      'add-property': true,
      'create-checklist': true,
      'invite-team': false,
    });
    expect(after.body.completed).toBe(3);
    // One checklist: there is no second progress view.
    expect(after.body).not.toHaveProperty('progress');
    expect((await owner.post('/api/onboarding/steps/view-analytics')).status).toBe(402);
  });

  it('refuses bad input with a sentence and strangers with 401', async () => {
    const owner = await signedInOwner(api);
    const badStep = await owner.post('/api/onboarding/steps/fly-to-moon');
    expect(badStep.status).toBe(400);
    expect(badStep.body.error).toContain('step must be one of');
    for (const plan_key of ['gold', 'pro']) {
      const refused = await owner.post('/api/onboarding/plan', { plan_key });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('Only Flex can be chosen without checkout: plan_key must be flex.');
    }

    const stranger = new Browser(api.baseUrl);
    expect((await stranger.get('/api/onboarding')).status).toBe(401);
    expect((await stranger.post('/api/onboarding/plan', { plan_key: 'flex' })).status).toBe(401);
    expect((await stranger.get('/api/auth/session')).body).toEqual({ user: null, profile: null, access: null });
  });
});
