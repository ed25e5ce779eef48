import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, goodPassword, signedInOwner, uniqueEmail } from './support/browser.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';

let api: TestApi;
const small = { points: 3, durationSeconds: 600 };
beforeAll(async () => {
  // Per-e-mail budgets are small here; per-IP ones stay large so the tests can tell them apart.
  const large = { points: 1000, durationSeconds: 600 };
  api = await startTestApi({
    rateLimits: {
      signInFailuresPerEmail: small,
      signInFailuresPerDevice: small,
      signInFailuresPerIp: large,
      signUpPerEmail: small,
      signUpPerIp: large,
      resetPerEmail: small,
      resetPerIp: large,
    },
  });
});
afterAll(() => api.close());

describe('rate limits', () => {
  it('locks an account for browsers new to it after repeated failed sign-ins, even with the right password, with a clear 429', async () => {
    const owner = await signedInOwner(api);
    // A browser that never signed in to the account (no device cookie; see security/n13-targeted-lockout).
    const browser = new Browser(api.baseUrl);
    for (let attempt = 0; attempt < small.points; attempt += 1) {
      expect((await browser.post('/api/auth/login', { email: owner.email, password: 'wrong guess 123' })).status).toBe(
        401,
      );
    }
    const locked = await browser.post('/api/auth/login', { email: owner.email, password: goodPassword });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Too many failed sign-in attempts\. Please wait \d+ minutes and try again\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits password reset requests per e-mail', async () => {
    const email = uniqueEmail();
    const browser = new Browser(api.baseUrl);
    const statuses = [];
    for (let attempt = 0; attempt <= small.points; attempt += 1) {
      statuses.push((await browser.post('/api/auth/password-reset/request', { email })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits sign-ups per e-mail', async () => {
    const email = uniqueEmail();
    const browser = new Browser(api.baseUrl);
    const statuses = [];
    for (let attempt = 0; attempt <= small.points; attempt += 1) {
      statuses.push(
        (await browser.post('/api/auth/signup', { email, password: goodPassword, full_name: 'Pat' })).status,
      );
    }
    // A sign-up of a known address answers like a new one (no enumeration) but still spends the budget.
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
