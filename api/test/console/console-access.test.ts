import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBillingState } from '../support/billing-state.ts';
import { uniqueEmail } from '../support/browser.ts';
import { linkIn } from '../support/mailbox.ts';
import { seriousViolations } from '../support/axe.ts';
import { type ConsoleHarness, DESKTOP, screenshot, startConsoleHarness, UI_TIMEOUT_MS } from './console-harness.ts';
import {
  confirmFromMail,
  fillSignUpForm,
  openSignUpForm,
  onboardWithFreeTrial,
  submitSignUp,
} from './journey-steps.ts';
import { hydrated } from './page-checks.ts';

/**
 * The console's doors in Chromium: sign-up confirmed from the real mail, onboarding, the gating
 * redirects, password reset, sign-out without a server, and the keyboard shortcuts.
 */

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsoleHarness();
});
afterAll(() => harness?.close());

describe('a new host', () => {
  it('signs up, confirms from the received mail, is onboarded and lands on the dashboard', async () => {
    const page = await harness.newPage(DESKTOP);
    const email = uniqueEmail('host');
    await page.goto(harness.url('/dashboard'));
    await page.waitForURL(harness.url('/auth'));
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await seriousViolations(page, 'sign-in')).toEqual([]);

    await openSignUpForm(page);
    await fillSignUpForm(page, { fullName: 'Alex Morgan', email, password: 'short' });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'at least 8 characters' }).count()).toBe(1);

    await page.getByLabel(/^Password/).fill(harness.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel(/^Password/).getAttribute('type')).toBe('text');
    expect(await seriousViolations(page, 'sign-up')).toEqual([]);
    await submitSignUp(page);

    await confirmFromMail(page, harness, email);

    await page.waitForURL(harness.url('/onboarding'));
    await page.getByRole('heading', { name: 'Welcome to Turnproof, Alex Morgan!' }).waitFor();
    for (const card of ['Property management', 'Smart checklists', 'Team collaboration']) {
      await page.getByRole('heading', { name: card }).waitFor();
    }
    expect(await seriousViolations(page, 'onboarding-welcome')).toEqual([]);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('heading', { name: 'Choose Your Perfect Plan' }).waitFor();
    await page.getByText('enter code TURNPROOF5 for 5 free reports').waitFor();
    const promo = page.getByRole('textbox', { name: 'Promo code' });
    await promo.fill('turnproof5');
    expect(await promo.inputValue()).toBe('TURNPROOF5');
    expect(await seriousViolations(page, 'onboarding-plans')).toEqual([]);
    await screenshot(page, 'onboarding-plans-desktop');

    const picked = Date.now();
    await page.getByRole('button', { name: 'Choose Flex' }).click();
    await page.getByRole('heading', { name: "Let's Set Up Your Account" }).waitFor();
    await page.getByText('1 of 4 completed').waitFor();
    await page.getByText('Flex plan selected. Taking you to your dashboard...').waitFor();
    // The spec: the dashboard opens 2 s after the pick (axe checks the same checklist on the dashboard).
    await page.waitForURL(harness.url('/dashboard'));
    expect(Date.now() - picked).toBeGreaterThanOrEqual(2_000);
    await page.getByRole('heading', { name: "Let's Set Up Your Account" }).waitFor();
    expect(await seriousViolations(page, 'dashboard-first-visit')).toEqual([]);

    // A new host with no run yet is welcomed, not welcomed back; the card names the plan picked.
    await page.getByRole('heading', { name: 'Welcome, Alex!' }).waitFor();
    const card = page.getByRole('group', { name: 'Subscription status' });
    await expect.poll(() => card.textContent()).toContain('Flex');
    expect(await card.textContent()).toContain('Active');
    await page.getByText('Alex Morgan').first().waitFor();
  });
});

