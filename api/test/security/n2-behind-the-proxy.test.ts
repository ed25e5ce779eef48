import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, goodPassword, uniqueEmail } from '../support/browser.ts';
import { linkIn } from '../support/mailbox.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * N2: in production the API sits behind a proxy that ends TLS, so its own socket is plain HTTP. The
 * session and Google cookies must still be Secure when the public origin is https, or a browser sends
 * them over plain HTTP to anyone on the path. (The compose's TRUST_PROXY is checked in
 * scripts/test/docker-compose.test.ts.)
 */

let api: TestApi;
beforeAll(async () => {
  // As behind Caddy without TRUST_PROXY: the request arrives over http, the origin people use is https.
  api = await startTestApi({
    env: { PUBLIC_ORIGIN: 'https://app.test', GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'x' },
  });
});
afterAll(() => api?.close());

const cookieNamed = (answer: { headers: Headers }, name: string) =>
  answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`)) ?? '';

describe('N2 cookies behind a TLS-ending proxy', () => {
  it('the session cookie is Secure (and HttpOnly, SameSite=Lax) when PUBLIC_ORIGIN is https, though the socket is http', async () => {
    const email = uniqueEmail();
    const browser = new Browser(api.socketUrl);
    expect((await browser.post('/api/auth/signup', { email, password: goodPassword, full_name: 'Pat' })).status).toBe(
      201,
    );
    const link = new URL(linkIn(await api.mailbox.latest(email, /Confirm/)));
    expect((await browser.get(`${link.pathname}${link.search}`)).status).toBe(200);

    const login = await browser.post('/api/auth/login', { email, password: goodPassword });
    expect(login.status).toBe(200);
    const session = cookieNamed(login, 'turnproof_session').toLowerCase();
    expect(session).toContain('; secure');
    expect(session).toContain('; httponly');
    expect(session).toContain('; samesite=lax');

    const signOut = await browser.post('/api/auth/logout');
    expect(cookieNamed(signOut, 'turnproof_session').toLowerCase()).toContain('; secure');

    // Continue with Google's flow cookie too (a callback without a flow clears it).
    const callback = await browser.get('/api/auth/google/callback?code=forged&state=forged');
    expect(callback.headers.get('location')).toBe('/auth?error=google');
    expect(cookieNamed(callback, 'turnproof_google_flow').toLowerCase()).toContain('; secure');
  });
});
