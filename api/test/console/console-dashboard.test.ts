import { PAGE_COOKIES } from '@turnproof/config/page-cookies';
import { QUIET_WINDOW_MS } from '@turnproof/config/page-marks';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { setBillingState } from '../support/billing-state.ts';
import { Cleaner, completeThroughMagicLink } from '../runner/cleaner.ts';
import { consoleStartedAt } from './page-checks.ts';
import {
  type ConsoleHarness,
  DESKTOP,
  type Owner,
  PHONE_390,
  screenshot,
  startConsoleHarness,
  statValue,
} from './console-harness.ts';

/**
 * The dashboard in Chromium from real data: a run a cleaner completed through the magic link counts in
 * 'Completed Today', a run in progress shows on the mobile tab bar, and a second host sees none of it.
 */

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsoleHarness({ worker: true });
});
afterAll(() => harness?.close());

async function propertyWithRun(owner: Owner, name: string) {
  const property = await owner.post('/api/properties', { name, address: `${name} Lane 1, Austin TX` });
  expect(property.status).toBe(201);
  const checklists = await owner.get(
    `/api/checklists?filter=${encodeURIComponent(JSON.stringify({ property_id: property.body.id }))}`,
  );
  const turnover = checklists.body.find((c: { type: string }) => c.type === 'turnover');
  const run = await owner.post('/api/runs', {
    property_id: property.body.id,
    type: 'turnover',
    checklist_id: turnover.id,
  });
  expect(run.status).toBe(201);
  return { property: property.body, run: run.body, cleaner: Cleaner.fromLink(run.body.magic_link) };
}

/** The text and background colours of a status chip in Recent Activity. */
const chipStyle = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Recent Activity' })
    .locator('.MuiChip-root', { hasText: label })
    .first()
    .evaluate((chip: any) => {
      const style = (globalThis as any).getComputedStyle(chip);
      return { color: style.color as string, background: style.backgroundColor as string };
    });

