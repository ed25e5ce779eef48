import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Browser as Chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, goodPassword, signedInOwner } from '../support/browser.ts';
import { closeContexts, sharedChromium } from '../support/shared-chromium.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { ensureConsoleBuilt } from './console-build.ts';
import { screenshot } from './console-harness.ts';

/**
 * Continue with Google against a real OpenID Connect provider on loopback (panva's oidc-provider, the
 * certified implementation), standing in for accounts.google.com: authorization code flow with PKCE,
 * state and nonce, in Chromium from the /auth button to the signed-in console.
 */

const CLIENT = { id: 'turnproof-test', secret: 'a test client secret of some length' };
let api: TestApi;
let issuerServer: Server;
let chromiumBrowser: Chromium;

beforeAll(async () => {
  ensureConsoleBuilt();
  // Listen first: the issuer's URL (its port) goes into the API's settings and the provider's own.
  issuerServer = createServer();
  await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
  api = await startTestApi({
    env: { GOOGLE_CLIENT_ID: CLIENT.id, GOOGLE_CLIENT_SECRET: CLIENT.secret, GOOGLE_ISSUER: issuer },
  });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${api.baseUrl}/api/auth/google/callback`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The login name is the account: 'gia' signs in as gia@example.test.
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: `google-${id}`, email: `${id}@example.test`, email_verified: true, name: 'Gia Google' }),
    }),
    cookies: { keys: ['oidc test cookie key'] },
  });
  issuerServer.on('request', provider.callback());
  chromiumBrowser = await sharedChromium();
});
afterAll(async () => {
  if (chromiumBrowser) await closeContexts(chromiumBrowser);
  await new Promise((resolve) => issuerServer?.close(resolve));
  await api?.close();
});

async function sessionsOf(userId: string): Promise<number> {
  const [row] = await api.orm.em
    .getConnection()
    .execute<{ n: string }[]>('select count(*) as n from sessions where user_id = ?', [userId]);
  return Number(row?.n);
}

/** Clicks Continue with Google on /auth and signs in at the provider's login and consent screens. */
async function continueWithGoogle(login: string) {
  const page = await (await chromiumBrowser.newContext()).newPage();
  await page.goto(`${api.baseUrl}/auth`);
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]', { hasText: /continue/i }).click();
  return page;
}

describe('Continue with Google', () => {
  it('creates the account on first use (confirmed, on the trial) and signs in to onboarding', async () => {
    const page = await continueWithGoogle('gia');
    await page.waitForURL(`${api.baseUrl}/onboarding`);
    await page.getByRole('heading', { name: 'Welcome to Turnproof, Gia Google!' }).waitFor();
    const session = await page.request.get(`${api.baseUrl}/api/auth/session`);
    expect(await session.json()).toMatchObject({
      user: { email: 'gia@example.test' },
      profile: { display_name: 'Gia Google' },
      access: { status: 'trial' },
    });
  });

  it('links a confirmed e-mail account only once its owner signs in with the password, then signs in with Google', async () => {
    const owner = await signedInOwner(api, 'lee@example.test');
    const page = await continueWithGoogle('lee');
    await page.waitForURL(`${api.baseUrl}/auth?link=google`);
    await page.getByText('An account with this email already exists. Sign in with its password once').waitFor();
    await screenshot(page, 'auth-link-google');
    expect((await (await page.request.get(`${api.baseUrl}/api/auth/session`)).json()).user).toBeNull();

    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel(/^Password/).fill(goodPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${api.baseUrl}/onboarding`);

    const again = await continueWithGoogle('lee');
    await again.waitForURL(`${api.baseUrl}/onboarding`);
    const session = await (await again.request.get(`${api.baseUrl}/api/auth/session`)).json();
    expect(session.user.id).toBe(owner.userId);
  });

  it('takes an unconfirmed sign-up of the address away from whoever made it: their password and sessions stop working', async () => {
    // Someone signs up with the victim's address and never confirms it (they cannot).
    const attacker = new Browser(api.baseUrl);
    const squat = { email: 'vic@example.test', password: 'Attacker-Pass-9931', full_name: 'x' };
    expect((await attacker.post('/api/auth/signup', squat)).status).toBe(201);

    const page = await continueWithGoogle('vic');
    await page.waitForURL(`${api.baseUrl}/onboarding`);
    await page.getByRole('heading', { name: 'Welcome to Turnproof, Gia Google!' }).waitFor();
    const victim = await (await page.request.get(`${api.baseUrl}/api/auth/session`)).json();
    expect(victim.user.email).toBe('vic@example.test');

    const login = await attacker.post('/api/auth/login', { email: squat.email, password: squat.password });
    expect(login.status).toBe(401);
    expect((await attacker.get('/api/auth/session')).body.user).toBeNull();
    // No session of the account was made with the password; the victim's Google session still works.
    expect(await sessionsOf(victim.user.id)).toBe(1);
    expect((await (await page.request.get(`${api.baseUrl}/api/auth/session`)).json()).user.id).toBe(victim.user.id);
  });

  it('refuses a callback that no sign-in started, and hides nothing from /api/auth/providers', async () => {
    const stranger = new Browser(api.baseUrl);
    const callback = await stranger.get('/api/auth/google/callback?code=forged&state=forged');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/auth?error=google');
    expect((await stranger.get('/api/auth/providers')).body).toEqual({ google: true });
  });
});
