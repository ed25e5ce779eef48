import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleHarness,
  DESKTOP,
  type Owner,
  PHONE_390,
  screenshot,
  startConsoleHarness,
  UI_TIMEOUT_MS,
} from './console-harness.ts';

/** Two open tabs of one owner, and the connection badge and toasts, in real Chromium over the real API. */

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsoleHarness();
});
afterAll(() => harness?.close());

async function openTab(owner: Owner, path: string, heading: string, device = DESKTOP): Promise<Page> {
  const page = await harness.newPage(device, owner);
  await page.goto(harness.url(path));
  await page.getByRole('heading', { name: heading, level: 1, exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
  // Set once: still there later means the tab was never reloaded.
  await page.evaluate('window.__sameDocument = true');
  return page;
}

const sameDocument = (page: Page) => page.evaluate<boolean>('window.__sameDocument === true');

describe('live updates', () => {
  it('shows a property added and a profile saved elsewhere in the other open tab, without a reload', async () => {
    const owner = await harness.owner('flex');
    const properties = await openTab(owner, '/properties', 'Properties');
    const profile = await openTab(owner, '/profile', 'Professional Profile');

    // Another device adds a property: the open properties tab lists it.
    expect((await owner.post('/api/properties', { name: 'Gull Point Loft', address: '9 Pier Road' })).status).toBe(201);
    await properties.getByText('Gull Point Loft').first().waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await sameDocument(properties)).toBe(true);

    // The profile tab renames the owner: the properties tab's sidebar follows.
    await profile.getByRole('button', { name: 'Edit name' }).click();
    await profile.getByRole('textbox', { name: 'Name' }).fill('Marina Host');
    await profile.keyboard.press('Enter');
    await profile.getByText('Profile saved').waitFor({ timeout: UI_TIMEOUT_MS });
    await properties.getByText('Marina Host').first().waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await sameDocument(properties)).toBe(true);

    // And a property added in the first tab's owner account reaches the profile tab's Quick Stats.
    const stat = (label: string) => profile.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    await expect.poll(() => stat('Properties').textContent(), { timeout: UI_TIMEOUT_MS }).toBe('1');
    expect((await owner.post('/api/properties', { name: 'Dune House', address: '2 Sand Way' })).status).toBe(201);
    await expect.poll(() => stat('Properties').textContent(), { timeout: UI_TIMEOUT_MS }).toBe('2');
    expect(await sameDocument(profile)).toBe(true);
    await screenshot(properties, 'live-second-tab-desktop');
    await properties.context().close();
    await profile.context().close();
  });

  it('shows a property added on another device in the phone-sized list, without a reload', async () => {
    const owner = await harness.owner('flex');
    const phone = await openTab(owner, '/properties', 'Properties', PHONE_390);
    expect((await owner.post('/api/properties', { name: 'Harbour Flat', address: '4 Quay Street' })).status).toBe(201);
    await phone.getByText('Harbour Flat').first().waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await sameDocument(phone)).toBe(true);
    await screenshot(phone, 'live-second-tab-390');
    await phone.context().close();
  });
});

describe('connection badge', () => {
  for (const [device, name] of [
    [DESKTOP, 'desktop'],
    [PHONE_390, '390px'],
  ] as const) {
    it(`shows Online, then Offline with 'Offline mode', then 'Back online' (${name})`, async () => {
      const owner = await harness.owner('flex');
      const page = await openTab(owner, '/properties', 'Properties', device);
      // Loaded: the screen's code and the toasts' code are in the browser before the connection goes.
      await page.waitForLoadState('networkidle');
      const badge = page.getByRole('status', { name: /^Connection:/ });
      expect(await badge.textContent()).toBe('Online');
      await page.context().setOffline(true);
      await page.getByText('Offline mode').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await badge.textContent()).toBe('Offline');
      await screenshot(page, `console-offline-${name}`);
      await page.context().setOffline(false);
      await page.getByText('Back online').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await badge.textContent()).toBe('Online');
      // The toast goes after its 3 s.
      await page.getByText('Back online').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await page.context().close();
    });
  }
});

describe('signing out and plans without a session', () => {
  it("says 'Failed to sign out. Please try again.' when the server cannot be told, and still leaves for /auth", async () => {
    const owner = await harness.owner('flex');
    // Signed in, /auth sends the owner on to the dashboard: the sign-in screen's code is in this tab then.
    const page = await harness.newPage(DESKTOP, owner);
    await page.goto(harness.url('/auth'));
    await page.waitForURL(/\/dashboard$/, { timeout: UI_TIMEOUT_MS });
    await page.waitForLoadState('networkidle');
    const signOut = page.getByRole('button', { name: 'Sign Out' }).last();
    await signOut.waitFor({ timeout: UI_TIMEOUT_MS });
    // The server cannot be reached: the sign-out request fails.
    await page.context().setOffline(true);
    await signOut.click({ timeout: UI_TIMEOUT_MS });
    await page.waitForURL(/\/auth\?signout=failed$/, { timeout: UI_TIMEOUT_MS });
    await page.getByText('Failed to sign out. Please try again.').waitFor({ timeout: UI_TIMEOUT_MS });
    await page.context().setOffline(false);
    // The server never heard of it: the session is still there, which is why the sentence asks to try again.
    expect((await owner.get('/api/auth/session')).body.user).not.toBeNull();
    await page.context().close();
  });

  it("asks to sign in ('Sign In Required') when a plan is picked after the session ended, and goes to /auth", async () => {
    const owner = await harness.owner('flex');
    const page = await openTab(owner, '/subscription', 'Plans & Billing');
    const choose = page.getByRole('button', { name: 'Choose Starter' });
    await choose.waitFor({ timeout: UI_TIMEOUT_MS });
    // The session ends elsewhere (Sign Out Everywhere on another device).
    expect((await owner.post('/api/auth/logout', { everywhere: true })).status).toBe(200);
    await choose.click();
    await page.getByText('Sign In Required: Please sign in to start your subscription.').waitFor({
      timeout: UI_TIMEOUT_MS,
    });
    await page.waitForURL(/\/auth$/, { timeout: UI_TIMEOUT_MS });
    await page.context().close();
  });
});