describe('gating', () => {
  it('sends strangers to /auth, hosts without a plan to /onboarding, and onboarded hosts on to /dashboard', async () => {
    const stranger = await harness.newPage();
    for (const path of ['/dashboard', '/properties', '/runs']) {
      await stranger.goto(harness.url(path));
      await stranger.waitForURL(harness.url('/auth'));
    }
    await stranger.goto(harness.url('/onboarding'));
    await stranger.waitForURL(harness.url('/auth'));

    const newcomer = await harness.owner('no-plan');
    const newcomerPage = await harness.newPage(DESKTOP, newcomer);
    await newcomerPage.goto(harness.url('/dashboard'));
    await newcomerPage.waitForURL(harness.url('/onboarding'));
    await newcomerPage.getByRole('button', { name: 'Get Started' }).waitFor();

    const host = await harness.owner();
    const hostPage = await harness.newPage(DESKTOP, host);
    await hostPage.goto(harness.url('/onboarding'));
    await hostPage.waitForURL(harness.url('/dashboard'));
    await hostPage.goto(harness.url('/auth'));
    await hostPage.waitForURL(harness.url('/dashboard'));
  });

  it('signs out to /auth and clears local data even when the server cannot be reached', async () => {
    const host = await harness.owner();
    const page = await harness.newPage(DESKTOP, host);
    await page.goto(harness.url('/dashboard'));
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.evaluate(() => localStorage.setItem('inspection_smart_defaults', '{"preferredPropertyId":"x"}'));
    await page.route('**/api/auth/logout', (route) => route.abort('connectionfailed'));
    // The server's Sign Out form posts to /sign-out until the console has hydrated it (a busy machine's seconds):
    // only then does the button sign out through the API.
    await hydrated(page, 'form[action="/sign-out"]');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByText('Failed to sign out. Please try again.').waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});

describe('the free trial', () => {
  it("shows the countdown with the spec's three labels and the trial on the sidebar card", async () => {
    const host = await harness.owner('trial');
    const page = await harness.newPage(DESKTOP, host);
    await page.goto(harness.url('/dashboard'));
    await page.getByText('Free Trial Active').waitFor();
    await page.getByText('14 days left in your free trial.').waitFor();
    const card = page.getByRole('group', { name: 'Subscription status' });
    expect(await card.textContent()).toMatch(/Pro.*Trial.*Until/);
    expect(await card.textContent()).not.toContain('Professional');
    // The trial's real report allowance: its reports are metered at Flex's monthly cap.
    await page.getByText('Your trial includes up to 10 reports a month.').waitFor();
    expect(await page.locator('[data-meter="Reports this period"]').textContent()).toContain('0 of 10');

    const day = 24 * 60 * 60 * 1000;
    for (const [left, label] of [
      [2.5 * day, 'Trial Expiring'],
      [0.5 * day, 'Trial Ending Soon!'],
    ] as const) {
      await setBillingState(harness.api, host.userId, { trial_ends_at: new Date(Date.now() + left) });
      await page.reload();
      await page.getByText(label, { exact: true }).waitFor();
    }
  });

  it('lets a host on the trial go through onboarding and keep the trial', async () => {
    const host = await harness.owner('trial');
    const page = await harness.newPage(DESKTOP, host);
    await page.goto(harness.url('/onboarding'));
    await onboardWithFreeTrial(page, harness);
    await page.goto(harness.url('/onboarding'));
    await page.waitForURL(harness.url('/dashboard'));
  });
});

describe('back from Stripe checkout', () => {
  // /payment-success is tested with stripe-mock in console-checkout-and-reports.test.ts.
  it('shows the plan the webhook applied on Plans & Billing; the portal says billing is not configured here', async () => {
    const host = await harness.owner('no-plan');
    // What the billing workflow writes once Stripe's webhook arrives.
    await setBillingState(harness.api, host.userId, { plan_key: 'starter', plan_status: 'active' });
    const page = await harness.newPage(DESKTOP, host);
    await page.goto(harness.url('/subscription'));
    await page.getByRole('heading', { name: 'Plans & Billing' }).waitFor();
    const current = page.getByRole('region', { name: 'Current plan' });
    await expect.poll(() => current.textContent()).toContain('Starter');
    expect(await current.textContent()).toContain('Active');
    expect(await page.getByRole('button', { name: 'Current plan' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Choose Starter' }).count()).toBe(0);
    await page.getByRole('heading', { name: "What's Included" }).waitFor();
    expect(await seriousViolations(page, 'subscription')).toEqual([]);
    await page.getByRole('button', { name: 'Manage Billing' }).click();
    // Billing is not set up in this test API: a sentence for whoever runs the server, not an error.
    await page.getByText(/^Billing is not set up on this server yet, .*STRIPE_SECRET_KEY/).waitFor();
    expect(await page.getByText(/Portal Error/).count()).toBe(0);
  });

  it('says in a sentence for the operator, not a red Checkout Error, that billing is not set up here', async () => {
    const host = await harness.owner('trial');
    const page = await harness.newPage(DESKTOP, host);
    await page.goto(harness.url('/subscription'));
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    const notice = page.locator('[data-billing-not-set-up]');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      'Billing is not set up on this server yet, so paid plans cannot be bought here. Whoever runs this ' +
        'Turnproof server turns it on by setting STRIPE_SECRET_KEY; Flex works without it.',
    );
    expect(await notice.getAttribute('class')).toContain('MuiAlert-colorInfo');
    expect(await page.getByText(/Checkout Error/).count()).toBe(0);
    expect(page.url()).toBe(harness.url('/subscription'));
  });

  it('/payment-cancel offers a retry and the way back to the dashboard', async () => {
    const host = await harness.owner('flex');
    const page = await harness.newPage(DESKTOP, host);
    await page.goto(harness.url('/payment-cancel'));
    await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor();
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(harness.url('/dashboard'));
  });
});

describe('password reset', () => {
  it('mails a link that sets a new password, with the spec’s checks', async () => {
    const host = await harness.owner();
    const page = await harness.newPage();
    await page.goto(harness.url('/auth'));
    // The server's form: Forgot password? answers once the console has hydrated it (a busy machine's
    // console may take a while).
    await hydrated(page, '#auth-form');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByText('Please enter your email address first.').waitFor();
    await page.getByLabel('Email').fill(host.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await page.getByText(host.email).waitFor();
    await page.getByText('The link expires in 1 hour.').waitFor();
    await page.getByRole('button', { name: 'Resend Email' }).waitFor();

    const link = linkIn(await harness.api.mailbox.latest(host.email, /reset/i));
    await page.goto(link);
    await page.getByLabel(/^New Password/).fill('a brand new passphrase');
    await page.getByLabel(/^Confirm Password/).fill('a different passphrase');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel(/^New Password/).fill('short');
    await page.getByLabel(/^Confirm Password/).fill('short');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await page.getByLabel(/^New Password/).fill('a brand new passphrase');
    await page.getByLabel(/^Confirm Password/).fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL(harness.url('/auth'));

    await page.getByLabel('Email').fill(host.email);
    await page.getByLabel(/^Password/).fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(harness.url('/dashboard'));
  });
});

describe('keyboard shortcuts', () => {
  it('open the wizard for a move-in or move-out and toggle the sidebar, remembered in a cookie', async () => {
    const host = await harness.owner();
    const page = await harness.newPage(DESKTOP, host);
    await page.goto(harness.url('/dashboard'));
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    // The heading is the server's page: the shortcut works once the console's code has hydrated it, which
    // a busy machine may take a while to do, so the key is pressed again until it does.
    await expect
      .poll(
        async () => {
          await page.keyboard.press('Control+i');
          return page.url();
        },
        { timeout: UI_TIMEOUT_MS },
      )
      .toBe(harness.url('/runs/create?type=move_in'));
    await page.keyboard.press('Control+o');
    await page.waitForURL(harness.url('/runs/create?type=move_out'));
    // New turnover: Ctrl+T belongs to the browser (a new tab), Alt+Shift+T to the console.
    await page.keyboard.press('Alt+Shift+T');
    await page.waitForURL(harness.url('/runs/create?type=turnover'));

    const quickActions = page.getByText('Quick Actions');
    await quickActions.waitFor();
    await page.keyboard.press('Control+b');
    await quickActions.waitFor({ state: 'detached' });
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 60 * 60 * 1000);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await page.getByText('Quick Actions').count()).toBe(0);
    await page.keyboard.press('Control+b');
    await page.getByText('Quick Actions').waitFor();
  });
});
