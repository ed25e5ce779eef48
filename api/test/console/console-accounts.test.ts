import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBillingState } from '../support/billing-state.ts';
import { Browser, goodPassword } from '../support/browser.ts';
import {
  type ConsoleHarness,
  DESKTOP,
  type Owner,
  PHONE_390,
  screenshot,
  startConsoleHarness,
} from './console-harness.ts';

/**
 * Accounts, as the host meets them: every Sign Out (the console's, Settings' Sign Out Everywhere, the public
 * header's) is the spec's global sign-out, ending every session of the account and clearing what the console
 * kept in the browser; and when the 5-minute subscription re-check fails, only an admin
 * keeps the paid features (the spec's rule), everyone else sees them locked until a check succeeds.
 */

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsoleHarness();
});
afterAll(() => harness?.close());

const DEVICES = [
  [DESKTOP, 'desktop'],
  [PHONE_390, '390'],
] as const;

/** A second device of the same owner, signed in through the API. */
async function otherDevice(owner: Owner): Promise<Owner> {
  const device = new Browser(harness.api.baseUrl);
  expect((await device.post('/api/auth/login', { email: owner.email, password: goodPassword })).status).toBe(200);
  return Object.assign(device, { email: owner.email, userId: owner.userId });
}

const signedIn = async (device: Browser) => (await device.get('/api/auth/session')).body.user !== null;

describe('signing out', () => {
  it('ends every session of the account from the console’s Sign Out, and from Settings', async () => {
    for (const [device, label] of DEVICES) {
      const host = await harness.owner('flex');
      const phone = await otherDevice(host);

      const page = await harness.newPage(device, host);
      await page.goto(harness.url('/dashboard'));
      await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
      await page.getByRole('button', { name: 'Sign Out' }).first().click();
      await page.waitForURL((url) => url.pathname === '/auth');
      expect(await signedIn(host)).toBe(false);
      expect(await signedIn(phone)).toBe(false);
      await page.context().close();

      const again = await otherDevice(host);
      const tablet = await otherDevice(host);
      const settings = await harness.newPage(device, again);
      await settings.goto(harness.url('/settings'));
      await settings.getByRole('button', { name: 'Sign Out Everywhere' }).click();
      await settings.waitForURL((url) => url.pathname === '/auth');
      await settings.getByRole('button', { name: 'Sign In' }).first().waitFor();
      await screenshot(settings, `signed-out-everywhere-${label}`);
      expect(await signedIn(again)).toBe(false);
      expect(await signedIn(tablet)).toBe(false);
      await settings.context().close();
    }
  });

  it('signs out everywhere from the public header’s Sign Out, lands on /auth and clears the console’s stored data', async () => {
    for (const [device, label] of DEVICES) {
      const host = await harness.owner('flex');
      const phone = await otherDevice(host);
      const page = await harness.newPage(device, host);
      // The console was used in this browser: the wizard's smart defaults hold the last tenant.
      await page.goto(harness.url('/dashboard'));
      await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
      await page.evaluate(() => {
        localStorage.setItem(
          'inspection_smart_defaults',
          JSON.stringify({ suggestedMetadata: { tenant_name: 'Pat Tenant', tenant_email: 'pat@example.com' } }),
        );
        sessionStorage.setItem('turnproof-note', 'kept for this tab');
      });
      // The heading is the server's: react-admin writes its store once the console has started.
      await expect
        .poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('RaStore'))))
        .toBe(true);

      await page.goto(harness.url('/'));
      const header = page.getByRole('banner');
      // Under 768 px the header's account buttons may sit in a menu; the form's button is the same.
      await header.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await page.locator('#auth-form').waitFor();
      await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('inspection_smart_defaults'))).toBeNull();
      expect(
        await page.evaluate(() =>
          Object.keys(localStorage).filter(
            (key) => key.startsWith('RaStore.') && key !== 'RaStore.locale' && key !== 'RaStore.version',
          ),
        ),
      ).toEqual([]);
      expect(await page.evaluate(() => sessionStorage.getItem('turnproof-note'))).toBeNull();
      await screenshot(page, `header-sign-out-${label}`);
      expect(await signedIn(host)).toBe(false);
      expect(await signedIn(phone)).toBe(false);
      await page.context().close();
    }
  });
});

describe('a failed subscription re-check', () => {
  /** The dashboard of a Pro owner whose session answers fail from now on; the clock moves past the re-check. */
  async function dashboardAfterFailedRecheck(page: Page): Promise<number> {
    await page.clock.install();
    await page.goto(harness.url('/dashboard'));
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    expect(await page.locator('[data-feature-lock="Team"]').count()).toBe(0);
    let failedChecks = 0;
    await page.route('**/api/auth/session', (route) => {
      failedChecks += 1;
      return route.fulfill({ status: 503, json: { error: 'The service is unavailable. Please try again.' } });
    });
    // The heading may be the server's HTML before the console has hydrated and set its 5-minute re-check:
    // the page clock moves on a minute per poll until the first check has failed, whenever that timer started.
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(60_000);
          return failedChecks;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    // react-query tries a failed check 3 more times (1 s, 2 s, 4 s apart) before it counts as failed; a
    // second a poll lets each failed answer reach the page before the next retry's timer is due.
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(1_000);
          return failedChecks;
        },
        { timeout: 60_000 },
      )
      .toBe(4);
    return failedChecks;
  }

  it('locks the paid features of an owner who is not an admin', async () => {
    for (const [device, label] of DEVICES) {
      const host = await harness.owner('flex');
      await setBillingState(harness.api, host.userId, { plan_key: 'pro', plan_status: 'active' });
      const page = await harness.newPage(device, host);
      await dashboardAfterFailedRecheck(page);
      await page.locator('[data-feature-lock="Team"]').getByRole('heading', { name: 'Feature Locked' }).waitFor();
      await screenshot(page, `subscription-recheck-failed-${label}`);
      await page.context().close();
    }
  });

  it("keeps an admin's features", async () => {
    const admin = await harness.owner('flex');
    await harness.api.orm.em
      .getConnection()
      .execute(`update profiles set role = 'admin' where user_id = ?`, [admin.userId]);
    const page = await harness.newPage(DESKTOP, admin);
    await dashboardAfterFailedRecheck(page);
    expect(await page.locator('[data-feature-lock="Team"]').count()).toBe(0);
    await page.context().close();
  });
});
