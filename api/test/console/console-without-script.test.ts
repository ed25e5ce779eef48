import { PAGE_COOKIES } from '@turnproof/config/page-cookies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../src/auth/rate-limits.ts';
import { Browser, goodPassword } from '../support/browser.ts';
import { linkIn } from '../support/mailbox.ts';
import { type ConsoleHarness, type Owner, PHONE_390, screenshot, startConsoleHarness } from './console-harness.ts';

/**
 * The phone's server-rendered dashboard before the console's JavaScript has run, played with JavaScript
 * off: the menu button opens a menu whose links lead on, the plan prompt leads to the plans, and Sign Out
 * ends every session of the account.
 * These are the controls that answer while the console still downloads on a slow phone; on /auth, so does
 * Forgot password?.
 */

let harness: ConsoleHarness;
beforeAll(async () => {
  // The product's own budget of reset links per address (the tests' default is generous).
  harness = await startConsoleHarness({ api: { rateLimits: { resetPerEmail: defaultRateLimits.resetPerEmail } } });
});
afterAll(() => harness?.close());

/** A page with JavaScript off, 390 px wide (the width cookie an earlier console page set). */
async function scriptlessPhone(owner: Owner) {
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

describe('/auth without JavaScript', () => {
  it('leads from Forgot password? to the server’s reset request form', async () => {
    const page = await harness.newPage({ ...PHONE_390, javaScriptEnabled: false });
    await page.goto(harness.url('/auth'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/password-reset');
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
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
});
