import { PAGE_COOKIES } from '@turnproof/config/page-cookies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../src/auth/rate-limits.ts';
import type { Page } from 'playwright-core';
import { Browser, goodPassword, uniqueEmail } from '../support/browser.ts';
import { linkIn } from '../support/mailbox.ts';
import { type ConsoleHarness, type Owner, PHONE_390, screenshot, startConsoleHarness } from './console-harness.ts';

/**
 * The phone's server-rendered dashboard before the console's JavaScript has run, played with JavaScript
 * off: the menu button opens a menu whose links lead on, the plan prompt leads to the plans, and Sign Out
 * ends every session of the account.
 * These are the controls that answer while the console still downloads on a slow phone; on /auth, so do the
 * sign-in and sign-up form and Forgot password?, and the mailed reset link's form.
 */

let harness: ConsoleHarness;
beforeAll(async () => {
  // The product's own budget of reset links per address (the tests' default is generous).
  harness = await startConsoleHarness({ api: { rateLimits: { resetPerEmail: defaultRateLimits.resetPerEmail } } });
});
afterAll(() => harness?.close());

/** A page with JavaScript off, 390 px wide (the width cookie an earlier console page set). */
async function scriptlessPhone(owner?: Owner) {
  const page = await harness.newPage({ ...PHONE_390, javaScriptEnabled: false }, owner);
  await page.context().addCookies([{ name: PAGE_COOKIES.width, value: '390', url: harness.url('/') }]);
  return page;
}

describe('the phone dashboard without JavaScript', () => {
  it('opens the menu, and its links, the tab bar and the plan prompt lead to their screens', async () => {
    const host = await harness.owner('flex');
    const page = await scriptlessPhone(host);
    await page.goto(harness.url('/dashboard'));
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await menu.count()).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor();
    expect(await menu.getByRole('link').allInnerTexts()).toEqual([
      'New Property',
      'New Inspection',
      'Dashboard',
      'Properties',
      'Checklists',
      'Inspections',
      'Restock',
      'Work orders',
      'Analytics',
      'Team',
      'Timesheets',
      'Subscription',
      'Settings',
      'Profile',
      'Close',
    ]);
    await screenshot(page, 'dashboard-390-no-script-menu');
    await menu.getByRole('link', { name: 'Close' }).click();
    await menu.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');

    await page.goto(harness.url('/dashboard'));
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Properties' }).click();
    await page.waitForURL((url) => url.pathname === '/properties');

    // The plan prompt leads to the plans.
    await page.goto(harness.url('/dashboard'));
    await page.locator('[data-upgrade-banner]').getByRole('link', { name: 'View plans' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription');
    await page.context().close();
  });

  it('signs out of every session from the header’s Sign Out, landing on /auth', async () => {
    const host = await harness.owner('flex');
    const otherDevice = new Browser(harness.api.baseUrl);
    expect((await otherDevice.post('/api/auth/login', { email: host.email, password: goodPassword })).status).toBe(200);
    const page = await scriptlessPhone(host);
    await page.goto(harness.url('/dashboard'));
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect((await host.get('/api/auth/session')).body.user).toBeNull();
    expect((await otherDevice.get('/api/auth/session')).body.user).toBeNull();
    // The server's sign-in form, and this browser's session is over: no dashboard rendered for it any more.
    await page.locator('#auth-form').waitFor();
    await screenshot(page, 'dashboard-390-no-script-signed-out');
    await page.goto(harness.url('/dashboard'));
    expect(await page.getByRole('heading', { name: /^Welcome/ }).count()).toBe(0);
    await page.context().close();
  });
});

/** Every URL the page asks for, to see that no password ever rides in one. */
function requestedUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(decodeURIComponent(request.url().replaceAll('+', ' '))));
  return urls;
}

