import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBillingState } from '../support/billing-state.ts';
import { type ConsoleHarness, DESKTOP, PHONE_390, screenshot, startConsoleHarness } from './console-harness.ts';

/**
 * Upgrade prompts that lead somewhere: the lock screen of a feature the plan lacks opens the plan picker
 * on the spot and goes back; the dashboard's banner names the next plan up, its team card is gated by the
 * plan, a success story rotates every 8 s, and promo credits stay visible once a code is applied.
 */

let harness: ConsoleHarness;
beforeAll(async () => {
  // Promo codes are applied by their workflow.
  harness = await startConsoleHarness({ worker: true });
});
afterAll(() => harness?.close());

describe('the feature lock screen', () => {
  it("shows 'Feature Locked' with the reason, opens the plan picker, and goes back", async () => {
    const host = await harness.owner('flex');
    for (const [device, label] of [
      [DESKTOP, 'desktop'],
      [PHONE_390, '390'],
    ] as const) {
      const page = await harness.newPage(device, host);
      await page.goto(harness.url('/dashboard'));
      await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
      await page.goto(harness.url('/analytics'));
      const lock = page.locator('[data-feature-lock="Analytics"]');
      await lock.getByRole('heading', { name: 'Feature Locked' }).waitFor();
      expect(await lock.textContent()).toContain('Upgrade to access detailed analytics and reports');
      await screenshot(page, `feature-lock-${label}`);

      await lock.getByRole('button', { name: 'Upgrade to Pro' }).click();
      const picker = page.getByRole('dialog', { name: 'Choose Your Perfect Plan' });
      await picker.getByRole('region', { name: 'Have a promo code?' }).waitFor();
      await screenshot(page, `feature-lock-plan-picker-${label}`);
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'hidden' });

      await lock.getByRole('button', { name: 'Go Back' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.context().close();
    }
  });
});

describe('the dashboard by plan', () => {
  it('gates the team card, names the plan that exists (Pro), and rotates the success story every 8 s', async () => {
    const starter = await harness.owner('flex');
    const page = await harness.newPage(DESKTOP, starter);
    await page.clock.install();
    await page.goto(harness.url('/dashboard'));
    const teamLock = page.locator('[data-feature-lock="Team"]');
    await teamLock.getByRole('heading', { name: 'Feature Locked' }).waitFor();
    expect(await teamLock.textContent()).toContain('Upgrade to Pro to add team members');
    // The card sits among the others: no 'Go Back' there.
    expect(await teamLock.getByRole('button', { name: 'Go Back' }).count()).toBe(0);
    expect(await page.locator('[data-upgrade-banner]').textContent()).toContain(
      'Upgrade to Pro to unlock advanced features',
    );
    expect(await page.locator('body').textContent()).not.toMatch(/Professional|Enterprise/);

    const story = page.locator('[data-success-story]');
    const first = await story.textContent();
    expect(first).toContain('Deposit dispute settled in one e-mail');
    await page.clock.fastForward(8_000);
    await expect.poll(() => story.textContent()).toContain('Re-cleans down from weekly to rare');
    await screenshot(page, 'dashboard-starter');

    const pro = await harness.owner('flex');
    await setBillingState(harness.api, pro.userId, { plan_key: 'pro', plan_status: 'active' });
    const proPage = await harness.newPage(PHONE_390, pro);
    await proPage.goto(harness.url('/dashboard'));
    const team = proPage.getByRole('region', { name: 'Your Team' });
    await team.getByText('Invite your cleaners').waitFor();
    await team.getByRole('link', { name: 'Manage Team' }).waitFor();
    // Pro has every feature: no banner sells an 'Enterprise' plan that does not exist.
    await proPage.getByRole('heading', { name: 'Plan Usage' }).waitFor();
    expect(await proPage.locator('[data-upgrade-banner]').count()).toBe(0);
    expect(await proPage.locator('body').textContent()).not.toMatch(/Enterprise|Professional/);
    await screenshot(proPage, 'dashboard-pro-390');
  });
});

describe('promo credits', () => {
  it('shows the credits left on the dashboard and keeps the promo box applied after a reload', async () => {
    const host = await harness.owner('flex');
    const page = await harness.newPage(DESKTOP, host);
    await page.goto(harness.url('/subscription'));
    const promo = page.getByRole('region', { name: 'Have a promo code?' });
    await promo.getByLabel('Promo code').fill('turnproof5');
    await promo.getByRole('button', { name: 'Apply' }).click();
    await promo.getByRole('button', { name: 'Applied' }).waitFor();

    await page.reload();
    await promo.getByText('5 free reports left from promo codes').waitFor();
    expect(await promo.getByRole('button', { name: 'Applied' }).isDisabled()).toBe(true);
    expect(await promo.getByLabel('Promo code').isDisabled()).toBe(true);

    await page.goto(harness.url('/dashboard'));
    await page.locator('[data-promo-credits]', { hasText: '5 free reports left from promo codes' }).waitFor();
    await screenshot(page, 'dashboard-promo-credits');
  });
});
