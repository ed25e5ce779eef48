import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR } from '../../../api/test/console/console-harness.ts';
import {
  currentTaskIs,
  OFFLINE_BANNER,
  openControlledRun,
  PHONE_390,
  pickCameraPhoto,
  screenshotOnFailure,
  SYNC_TIMEOUT_MS,
  TASKS,
  UI_TIMEOUT_MS,
  useRunnerHarness,
} from './runner-harness.ts';

/**
 * The run's hours on a 390 px phone (issue 27.3): Pause stops the task timer and takes the task out of
 * reach until Resume; "Guest still here" tells the host, with an optional note and photo. Online, and
 * with no signal (queued, then sent once on reconnect).
 */

const harness = useRunnerHarness();

const shot = (page: Page, name: string) => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return page.screenshot({ path: join(SCREENSHOT_DIR, `runner-hours-${name}.png`), fullPage: true });
};

const pauses = (runId: string) =>
  harness().sql<{ paused_at: Date; resumed_at: Date | null }>(
    'select paused_at, resumed_at from run_pauses where run_id = ? order by paused_at',
    [runId],
  );
const guestReports = (runId: string) =>
  harness().sql<{ id: string; description: string }>(
    `select id, description from alerts where run_id = ? and kind = 'guest_present'`,
    [runId],
  );

/** Pause, check the runner says so and hides the task, then Resume. */
async function pauseAndResume(page: Page, name: string) {
  await page.getByRole('button', { name: 'Pause' }).click({ timeout: UI_TIMEOUT_MS });
  const strip = page.getByRole('status').filter({ hasText: 'The task timer is stopped' });
  await strip.waitFor({ timeout: UI_TIMEOUT_MS });
  await expect.poll(() => page.getByRole('button', { name: 'Complete Task' }).count()).toBe(0);
  await shot(page, `${name}-paused`);
  await page.getByRole('button', { name: 'Resume' }).click({ timeout: UI_TIMEOUT_MS });
  await strip.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
  await currentTaskIs(page, TASKS[0].title);
}

/** Guest still here, with a note and a photo. */
async function reportGuest(page: Page, note: string, seed: string, name: string) {
  await page.getByRole('button', { name: 'Guest still here' }).click({ timeout: UI_TIMEOUT_MS });
  const dialog = page.getByRole('dialog', { name: 'Guest still here' });
  await dialog.waitFor({ timeout: UI_TIMEOUT_MS });
  await dialog.getByLabel('Note (optional)').fill(note);
  await pickCameraPhoto(dialog, 'Add a photo (optional)', seed);
  await dialog.getByText('Photo added').waitFor({ timeout: UI_TIMEOUT_MS });
  await shot(page, `${name}-guest-dialog`);
  await dialog.getByRole('button', { name: 'Tell the host' }).click();
  await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
}

async function onPhone(use: (page: Page, context: BrowserContext) => Promise<void>, failureName: string) {
  const context = await harness().phone.browser.newContext(PHONE_390);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await screenshotOnFailure(
    page,
    failureName,
    async () => {
      await use(page, context);
      expect(errors).toEqual([]);
    },
    () => context.close(),
  );
}

describe('Pause, Resume and Guest still here in the runner at 390 px', () => {
  it('online: the pause is recorded, and the host has the guest report with its photo', async () => {
    const run = await harness().newRun();
    await onPhone(async (page) => {
      await page.goto(run.magic_link);
      await currentTaskIs(page, TASKS[0].title);
      await pauseAndResume(page, 'online');
      await reportGuest(page, 'Guests packing, leaving at noon', 'guest-online', 'online');
      await page.getByRole('status').filter({ hasText: 'Host told: guest still here' }).waitFor({
        timeout: SYNC_TIMEOUT_MS,
      });
      await page.getByText('Guest still here reported once.').waitFor({ timeout: SYNC_TIMEOUT_MS });
      await shot(page, 'online-reported');
    }, 'runner-hours-online-failed');

    // The host's run page on a phone: the Hours card has the pause and the guest report.
    const { api, owner, phone } = harness();
    const host = await phone.browser.newContext(PHONE_390);
    const [name, value] = owner.cookie.split('=');
    await host.addCookies([{ name: name!, value: value!, url: api.baseUrl }]);
    const hostPage = await host.newPage();
    await screenshotOnFailure(
      hostPage,
      'runner-hours-host-failed',
      async () => {
        await hostPage.goto(`${api.baseUrl}/runs/${run.id}/show`);
        const hours = hostPage.getByRole('region', { name: 'Hours' });
        await hours.getByText(/^Guest still here at /).waitFor({ timeout: UI_TIMEOUT_MS });
        await hours.getByText(/^Paused .* – .*\(/).waitFor({ timeout: UI_TIMEOUT_MS });
        await hours.scrollIntoViewIfNeeded();
        await shot(hostPage, 'host-run-page');
        // The dashboard names the open run whose guest is still there, linking to its page.
        await hostPage.goto(`${api.baseUrl}/dashboard`);
        const late = hostPage.getByRole('region', { name: 'Guests still there' });
        await late.locator(`[data-late-checkout="${run.id}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await late.getByRole('link').getAttribute('href')).toBe(`/runs/${run.id}/show`);
        await expect(late.getByText(/^Guest still here at /).isVisible()).resolves.toBe(true);
        await late.scrollIntoViewIfNeeded();
        await shot(hostPage, 'host-dashboard');
      },
      () => host.close(),
    );

    const [pause] = await pauses(run.id);
    expect(pause?.resumed_at).not.toBeNull();
    const reports = await guestReports(run.id);
    expect(reports).toEqual([{ id: expect.any(String), description: 'Guests packing, leaving at noon' }]);
    const media = await harness().sql<{ status: string; alert_id: string | null; run_task_id: string | null }>(
      'select status, alert_id, run_task_id from media where run_id = ?',
      [run.id],
    );
    expect(media).toEqual([{ status: 'confirmed', alert_id: reports[0]!.id, run_task_id: null }]);
  });

  it('offline: pause, resume and the guest report wait on the phone and are sent once on reconnect', async () => {
    const run = await harness().newRun();
    await onPhone(async (page, context) => {
      await openControlledRun(page, run.magic_link);
      await context.setOffline(true);
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
      await pauseAndResume(page, 'offline');
      await reportGuest(page, 'Guest asleep on the sofa', 'guest-offline', 'offline');
      await page
        .getByRole('status')
        .filter({ hasText: 'The report will reach the host when online' })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      // Pause, resume, the report and its photo wait on the device.
      await page.getByText('4 queued').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('Guest still here reported once.').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await guestReports(run.id)).toEqual([]);
      expect(await pauses(run.id)).toEqual([]);
      await shot(page, 'offline-queued');

      await context.setOffline(false);
      await expect.poll(async () => (await guestReports(run.id)).length, { timeout: SYNC_TIMEOUT_MS }).toBe(1);
      await expect
        .poll(async () => (await pauses(run.id)).filter((pause) => pause.resumed_at !== null).length, {
          timeout: SYNC_TIMEOUT_MS,
        })
        .toBe(1);
      await shot(page, 'offline-synced');
    }, 'runner-hours-offline-failed');

    const actions = await harness().processedActions(run.id);
    expect(new Set(actions.map((action) => action.action_id)).size).toBe(actions.length);
    expect(actions.map((action) => action.kind).sort()).toEqual(['guest-present', 'pause', 'resume', 'upload']);
    expect(await guestReports(run.id)).toEqual([{ id: expect.any(String), description: 'Guest asleep on the sofa' }]);
  });
});