describe('/auth without JavaScript', () => {
  it('signs in with a POST, the password in no URL; a wrong password is named, the link’s plan kept', async () => {
    const host = await harness.owner('flex');
    const page = await scriptlessPhone();
    const urls = requestedUrls(page);
    await page.goto(harness.url('/auth?plan=pro'));
    // The page works without JavaScript, so it does not say that it needs it.
    expect(await page.locator('body').innerText()).not.toContain('JavaScript');
    await page.getByLabel(/^Email/).fill(host.email);
    await page.getByLabel(/^Password/).fill('not my password at all');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toBe(
      'Invalid email or password. Please check your credentials and try again.',
    );
    expect(new URL(page.url()).searchParams.get('plan')).toBe('pro');
    expect(await page.getByLabel(/^Email/).inputValue()).toBe(host.email);
    expect(await page.getByLabel(/^Password/).inputValue()).toBe('');
    await screenshot(page, 'auth-390-no-script-wrong-password');

    await page.getByLabel(/^Password/).fill(goodPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await screenshot(page, 'auth-390-no-script-signed-in');
    expect(urls.filter((url) => url.includes('not my password') || url.includes(goodPassword))).toEqual([]);
    await page.context().close();
  });

  it('signs up with a POST: Check your email, the promo code’s free reports, the confirmation mailed', async () => {
    const email = uniqueEmail('plain-sign-up');
    const page = await scriptlessPhone();
    const urls = requestedUrls(page);
    await page.goto(harness.url('/auth?promo=turnproof5'));
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    // Left empty, the name is named (the server checks what the console would before sending).
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(goodPassword);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    expect(await page.getByRole('alert').innerText()).toBe('Please enter your full name.');

    await page.getByLabel(/^Full Name/).fill('Pat Plain');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(goodPassword);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain(`We sent a confirmation link to ${email}.`);
    expect(main).toContain('Promo code applied: 5 free reports added.');
    await screenshot(page, 'auth-390-no-script-signed-up');
    expect(linkIn(await harness.api.mailbox.latest(email, /Confirm/))).toContain('/api/auth/confirm?token=');
    expect(urls.filter((url) => url.includes(goodPassword))).toEqual([]);
    await page.context().close();
  });

  it('leads from Forgot password? to the server’s reset request form', async () => {
    const page = await harness.newPage({ ...PHONE_390, javaScriptEnabled: false });
    await page.goto(harness.url('/auth'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/password-reset');
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('JavaScript');
    await screenshot(page, 'auth-390-no-script-forgot-password');
    await page.context().close();
  });

  it('sends the reset link from the server’s form, resends it, says when to wait, and leads back to sign in', async () => {
    const host = await harness.owner();
    const page = await harness.newPage({ ...PHONE_390, javaScriptEnabled: false });
    await page.goto(harness.url('/password-reset'));
    await page.getByLabel('Email').fill(host.email.toUpperCase());
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    expect(await page.locator('main').textContent()).toContain(host.email);
    const mail = await harness.api.mailbox.latest(host.email, /Reset your Turnproof password/);
    expect(linkIn(mail)).toContain('/password-reset?step=reset&token=');
    await screenshot(page, 'password-reset-390-no-script-sent');

    // The address's budget of links an hour: Resend spends the rest, then says how long to wait.
    for (let sent = 2; sent <= defaultRateLimits.resetPerEmail.points; sent += 1) {
      await page.getByRole('button', { name: 'Resend Email' }).click();
      await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    }
    await page.getByRole('button', { name: 'Resend Email' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toMatch(
      /^Too many password reset requests\. Please wait (a minute|\d+ minutes) and try again\.$/,
    );
    await screenshot(page, 'password-reset-390-no-script-too-many');

    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.context().close();
  });

  it('sets the new password from the mailed link with a POST, the password in no URL, then signs in', async () => {
    const host = await harness.owner('flex');
    expect(
      (await new Browser(harness.api.baseUrl).post('/api/auth/password-reset/request', { email: host.email })).status,
    ).toBe(200);
    const link = linkIn(await harness.api.mailbox.latest(host.email, /Reset your Turnproof password/));
    const page = await scriptlessPhone();
    const urls = requestedUrls(page);
    const newPassword = 'a new and longer passphrase';
    await page.goto(link);
    await page.getByLabel(/^New Password/).fill(newPassword);
    await page.getByLabel(/^Confirm Password/).fill('something else entirely');
    await page.getByRole('button', { name: 'Update Password' }).click();
    expect(await page.getByRole('alert').innerText()).toBe("Passwords don't match");

    await page.getByLabel(/^New Password/).fill(newPassword);
    await page.getByLabel(/^Confirm Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByText('Password updated. Please sign in with your new password.').waitFor();
    await screenshot(page, 'password-reset-390-no-script-updated');
    await page.getByLabel(/^Email/).fill(host.email);
    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(urls.filter((url) => url.includes(newPassword) || url.includes('something else'))).toEqual([]);
    await page.context().close();
  });
});
