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
import { hydrated } from './page-checks.ts';

/**
 * The console's frame as a phone user feels it: the page title survives a resize across 768 px, a swipe
 * from the left edge goes back, the menu drawer is 18rem wide, and pages fade in (not with reduced motion).
 */

let harness: ConsoleHarness;
let host: Owner;
beforeAll(async () => {
  harness = await startConsoleHarness();
  host = await harness.owner('flex');
});
afterAll(() => harness?.close());

const pageTitle = (page: Page) => page.locator('#react-admin-title').textContent();

/** A one-finger swipe to the right from `fromX` to `toX`, as touch events (Chromium with touch). */
async function swipeRight(page: Page, fromX: number, toX: number) {
  await page.evaluate(
    ({ fromX, toX }) => {
      // Runs in the page: the DOM's types are not this file's.
      const dom = globalThis as any;
      const target = dom.document.elementFromPoint(fromX, 400) ?? dom.document.body;
      const touch = (x: number) => new dom.Touch({ identifier: 1, target, clientX: x, clientY: 400 });
      const send = (type: string, init: object) =>
        target.dispatchEvent(new dom.TouchEvent(type, { ...init, bubbles: true }));
      send('touchstart', { touches: [touch(fromX)] });
      send('touchmove', { touches: [touch(toX)] });
      send('touchend', { changedTouches: [touch(toX)] });
    },
    { fromX, toX },
  );
}

describe('the console frame on a phone', () => {
  it('keeps the page title across a resize over 768 px and back', async () => {
    const page = await harness.newPage(PHONE_390, host);
    await page.goto(harness.url('/properties'));
    // The page's first render: on a loaded machine (two test files at a time) it may take over the poll's 1 s.
    await expect.poll(() => pageTitle(page), { timeout: UI_TIMEOUT_MS }).toBe('Properties');
    await page.setViewportSize(DESKTOP.viewport);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await pageTitle(page)).toBe('Properties');
    await screenshot(page, 'layout-resized-desktop');
    await page.setViewportSize(PHONE_390.viewport);
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(await pageTitle(page)).toBe('Properties');
    await page.context().close();
  });

  it('goes back on a swipe from the left edge over 100 px, and not on a shorter or inner swipe', async () => {
    const page = await harness.newPage(PHONE_390, host);
    await page.goto(harness.url('/dashboard'));
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.getByRole('navigation', { name: 'Tabs' }).getByText('Properties').click();
    await page.waitForURL((url) => url.pathname === '/properties');

    await swipeRight(page, 10, 90); // too short
    await swipeRight(page, 40, 300); // not from the edge
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/properties');

    await swipeRight(page, 8, 160);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.context().close();
  });

  it('opens the menu as an 18rem drawer', async () => {
    const page = await harness.newPage(PHONE_390, host);
    await page.goto(harness.url('/dashboard'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('.MuiDrawer-paper');
    await drawer.getByText('Quick Actions').waitFor();
    expect((await drawer.boundingBox())?.width).toBe(288);
    await screenshot(page, 'layout-drawer-390');
    await page.context().close();
  });
});

describe('page transitions', () => {
  /** Records every fade the page starts on the page wrapper. */
  async function fadesOn(page: Page) {
    await page.addInitScript(() => {
      const fades: number[] = [];
      (globalThis as any).__fades = fades;
      const element = (globalThis as any).Element.prototype;
      const animate = element.animate;
      element.animate = function (this: any, ...args: unknown[]) {
        if (this.hasAttribute('data-page-transition')) fades.push(Date.now());
        return animate.apply(this, args);
      };
    });
  }
  const fadeCount = (page: Page) => page.evaluate(() => ((globalThis as any).__fades as number[]).length);

  it('fades each new page in, and not for people who ask for reduced motion', async () => {
    const page = await harness.newPage(DESKTOP, host);
    await fadesOn(page);
    await page.goto(harness.url('/dashboard'));
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    // The heading may still be the server's page, whose links load the next page anew: the console's own
    // navigation (and its fade) starts once the console has taken the page over.
    await hydrated(page, '[data-page-transition]');
    // The first screen of a page load shows at once: no old page to follow, and no later largest paint.
    const before = await fadeCount(page);
    expect(before).toBe(0);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Properties/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/properties');
    await expect.poll(() => fadeCount(page)).toBe(before + 1);
    await page.context().close();

    const calm = await harness.newPage(DESKTOP, host);
    await calm.emulateMedia({ reducedMotion: 'reduce' });
    await fadesOn(calm);
    await calm.goto(harness.url('/dashboard'));
    await calm.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await hydrated(calm, '[data-page-transition]');
    await calm
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Properties/ })
      .click();
    await calm.waitForURL((url) => url.pathname === '/properties');
    await calm.getByRole('heading', { name: 'Properties' }).first().waitFor();
    expect(await fadeCount(calm)).toBe(0);
    await calm.context().close();
  });
});