/** When the page's console started (ms from navigation start), or null while it has not. */
describe('the dashboard', () => {
  let host: Owner;
  let runIds: string[];

  beforeAll(async () => {
    host = await harness.owner();
    await setBillingState(harness.api, host.userId, { plan_key: 'pro', plan_status: 'active' });
    const made = [];
    for (const name of ['Alder Cottage', 'Birch Loft', 'Cedar House', 'Dogwood Villa'])
      made.push(await propertyWithRun(host, name));
    await completeThroughMagicLink(made[0]!.cleaner);
    const inProgress = made[1]!.cleaner;
    const firstTask = (await inProgress.openRun()).body.run.tasks[0];
    expect((await inProgress.tick(firstTask.id)).status).toBe(200);
    runIds = made.map((entry) => entry.run.id);
  });

  it("shows the host's real figures on the desktop, with 'Completed Today' counting the run completed today", async () => {
    const page = await harness.newPage(DESKTOP, host);
    await page.goto(harness.url('/dashboard'));
    await page.getByRole('heading', { name: 'Welcome back, Test!' }).waitFor();
    await expect.poll(() => statValue(page, 'Completed Today')).toBe('1');
    expect(await statValue(page, 'Total Properties')).toBe('4');
    expect(await statValue(page, 'In Progress')).toBe('1');
    expect(await statValue(page, 'Total Inspections')).toBe('4');

    // The cards below the figures render after the first paint (AfterFirstPaint), all at once.
    await page.getByRole('region', { name: 'Recent Activity' }).waitFor();
    const properties = page.getByRole('region', { name: 'Your Properties' });
    expect(await properties.getByRole('link').allTextContents()).toEqual([
      expect.stringContaining('Dogwood Villa'),
      expect.stringContaining('Cedar House'),
      expect.stringContaining('Birch Loft'),
      'View All Properties (4)',
    ]);
    expect(await page.getByText('Template Collection').count()).toBe(0);

    const activity = page.getByRole('region', { name: 'Recent Activity' });
    expect(await activity.getByRole('listitem').count()).toBe(4);
    // The spec's colours: completed green, in progress orange, pending blue.
    expect(await chipStyle(page, 'completed')).toEqual({ color: 'rgb(22, 101, 52)', background: 'rgb(220, 252, 231)' });
    expect(await chipStyle(page, 'in progress')).toEqual({
      color: 'rgb(154, 52, 18)',
      background: 'rgb(255, 237, 213)',
    });
    expect(await chipStyle(page, 'pending')).toEqual({ color: 'rgb(30, 64, 175)', background: 'rgb(219, 234, 254)' });

    expect(await page.locator('[data-meter="Properties"]').getAttribute('data-color')).toBe('success');
    expect(await page.locator('[data-meter="Properties"]').textContent()).toContain('4 of 50');
    expect(await page.getByRole('heading', { name: 'Unlock Analytics' }).count()).toBe(0);
    const card = page.getByRole('group', { name: 'Subscription status' });
    expect(await card.textContent()).toContain('Pro');
    expect(await card.textContent()).not.toContain('Professional');

    expect(await seriousViolations(page, 'dashboard-desktop')).toEqual([]);
    await screenshot(page, 'dashboard-desktop');
  });

  it('keeps every card in its place on the desktop while the open issues are still on their way', async () => {
    const page = await harness.newPage(DESKTOP, host);
    // A slow answer for the open-issues tile (its own request, after the dashboard's).
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/issues/open', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(harness.url('/dashboard'));
    const tile = page.getByRole('region', { name: 'Open issues' });
    const cards = ['Your Properties', 'Recent Activity'].map((name) => page.getByRole('region', { name }));
    await cards[1]!.waitFor();
    expect(await tile.getAttribute('aria-busy')).toBe('true');
    const placesBefore = await Promise.all(cards.map((card) => card.boundingBox()));

    release();
    await tile.locator('[data-open-issues]').waitFor();
    expect(await tile.getAttribute('aria-busy')).toBe('false');
    // Where the host was about to click is still where it was.
    const placesAfter = await Promise.all(cards.map((card) => card.boundingBox()));
    expect(placesAfter.map((box) => [box?.x, box?.y])).toEqual(placesBefore.map((box) => [box?.x, box?.y]));
  });

  it('shows the runs in progress on the 390 px tab bar, with the new-property button', async () => {
    const page = await harness.newPage(PHONE_390, host);
    await page.goto(harness.url('/dashboard'));
    await page.getByRole('heading', { name: 'Welcome back, Test!' }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await tabs.getByText('1 in progress').or(tabs.getByLabel('1 in progress')).first().waitFor();
    expect(await tabs.locator('.MuiBottomNavigationAction-root').allTextContents()).toEqual([
      'Dashboard',
      'Properties',
      expect.stringContaining('Inspections'),
      'Analytics',
    ]);
    expect(await page.getByRole('link', { name: 'Add property' }).getAttribute('href')).toBe('/properties/create');
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await menu.getByRole('link', { name: 'Profile' }).waitFor();
    expect(await menu.getByRole('group', { name: 'Subscription status' }).textContent()).toContain('Pro');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await seriousViolations(page, 'dashboard-390')).toEqual([]);
    await screenshot(page, 'dashboard-390');
  });

  it('paints the greeting, the figures and the tab bar from the server, with no JavaScript', async () => {
    const page = await harness.newPage({ ...PHONE_390, javaScriptEnabled: false }, host);
    // The width an earlier console page noted (this browser's User-Agent does not say it is a phone).
    await page.context().addCookies([{ name: PAGE_COOKIES.width, value: '390', url: harness.url('/') }]);
    const response = await page.goto(harness.url('/dashboard'));
    // The owner's own figures: no cache may keep them.
    expect(response?.headers()['cache-control']).toBe('no-store');
    await page.getByRole('heading', { name: 'Welcome back, Test!' }).waitFor();
    expect(await statValue(page, 'Total Properties')).toBe('4');
    expect(await statValue(page, 'In Progress')).toBe('1');
    expect(await statValue(page, 'Completed Today')).toBe('1');
    expect(await statValue(page, 'Total Inspections')).toBe('4');
    await screenshot(page, 'dashboard-390-server-render');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    expect(await tabs.getByRole('link', { name: 'Properties' }).getAttribute('href')).toBe('/properties');
  });

  it('on a phone, starts the console only once the page has been quiet for 5 s, or at once when the host reaches for it', async () => {
    // A phone the server lays the page out for (by the width an earlier console page noted).
    const phone = async () => {
      const page = await harness.newPage(PHONE_390, host);
      await page.context().addCookies([{ name: PAGE_COOKIES.width, value: '390', url: harness.url('/') }]);
      return page;
    };
    // Left alone, the server's page is all there is until a quiet window has passed; then the console
    // takes over by itself and draws the cards under the figures.
    const leftAlone = await phone();
    await leftAlone.goto(harness.url('/dashboard'));
    await leftAlone.getByRole('heading', { name: 'Welcome back, Test!' }).waitFor();
    expect(await consoleStartedAt(leftAlone)).toBeNull();
    expect(await leftAlone.getByRole('region', { name: 'Your Properties' }).count()).toBe(0);
    await leftAlone.getByRole('region', { name: 'Your Properties' }).waitFor({ timeout: 60_000 });
    expect(await consoleStartedAt(leftAlone)).toBeGreaterThanOrEqual(QUIET_WINDOW_MS);

    // A turn of the wheel (a phone's scroll starts with a touch) starts it at once.
    const reachedFor = await phone();
    await reachedFor.goto(harness.url('/dashboard'));
    await reachedFor.getByRole('heading', { name: 'Welcome back, Test!' }).waitFor();
    expect(await consoleStartedAt(reachedFor)).toBeNull();
    const reachedAt = await reachedFor.evaluate(() => performance.now());
    await reachedFor.mouse.wheel(0, 300);
    await reachedFor.getByRole('region', { name: 'Your Properties' }).waitFor();
    expect((await consoleStartedAt(reachedFor))! - reachedAt).toBeLessThan(2000);
    await screenshot(reachedFor, 'dashboard-390-started-on-scroll');
  });

  it('goes from the server’s first screen to the running console with no loading screen in between', async () => {
    const page = await harness.newPage(PHONE_390, host);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The console's loading screens (the frame's, a screen's, the dashboard's), watched from the first byte on.
    await page.addInitScript(`
      new MutationObserver(() => {
        if (document.querySelector('[aria-label="Loading"], [aria-label="Loading your dashboard"]')) window.sawSpinner = true;
      }).observe(document, { childList: true, subtree: true });
    `);
    await page.goto(harness.url('/dashboard'));
    // The cards under the figures are the console's own render (the server's HTML stops at the figures);
    // then its menu button opens the sidebar, which the server's HTML cannot.
    await page.getByRole('region', { name: 'Your Properties' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await statValue(page, 'Completed Today')).toBe('1');
    expect(await page.getByRole('heading', { name: 'Welcome back, Test!' }).count()).toBe(1);
    expect(await page.evaluate('window.sawSpinner ?? false')).toBe(false);
    expect(problems).toEqual([]);

    // A property added elsewhere shows in the figures: the live feed refetches them, from the API, not
    // from an answer the page started with.
    await host.post('/api/properties', { name: 'Elder Barn', address: 'Elder Barn Lane 1, Austin TX' });
    await expect.poll(() => statValue(page, 'Total Properties'), { timeout: 20_000 }).toBe('5');
  });

  it('renders no dashboard on the server for a visitor who is signed out or an owner still in onboarding', async () => {
    const signedOut = await fetch(harness.url('/dashboard'));
    expect(signedOut.status).toBe(200);
    expect(await signedOut.text()).not.toMatch(/Welcome( back)?, /);
    // With neither plan nor trial, the console sends the owner to onboarding.
    const onboarding = await harness.owner('no-plan');
    const unfinished = await fetch(harness.url('/dashboard'), { headers: { Cookie: onboarding.cookie } });
    expect(await unfinished.text()).not.toMatch(/Welcome( back)?, /);
  });

  it("never shows a second host the first host's data, on screen or through the API", async () => {
    const second = await harness.owner();
    for (const name of ['Elm Studio', 'Fir Cabin', 'Gum Tree Flat'])
      await second.post('/api/properties', { name, address: `${name} Road` });
    const page = await harness.newPage(DESKTOP, second);
    await page.goto(harness.url('/dashboard'));
    // No run yet: a new host is welcomed, not welcomed back.
    await page.getByRole('heading', { name: 'Welcome, Test!' }).waitFor();
    expect(await page.getByText('Welcome back').count()).toBe(0);
    await expect.poll(() => statValue(page, 'Total Properties')).toBe('3');
    expect(await statValue(page, 'Total Inspections')).toBe('0');
    expect(await statValue(page, 'Completed Today')).toBe('0');
    const text = (await page.locator('body').textContent()) ?? '';
    for (const name of ['Alder Cottage', 'Birch Loft', 'Cedar House', 'Dogwood Villa'])
      expect(text).not.toContain(name);

    // Flex allows 3 properties: the meter is full and red, and analytics is offered as an upgrade.
    expect(await page.locator('[data-meter="Properties"]').getAttribute('data-color')).toBe('error');
    await page.getByText("You've reached your limit of 3 properties. Upgrade for more.").waitFor();
    await page.getByRole('heading', { name: 'Unlock Analytics' }).waitFor();
    await page.getByText('Upgrade to Pro to unlock advanced features').waitFor();
    await page
      .getByRole('region', { name: 'Unlock Analytics' })
      .getByRole('button', { name: 'Upgrade to Pro' })
      .click();
    await page.getByRole('dialog', { name: 'Choose Your Perfect Plan' }).waitFor();

    for (const id of runIds) expect((await page.request.get(harness.url(`/api/runs/${id}`))).status()).toBe(404);
    const dashboard = await page.request.get(
      harness.url(`/api/dashboard?since=${encodeURIComponent(new Date(0).toISOString())}`),
    );
    expect(JSON.stringify(await dashboard.json())).not.toContain('Alder Cottage');
  });
});
