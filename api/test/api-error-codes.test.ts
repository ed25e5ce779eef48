import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBillingState } from './support/billing-state.ts';
import { Browser, goodPassword, signedInOwner, uniqueEmail } from './support/browser.ts';
import { ownerRecords } from './support/owner-records.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';

// The console says these errors in the host's language by their code; the English sentence stays for API clients.
let api: TestApi;
const signInBudget = { points: 2, durationSeconds: 600 };
beforeAll(async () => {
  api = await startTestApi({
    rateLimits: { signInFailuresPerEmail: signInBudget, signInFailuresPerDevice: signInBudget },
  });
});
afterAll(() => api.close());

describe('codes of the errors people read', () => {
  it('codes a wrong password, then the lockout with its wait in minutes', async () => {
    const owner = await signedInOwner(api);
    const browser = new Browser(api.baseUrl);
    const wrong = await browser.post('/api/auth/login', { email: owner.email, password: 'wrong guess 123' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      error: 'Invalid email or password. Please check your credentials and try again.',
      code: 'invalid_credentials',
    });
    await browser.post('/api/auth/login', { email: owner.email, password: 'wrong guess 123' });
    const locked = await browser.post('/api/auth/login', { email: owner.email, password: goodPassword });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'too_many_sign_in_failures', params: { count: 10 } });
    expect(locked.body.error).toBe('Too many failed sign-in attempts. Please wait 10 minutes and try again.');
  });

  it('names the greeting of a sign-in by code beside its sentence', async () => {
    const email = uniqueEmail();
    await signedInOwner(api, email);
    const again = await new Browser(api.baseUrl).post('/api/auth/login', { email, password: goodPassword });
    expect(again.body).toMatchObject({ message: 'Welcome back!', greeting: 'welcome_back' });
  });

  it('codes an unknown promo code at /promo/apply and at sign-up', async () => {
    const owner = await signedInOwner(api);
    const unknown = await owner.post('/api/promo/apply', { code: 'NOSUCHCODE' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'Invalid promo code', code: 'INVALID_CODE' });
    const signUp = await new Browser(api.baseUrl).post('/api/auth/signup', {
      email: uniqueEmail(),
      password: goodPassword,
      full_name: 'Promo Tester',
      promo_code: 'NOSUCHCODE',
    });
    expect(signUp.body.promo).toMatchObject({ ok: false, message: 'Invalid promo code', reason: 'INVALID_CODE' });
  });

  it('codes the plan limit with the number of properties', async () => {
    const owner = await signedInOwner(api);
    await setBillingState(api, owner.userId, { trial_ends_at: null });
    for (let i = 1; i <= 3; i += 1) {
      expect((await owner.post('/api/properties', { name: `Coded ${i}`, address: `${i} Code St` })).status).toBe(201);
    }
    const refused = await owner.post('/api/properties', { name: 'Coded 4', address: '4 Code St' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: "You've reached your limit of 3 properties. Upgrade for more.",
      code: 'property_limit',
      params: { count: 3 },
    });
  });

  it('codes a validation error with its field, and a rule of ours with its own code', async () => {
    const browser = new Browser(api.baseUrl);
    const noEmail = await browser.post('/api/auth/login', { password: goodPassword });
    expect(noEmail.body).toMatchObject({
      error: 'Please enter your email address.',
      code: 'invalid_field',
      params: { field: 'email' },
    });
    const mismatch = await browser.post('/api/auth/password-reset/confirm', {
      token: 'abc',
      password: goodPassword,
      confirm_password: 'another good password',
    });
    expect(mismatch.body).toMatchObject({ error: "Passwords don't match", code: 'password_mismatch' });
    const unknownLink = await browser.post('/api/auth/password-reset/confirm', {
      token: 'abc',
      password: goodPassword,
      confirm_password: goodPassword,
    });
    expect(unknownLink.body).toMatchObject({ code: 'reset_link_invalid' });
  });

  it("codes the team's contact rules and the invitation a member cannot get", async () => {
    const owner = await signedInOwner(api);
    await ownerRecords(api).grantPlan(owner.userId, 'pro');
    const cases: [Record<string, unknown>, number, string, Record<string, unknown> | undefined][] = [
      [{ name: 'Ana' }, 400, 'contact_required', undefined],
      [{ name: 'Ana', phone: '+12125550100', notify_by: 'email' }, 400, 'email_needs_address', undefined],
      [{ name: 'Ana', email: uniqueEmail('ana'), notify_by: 'sms' }, 400, 'texts_need_phone', undefined],
      [{ email: owner.email }, 400, 'not_yourself', undefined],
    ];
    for (const [body, status, code, params] of cases) {
      const answer = await owner.post('/api/team', body);
      expect([answer.status, answer.body.code, answer.body.params], JSON.stringify(body)).toEqual([
        status,
        code,
        params,
      ]);
    }
    // Only a phone, on a server that sends no texts: no way to invite her.
    const ana = (await owner.post('/api/team', { name: 'Ana', phone: '+12125550100' })).body;
    const resend = await owner.post(`/api/team/${ana.id}/invitation`);
    expect([resend.status, resend.body.code, resend.body.params]).toEqual([400, 'no_way_to_invite', { name: 'Ana' }]);
  });

  it('documents code and params in the error schema of the OpenAPI document', async () => {
    const doc = (await new Browser(api.baseUrl).get('/api/openapi.json')).body;
    const login = doc.paths['/api/auth/login'].post.responses['401'].content['application/json'].schema;
    const schema = login.$ref ? doc.components.schemas[login.$ref.split('/').pop()] : login;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['error', 'code', 'params']));
  });
});
