import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, goodPassword, signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * N13: anyone who knows an owner's address could type 10 wrong passwords every 15 minutes and keep
 * the owner's own sign-in answering 429. A browser that signed in to the account before (its device
 * cookie) now gets in with the right password; strangers stay locked out after their guesses.
 */

let api: TestApi;
/** The production budgets: 10 wrong passwords per account per 15 minutes, for clients and for devices. */
const PER_ACCOUNT = { points: 10, durationSeconds: 15 * 60 };
beforeAll(async () => {
  api = await startTestApi({
    rateLimits: { signInFailuresPerEmail: PER_ACCOUNT, signInFailuresPerDevice: PER_ACCOUNT },
  });
});
afterAll(() => api?.close());

/** Signs in with the given cookies; answers the status and the cookies set. */
async function signIn(email: string, password: string, cookies = '') {
  const answer = await fetch(`${api.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookies ? { Cookie: cookies } : {}) },
    body: JSON.stringify({ email, password }),
  });
  const set = answer.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  return { status: answer.status, cookies: set.join('; '), setCookies: answer.headers.getSetCookie() };
}

describe('N13 targeted lockout', () => {
  it("an attacker's wrong passwords lock strangers out, not the owner's own browser with the right password", async () => {
    const owner = await signedInOwner(api);
    // The owner's laptop signed in last week: it holds the device cookie (HttpOnly, sent only to sign-in).
    const laptop = await signIn(owner.email, goodPassword);
    expect(laptop.status).toBe(200);
    const device = laptop.setCookies.find((cookie) => cookie.startsWith('turnproof_device='))!;
    expect(device).toMatch(/; path=\/api\/auth\/login; .*httponly/i);
    const deviceCookie = device.split(';')[0]!;

    const attacker = new Browser(api.baseUrl);
    for (let guess = 0; guess < PER_ACCOUNT.points; guess += 1) {
      expect((await attacker.post('/api/auth/login', { email: owner.email, password: `x-${guess}` })).status).toBe(401);
    }
    // The attacker, even with the right password, and any browser new to the account: locked.
    expect((await attacker.post('/api/auth/login', { email: owner.email, password: goodPassword })).status).toBe(429);
    expect((await signIn(owner.email, goodPassword)).status).toBe(429);

    // The owner's laptop gets in.
    const back = await signIn(owner.email, goodPassword, deviceCookie);
    expect(back.status).toBe(200);
    expect(back.cookies).toContain('turnproof_session=');

    // A device cookie of another account, or a forged one, is a stranger's.
    const other = await signedInOwner(api);
    const othersDevice = (await signIn(other.email, goodPassword)).cookies.match(/turnproof_device=[^;]+/)![0];
    expect((await signIn(owner.email, goodPassword, othersDevice)).status).toBe(429);
    expect((await signIn(owner.email, goodPassword, `${deviceCookie}x`)).status).toBe(429);
  });

  it('a known device still has a budget of its own: guessing from it stops after 10 wrong passwords', async () => {
    const owner = await signedInOwner(api);
    const deviceCookie = (await signIn(owner.email, goodPassword)).cookies.match(/turnproof_device=[^;]+/)![0];
    const statuses: number[] = [];
    for (let guess = 0; guess <= PER_ACCOUNT.points; guess += 1) {
      statuses.push((await signIn(owner.email, `y-${guess}`, deviceCookie)).status);
    }
    expect(statuses).toEqual([...Array(PER_ACCOUNT.points).fill(401), 429]);
    expect((await signIn(owner.email, goodPassword, deviceCookie)).status).toBe(429);
  });
});
