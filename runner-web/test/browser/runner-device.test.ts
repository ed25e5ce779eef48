import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from './chromium.ts';
import {
  addCameraPhoto,
  screenshot,
  screenshotOnFailure,
  useRunnerHarness,
  SYNC_TIMEOUT_MS,
  TASKS,
  UI_TIMEOUT_MS,
} from './runner-harness.ts';

/**
 * The runner and the phone it runs on: the browser's language (English, Spanish, French, with a switch
 * that is remembered), the install prompt after the browser's install event, and the cleaner's location
 * on what they send (optional: a refusal changes nothing else).
 */

const harness = useRunnerHarness();

/** A fresh phone-sized context (its own storage) with `options`, closed after `use`. */
async function withContext(
  options: BrowserContextOptions,
  use: (context: BrowserContext, page: Page) => Promise<void>,
) {
  const context = await harness().phone.browser.newContext({ ...PHONE, ...options });
  const page = await context.newPage();
  await screenshotOnFailure(
    page,
    'device-failed',
    () => use(context, page),
    () => context.close(),
  );
}

/** Sends the event Chromium fires when the app can be installed; counts calls of its prompt(). */
const fireInstallEvent = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const target = window as unknown as { installPrompts?: number };
    target.installPrompts = 0;
    Object.assign(event, {
      prompt: async () => {
        target.installPrompts = (target.installPrompts ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });

const installPrompt = (page: Page) => page.getByRole('region', { name: 'Install Turnproof' });

describe('the runner on the cleaner’s phone', () => {
  it('speaks the browser’s language (es-ES: Spanish) and switches to French, remembered after a reload', async () => {
    const run = await harness().newRun();
    await withContext({ locale: 'es-ES' }, async (_context, page) => {
      await page.goto(run.magic_link);
      await page.getByRole('heading', { name: 'Todas las tareas' }).waitFor({ timeout: UI_TIMEOUT_MS });
      const current = page.getByRole('region', { name: TASKS[0].title });
      await current.getByRole('button', { name: 'Completar tarea' }).waitFor();
      await current.getByText('Tarea 1').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      expect(await page.getByText('Complete Task').count()).toBe(0);
      await screenshot(page, 'language-es');

      await page.getByLabel('Idioma').selectOption('fr');
      await page.getByRole('heading', { name: 'Toutes les tâches' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await current.getByRole('button', { name: 'Terminer la tâche' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');

      await page.reload();
      await page.getByRole('heading', { name: 'Toutes les tâches' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByLabel('Langue').inputValue()).toBe('fr');
      await screenshot(page, 'language-fr');
    });
  });

  it('offers Install 3 s after the browser’s install event; Install prompts, Not now is remembered; the app starts on the last run', async () => {
    const run = await harness().newRun();
    await withContext({}, async (_context, page) => {
      await page.goto(run.magic_link);
      await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });

      await fireInstallEvent(page);
      await page.waitForTimeout(1500);
      expect(await installPrompt(page).count()).toBe(0);
      await installPrompt(page).waitFor({ timeout: 4000 });
      await screenshot(page, 'install-prompt');
      await installPrompt(page).getByRole('button', { name: 'Install' }).click();
      await installPrompt(page).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => (window as unknown as { installPrompts: number }).installPrompts)).toBe(1);

      // Accepted or not, the browser fires the event again on another visit; Not now ends the offers.
      await fireInstallEvent(page);
      await installPrompt(page).getByRole('button', { name: 'Not now' }).click({ timeout: 5000 });
      await installPrompt(page).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await fireInstallEvent(page);
      await page.waitForTimeout(4000);
      expect(await installPrompt(page).count()).toBe(0);

      // What makes the runner installable, and where the installed app starts: the last run opened.
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
        return link ? ((await (await fetch(link.href)).json()) as { start_url: string; display: string }) : null;
      });
      expect(manifest).toMatchObject({ start_url: '/r/', display: 'standalone' });
      await page.goto(new URL('/r/', run.magic_link).href);
      await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
    });
  });

  it('sends the phone’s position with task updates and photos', async () => {
    const position = { latitude: 30.2672, longitude: -97.7431, accuracy: 12 };
    const run = await harness().newRun();
    await withContext({ geolocation: position, permissions: ['geolocation'] }, async (_context, page) => {
      await page.goto(run.magic_link);
      const current = page.getByRole('region', { name: /^(Strip|Photograph|Lock)/ });
      await current.getByRole('heading', { level: 2, name: TASKS[0].title }).waitFor({ timeout: UI_TIMEOUT_MS });
      // The runner asked for a position when it opened; this one comes from the same emulated GPS.
      await page.evaluate(() => new Promise((resolve) => navigator.geolocation.getCurrentPosition(resolve, resolve)));
      await current.getByRole('button', { name: 'Complete Task' }).click();
      await current.getByRole('heading', { level: 2, name: TASKS[1].title }).waitFor({ timeout: UI_TIMEOUT_MS });
      await addCameraPhoto(current, 'Add photos or video', 'runner-location');
      await expect
        .poll(
          () =>
            harness().sql<{ latitude: number | null; longitude: number | null }>(
              `select latitude, longitude from media where run_id = ? and status = 'confirmed'`,
              [run.id],
            ),
          { timeout: SYNC_TIMEOUT_MS },
        )
        .toEqual([{ latitude: position.latitude, longitude: position.longitude }]);
    });
    await expect
      .poll(
        async () =>
          (
            await harness().sql<{ checked: boolean }>(
              'select checked from run_tasks where run_id = ? order by order_index limit 1',
              [run.id],
            )
          )[0]?.checked,
        { timeout: UI_TIMEOUT_MS },
      )
      .toBe(true);
    const located = await harness().sql<{
      latitude: number | null;
      longitude: number | null;
      location_accuracy: number | null;
      location_timestamp: string | null;
    }>(
      'select latitude, longitude, location_accuracy, location_timestamp from run_tasks where run_id = ? order by order_index limit 1',
      [run.id],
    );
    expect(located[0]).toMatchObject({
      latitude: position.latitude,
      longitude: position.longitude,
      location_accuracy: position.accuracy,
    });
    // When the position was taken: within the last minutes.
    expect(Date.now() - new Date(located[0]!.location_timestamp!).getTime()).toBeLessThan(10 * 60_000);
  });

  it('completes a task all the same when the cleaner refuses location', async () => {
    const run = await harness().newRun();
    // Not granted: headless Chromium answers the request as a cleaner's "Block" would.
    await withContext({ permissions: [] }, async (_context, page) => {
      await page.goto(run.magic_link);
      const current = page.getByRole('region', { name: /^(Strip|Photograph|Lock)/ });
      await current.getByRole('heading', { level: 2, name: TASKS[0].title }).waitFor({ timeout: UI_TIMEOUT_MS });
      const refused = await page.evaluate(
        () =>
          new Promise((resolve) =>
            navigator.geolocation.getCurrentPosition(
              () => resolve('granted'),
              (error) => resolve(error.code === error.PERMISSION_DENIED ? 'denied' : `error ${error.code}`),
            ),
          ),
      );
      expect(refused).toBe('denied');
      await current.getByRole('button', { name: 'Complete Task' }).click();
      await current.getByRole('heading', { level: 2, name: TASKS[1].title }).waitFor({ timeout: UI_TIMEOUT_MS });
    });
    await expect
      .poll(
        async () =>
          (
            await harness().sql<{ checked: boolean; latitude: number | null }>(
              'select checked, latitude from run_tasks where run_id = ? order by order_index limit 1',
              [run.id],
            )
          )[0],
        { timeout: UI_TIMEOUT_MS },
      )
      .toEqual({ checked: true, latitude: null });
  });
});
