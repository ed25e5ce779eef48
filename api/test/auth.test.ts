import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthToken } from '@turnproof/db';
import { Browser, goodPassword, signedInOwner, uniqueEmail } from './support/browser.ts';
import { hrefsIn, htmlReading, linkIn } from './support/mailbox.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const invalidCredentials = 'Invalid email or password. Please check your credentials and try again.';

const resetMails = (email: string) =>
  api.mailbox.received.filter((mail) => mail.to.includes(email) && /Reset your Turnproof password/.test(mail.subject));

async function requestResetLink(email: string) {
  const earlier = resetMails(email).length;
  const browser = new Browser(api.baseUrl);
  const answer = await browser.post('/api/auth/password-reset/request', { email });
  expect(answer.status).toBe(200);
  // The mail leaves after the answer (security/l7-reset-request-timing): wait for this request's own.
  await expect.poll(() => resetMails(email).length).toBe(earlier + 1);
  const link = new URL(linkIn(resetMails(email).at(-1)!));
  expect(link.pathname).toBe('/password-reset');
  expect(link.searchParams.get('step')).toBe('reset');
  return link.searchParams.get('token') ?? '';
}

describe('sign-up', () => {
  it('creates the profile of the spec and mails a confirmation link', async () => {
    const owner = await signedInOwner(api);
    const session = await owner.get('/api/auth/session');
    expect(session.body.user.email).toBe(owner.email);
    expect(session.body.profile).toMatchObject({
      display_name: 'Test Owner',
      role: 'Property Manager',
      onboarding_completed: false,
      onboarding_completed_at: null,
    });
  });

  it('signs in the browser that follows the confirmation link and sends it to onboarding, once', async () => {
    const email = uniqueEmail();
    const browser = new Browser(api.baseUrl);
    await browser.post('/api/auth/signup', { email, password: goodPassword, full_name: 'Pat' });
    const mail = await api.mailbox.latest(email, /Confirm/);
    const link = new URL(linkIn(mail));
    // The HTML part's button opens the same link.
    expect(hrefsIn(mail)).toContain(link.href);
    expect(htmlReading(mail)).toContain('Please confirm your e-mail address to finish creating your account:');
    expect((await browser.get('/api/auth/session')).body.user).toBeNull();
    const followed = await browser.request('GET', `${link.pathname}${link.search}`, undefined, { Accept: 'text/html' });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/onboarding');
    // Signed in by the link: the session answers the account without a password typed again.
    expect((await browser.get('/api/auth/session')).body.user).toMatchObject({ email });

    // Single use: the link signs nobody else in. A browser (a mail scanner may have opened it first) is
    // sent to sign in with "Email confirmed"; anything else is told the link is spent.
    const scanner = new Browser(api.baseUrl);
    const reopened = await scanner.request('GET', `${link.pathname}${link.search}`, undefined, { Accept: 'text/html' });
    expect(reopened.status).toBe(302);
    expect(reopened.headers.get('location')).toBe('/auth?confirmed=1');
    const again = await scanner.get(`${link.pathname}${link.search}`);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This confirmation link is invalid or has already been used.');
    expect((await scanner.get('/api/auth/session')).body.user).toBeNull();
  });

  it('refuses an expired confirmation link and signs nobody in', async () => {
    const email = uniqueEmail();
    const browser = new Browser(api.baseUrl);
    await browser.post('/api/auth/signup', { email, password: goodPassword, full_name: 'Pat' });
    const link = new URL(linkIn(await api.mailbox.latest(email, /Confirm/)));
    await api.orm.em
      .getConnection()
      .execute(
        `update auth_tokens set expires_at = now() - interval '1 second' where purpose = 'confirm_email' and user_id = (select id from users where email = ?)`,
        [email],
      );
    const expired = await browser.request('GET', `${link.pathname}${link.search}`, undefined, { Accept: 'text/html' });
    expect(expired.status).toBe(410);
    expect((await browser.get('/api/auth/session')).body.user).toBeNull();
    const signIn = await browser.post('/api/auth/login', { email, password: goodPassword });
    expect(signIn.body.error).toBe('Please check your email and click the confirmation link before signing in.');
  });

  it('answers a sign-up of an existing address like a new one and mails the existing owner instead', async () => {
    const owner = await signedInOwner(api);
    const fresh = await new Browser(api.baseUrl).post('/api/auth/signup', {
      email: uniqueEmail(),
      password: goodPassword,
      full_name: 'Someone New',
    });
    const again = await new Browser(api.baseUrl).post('/api/auth/signup', {
      email: owner.email.toUpperCase(),
      password: 'attacker chosen passphrase',
      full_name: 'Someone Else',
    });
    expect(again.status).toBe(fresh.status);
    expect(again.body.message).toBe(fresh.body.message);
    expect(Object.keys(again.body.user)).toEqual(Object.keys(fresh.body.user));
    const notice = await api.mailbox.latest(owner.email, /Your Turnproof account/);
    expect(notice.text).toContain('already has one');
    // Nothing changed: the owner's password still works, the attacker's does not.
    const browser = new Browser(api.baseUrl);
    expect(
      (await browser.post('/api/auth/login', { email: owner.email, password: 'attacker chosen passphrase' })).status,
    ).toBe(401);
    expect((await browser.post('/api/auth/login', { email: owner.email, password: goodPassword })).status).toBe(200);
  });

  it('refuses short, overlong and common passwords', async () => {
    const browser = new Browser(api.baseUrl);
    const signUp = (password: string) =>
      browser.post('/api/auth/signup', { email: uniqueEmail(), password, full_name: 'Pat' });
    expect((await signUp('short7!')).body.error).toBe('Password should be at least 8 characters long.');
    expect((await signUp('x'.repeat(129))).body.error).toBe('Password must be at most 128 characters long.');
    const common = await signUp('password1');
    expect(common.status).toBe(400);
    expect(common.body.error).toMatch(/too common/);
  });

  it('keeps an unconfirmed account out with the spec sentence', async () => {
    const email = uniqueEmail();
    const browser = new Browser(api.baseUrl);
    await browser.post('/api/auth/signup', { email, password: goodPassword, full_name: 'Pat' });
    const login = await browser.post('/api/auth/login', { email, password: goodPassword });
    expect(login.status).toBe(403);
    expect(login.body.error).toBe('Please check your email and click the confirmation link before signing in.');
    // Without the right password nobody learns that the account exists.
    const wrong = await browser.post('/api/auth/login', { email, password: 'not the password at all' });
    expect(wrong.body.error).toBe(invalidCredentials);
  });
});

