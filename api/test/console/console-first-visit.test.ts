import { QUIET_WINDOW_MS } from '@turnproof/config/page-marks';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import { type ConsoleHarness, DESKTOP, PHONE_390, screenshot, startConsoleHarness } from './console-harness.ts';
import { consoleStartedAt, hydrated, problemsOf } from './page-checks.ts';

/**
 * A host's first visit to the console: /auth and /password-reset arrive rendered on the server (the form
 * is in the HTML, usable with JavaScript off) and the console hydrates them without a loading screen or a
 * hydration error; the console is installable (its web app manifest) and shows the spec's install prompt.
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

describe('/auth rendered on the server', () => {
  it('has the sign-in form in its HTML, before any JavaScript', async () => {
    const response = await fetch(harness.url('/auth'));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<form[^>]*id="auth-form"/);
    expect(html).toContain('>Sign In</h1>');
    expect(html).toMatch(/<input[^>]*type="email"/);
    expect(html).toMatch(/<input[^>]*type="password"/);
    const signUp = await (await fetch(harness.url('/auth?mode=sign-up&promo=turnproof5'))).text();
    expect(signUp).toContain('>Create your account</h1>');
    expect(signUp).toMatch(
      /<input[^>]*name="promo_code"[^>]*value="TURNPROOF5"|value="TURNPROOF5"[^>]*name="promo_code"/,
    );
    const reset = await (await fetch(harness.url('/password-reset'))).text();
    expect(reset).toContain('>Reset Password</h1>');
  });

  it('leaves a signed-in visitor to the console, which sends them on', async () => {
    const owner = await signedInOwner(harness.api);
    const html = await (await fetch(harness.url('/auth'), { headers: { Cookie: owner.cookie } })).text();
    expect(html).not.toContain('id="auth-form"');
  });

  it('shows the form with JavaScript off, on a 390 px phone and a desktop', async () => {
    for (const [device, label] of DEVICES) {
      const page = await harness.newPage({ ...device, javaScriptEnabled: false });
      await page.goto(harness.url('/auth'));
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      await page.getByLabel(/^Email/).waitFor();
      await page.getByLabel(/^Password/).waitFor();
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await screenshot(page, `auth-server-render-${label}`);
      await page.context().close();
    }
  });

  it('hydrates: no loading screen, no hydration error, the typed e-mail kept, and signing in works', async () => {
    for (const [device, label] of DEVICES) {
      const owner = await signedInOwner(harness.api);
      await owner.post('/api/onboarding/plan', { plan_key: 'flex' });
      const page = await harness.newPage(device);
      const problems = problemsOf(page);
      await page.addInitScript(`
        new MutationObserver(() => {
          if (document.querySelector('[aria-label="Loading"]')) window.sawSpinner = true;
        }).observe(document, { childList: true, subtree: true });
      `);
      // The console's JavaScript is held back until the visitor has typed, as on a slow phone.
      let releaseScripts = () => {};
      const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await scriptsHeld;
        await route.continue();
      });
      // Module scripts run before DOMContentLoaded: the page is used as soon as its HTML is there.
      await page.goto(harness.url('/auth'), { waitUntil: 'commit' });
      await page.locator('#auth-form').waitFor();
      await page.getByLabel(/^Email/).fill(owner.email);
      await page.getByLabel(/^Password/).fill(harness.password);
      // The server's own input elements, marked: hydration keeps them, a client render would replace them.
      await page.evaluate(
        "document.querySelectorAll('#auth-form input').forEach((input) => (input.fromServer = true))",
      );
      releaseScripts();
      // Hydrated: React has taken the server's form over (its nodes carry React's keys), and the Show
      // password button works, which the server's HTML alone cannot do.
      await hydrated(page, '#auth-form');
      expect(problems).toEqual([]);
      expect(
        await page.evaluate("[...document.querySelectorAll('#auth-form input')].every((input) => input.fromServer)"),
      ).toBe(true);
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await page.getByLabel(/^Password/).getAttribute('type')).toBe('text');
      expect(await page.getByLabel(/^Password/).inputValue()).toBe(harness.password);
      expect(await page.getByLabel(/^Email/).inputValue()).toBe(owner.email);
      await screenshot(page, `auth-hydrated-${label}`);
      // No loading screen from the first paint to the hydrated form (the dashboard's code may still show
      // one after signing in, while it downloads on a slow phone).
      expect(await page.evaluate('window.sawSpinner ?? false')).toBe(false);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/onboarding');
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });
});

describe('/auth on a phone', () => {
  it('starts the console once the visitor taps into the form, or once the page has been quiet for 5 s', async () => {
    // Left alone, the server's form is all there is until a quiet window has passed; then the console hydrates it.
    const leftAlone = await harness.newPage(PHONE_390);
    await leftAlone.goto(harness.url('/auth'));
    await leftAlone.locator('#auth-form').waitFor();
    expect(await consoleStartedAt(leftAlone)).toBeNull();
    await hydrated(leftAlone, '#auth-form', 60_000);
    expect(await consoleStartedAt(leftAlone)).toBeGreaterThanOrEqual(QUIET_WINDOW_MS);
    await leftAlone.context().close();

    // A tap into the form starts it at once, and what is typed meanwhile stays.
    const owner = await signedInOwner(harness.api);
    const tapped = await harness.newPage(PHONE_390);
    await tapped.goto(harness.url('/auth'));
    await tapped.locator('#auth-form').waitFor();
    expect(await consoleStartedAt(tapped)).toBeNull();
    const tappedAt = await tapped.evaluate(() => performance.now());
    await tapped.getByLabel(/^Email/).click();
    await tapped.getByLabel(/^Email/).fill(owner.email);
    await hydrated(tapped, '#auth-form');
    expect((await consoleStartedAt(tapped))! - tappedAt).toBeLessThan(2000);
    expect(await tapped.getByLabel(/^Email/).inputValue()).toBe(owner.email);
    await tapped.getByLabel(/^Password/).fill(harness.password);
    await tapped.getByRole('button', { name: 'Sign In', exact: true }).click();
    await tapped.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/onboarding');
    await tapped.context().close();
  });

  it('arrives over a slow link in parts without moving the form: the card grows down from the top', async () => {
    const page = await harness.newPage(PHONE_390);
    // The bench's phone (4x slower) and link (1.6 Mbit/s, 150 ms): the server's page comes in parts, each
    // painted as it arrives.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 200_000,
      uploadThroughput: 93_750,
    });
    await page.addInitScript(`
      globalThis.layoutShifts = [];
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries()) globalThis.layoutShifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    `);
    await page.goto(harness.url('/auth'), { waitUntil: 'load' });
    await page.locator('#auth-form').waitFor();
    const shifts = await page.evaluate(() => (globalThis as unknown as { layoutShifts: number[] }).layoutShifts);
    // Centred, the card moved up by half of each part that arrived: 0.06-0.2 in all, per load.
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.02);
    // The console's files come into the HTTP cache once the page has loaded (before, they shared the link with
    // its parts), and as a prefetch: no module of the console is compiled while the host reads the form.
    const fetches = () =>
      page.evaluate<{ loaded: number; console: number[]; modulePreloads: number }>(`({
        loaded: performance.getEntriesByType('navigation')[0].loadEventStart,
        console: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/assets/console-start-'))
          .map((entry) => entry.startTime),
        modulePreloads: document.querySelectorAll('link[rel="modulepreload"]').length,
      })`);
    await expect.poll(async () => (await fetches()).console.length, { timeout: 30_000 }).toBe(1);
    const { loaded, console: consoleFetchedAt, modulePreloads } = await fetches();
    expect(loaded).toBeGreaterThan(0);
    expect(consoleFetchedAt[0]).toBeGreaterThanOrEqual(loaded);
    expect(modulePreloads).toBe(0);
    await screenshot(page, 'auth-390-slow-link');
    await page.context().close();
  });
});

/** Sends the event Chromium fires when the app can be installed; counts calls of its prompt(). */
const fireInstallEvent = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const target = globalThis as unknown as EventTarget & { installPrompts?: number };
    target.installPrompts = 0;
    Object.assign(event, {
      prompt: async () => {
        target.installPrompts = (target.installPrompts ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    target.dispatchEvent(event);
  });

/**
 * /auth's console running, whose prompt it is: a phone starts it once the visitor reaches for the page
 * (start-when-wanted.ts), so the test taps the heading, as a person taps into the form.
 */
async function consoleStarted(page: Page) {
  await page.locator('#auth-form').waitFor();
  await page.getByRole('heading', { name: 'Sign In' }).click();
  await hydrated(page, '#auth-form');
}

const installPrompt = (page: Page) => page.getByRole('region', { name: 'Install Turnproof' });

describe('installing the console', () => {
  it('has a web app manifest with the brand’s icons, starting on the dashboard', async () => {
    const html = await (await fetch(harness.url('/auth'))).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const manifest = await fetch(harness.url('/manifest.webmanifest'));
    expect(manifest.status).toBe(200);
    const body = (await manifest.json()) as { name: string; start_url: string; icons: { src: string }[] };
    expect(body).toMatchObject({ name: 'Turnproof', start_url: '/dashboard' });
    for (const icon of body.icons) expect((await fetch(harness.url(icon.src))).status, icon.src).toBe(200);
  });

  it('offers Install 3 s after the browser’s install event; Install prompts, Not now is remembered', async () => {
    for (const [device, label] of DEVICES) {
      const page = await harness.newPage(device);
      await page.goto(harness.url('/auth'));
      await consoleStarted(page);
      await fireInstallEvent(page);
      await page.waitForTimeout(2000);
      expect(await installPrompt(page).count()).toBe(0);
      await installPrompt(page).waitFor({ timeout: 4000 });
      await screenshot(page, `console-install-prompt-${label}`);
      await installPrompt(page).getByRole('button', { name: 'Install' }).click();
      await installPrompt(page).waitFor({ state: 'detached' });
      expect(await page.evaluate('window.installPrompts')).toBe(1);

      // Not now ends the offers on this device, across visits.
      await fireInstallEvent(page);
      await installPrompt(page).getByRole('button', { name: 'Not now' }).click({ timeout: 5000 });
      await installPrompt(page).waitFor({ state: 'detached' });
      await page.reload();
      await consoleStarted(page);
      await fireInstallEvent(page);
      await page.waitForTimeout(3500);
      expect(await installPrompt(page).count()).toBe(0);
      await page.context().close();
    }
  });
});