describe('sign-in and sign-out', () => {
  it('answers the same sentence for a wrong password and an unknown account', async () => {
    const owner = await signedInOwner(api);
    const browser = new Browser(api.baseUrl);
    const wrong = await browser.post('/api/auth/login', { email: owner.email, password: 'wrong password here' });
    const unknown = await browser.post('/api/auth/login', { email: uniqueEmail('nobody'), password: goodPassword });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe(invalidCredentials);
    expect(unknown.body.error).toBe(invalidCredentials);
  });

  it('sets an HttpOnly SameSite=Lax session cookie and ends it on logout', async () => {
    const email = uniqueEmail();
    const owner = await signedInOwner(api, email);
    const login = await fetch(`${api.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: goodPassword }),
    });
    const cookie = login.headers.getSetCookie().join(';').toLowerCase();
    expect(cookie).toContain('httponly');
    expect(cookie).toContain('samesite=lax');

    expect((await owner.get('/api/properties')).status).toBe(200);
    const cookieBefore = owner.cookie;
    await owner.post('/api/auth/logout');
    owner.cookie = cookieBefore; // a stolen copy of the old cookie no longer works either
    expect((await owner.get('/api/properties')).status).toBe(401);
    expect((await owner.get('/api/auth/session')).body.user).toBeNull();
  });
});

describe('the sign-in greeting', () => {
  it('welcomes a first sign-in and welcomes back only someone who has been here before', async () => {
    const signUp = async () => {
      const email = uniqueEmail();
      const answer = await new Browser(api.baseUrl).post('/api/auth/signup', {
        email,
        password: goodPassword,
        full_name: 'New Host',
      });
      expect(answer.status).toBe(201);
      return email;
    };
    const signIn = async (email: string, password = goodPassword) =>
      (await new Browser(api.baseUrl).post('/api/auth/login', { email, password })).body.message as string;

    // Confirmed through a password reset (the link proves the mailbox), never signed in yet.
    const resetter = await signUp();
    const token = await requestResetLink(resetter);
    const newPassword = 'a fresh passphrase 7';
    const reset = await new Browser(api.baseUrl).post('/api/auth/password-reset/confirm', {
      token,
      password: newPassword,
      confirm_password: newPassword,
    });
    expect(reset.status).toBe(200);
    expect(await signIn(resetter, newPassword)).toBe('Welcome to Turnproof!');
    // On another device: the first sign-in's session is on record, so this host has been here before.
    expect(await signIn(resetter, newPassword)).toBe('Welcome back!');

    // The confirmation link signs in, so the next sign-in is a return.
    const confirmer = await signUp();
    const link = new URL(linkIn(await api.mailbox.latest(confirmer, /Confirm/)));
    await new Browser(api.baseUrl).get(`${link.pathname}${link.search}`);
    expect(await signIn(confirmer)).toBe('Welcome back!');
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses and mails only real accounts', async () => {
    const unknown = uniqueEmail('ghost');
    const answer = await new Browser(api.baseUrl).post('/api/auth/password-reset/request', { email: unknown });
    expect(answer.status).toBe(200);
    const owner = await signedInOwner(api);
    const known = await new Browser(api.baseUrl).post('/api/auth/password-reset/request', { email: owner.email });
    expect(known.body).toEqual(answer.body);
    expect(api.mailbox.received.some((mail) => mail.to.includes(unknown))).toBe(false);
  });

  it('asks for an e-mail first', async () => {
    const answer = await new Browser(api.baseUrl).post('/api/auth/password-reset/request', { email: '  ' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Please enter your email address first.');
  });

  it('sets a new password once; mismatched, short, reused and expired links each say why', async () => {
    const owner = await signedInOwner(api);
    const token = await requestResetLink(owner.email);
    const browser = new Browser(api.baseUrl);
    const confirm = (body: object) => browser.post('/api/auth/password-reset/confirm', body);

    const mismatched = await confirm({ token, password: 'new password one', confirm_password: 'new password two' });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.error).toBe("Passwords don't match");
    const short = await confirm({ token, password: 'tiny', confirm_password: 'tiny' });
    expect(short.body.error).toBe('Password must be at least 8 characters long');

    const newPassword = 'a brand new passphrase';
    expect((await confirm({ token, password: newPassword, confirm_password: newPassword })).status).toBe(200);
    const reused = await confirm({ token, password: 'another new passphrase' });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('This password reset link has already been used. Please request a new one.');

    expect((await browser.post('/api/auth/login', { email: owner.email, password: goodPassword })).status).toBe(401);
    expect((await browser.post('/api/auth/login', { email: owner.email, password: newPassword })).status).toBe(200);
    // Resetting signs out every other session.
    expect((await owner.get('/api/properties')).status).toBe(401);

    const expiring = await requestResetLink(owner.email);
    const em = api.orm.em.fork();
    await em.nativeUpdate(
      AuthToken,
      { used_at: null, purpose: 'password_reset' },
      { expires_at: new Date(Date.now() - 1000) },
    );
    const expired = await confirm({ token: expiring, password: 'yet another passphrase' });
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe('This password reset link has expired. Please request a new one.');

    const unknown = await confirm({ token: 'not-a-real-token', password: 'yet another passphrase' });
    expect(unknown.body.error).toBe('This password reset link is invalid. Please request a new one.');
  });
});

describe('change password', () => {
  it('checks fields, confirmation, length and the current password', async () => {
    const owner = await signedInOwner(api);
    const change = (body: object) => owner.post('/api/auth/password', body);
    expect((await change({ current_password: goodPassword })).body.error).toBe('Please fill in all password fields.');
    expect(
      (await change({ current_password: goodPassword, new_password: 'new passphrase 1', confirm_password: 'other' }))
        .body.error,
    ).toBe('New password and confirmation must match.');
    expect((await change({ current_password: goodPassword, new_password: 'short' })).body.error).toBe(
      'Password too short: use at least 8 characters.',
    );
    expect((await change({ current_password: 'wrong current one', new_password: 'new passphrase 1' })).body.error).toBe(
      'Current password incorrect',
    );
    expect((await change({ current_password: goodPassword, new_password: 'new passphrase 1' })).status).toBe(200);
    const login = await new Browser(api.baseUrl).post('/api/auth/login', {
      email: owner.email,
      password: 'new passphrase 1',
    });
    expect(login.status).toBe(200);
  });
});
