import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PHONE_390, SCREENSHOT_DIR } from '../../../api/test/console/console-harness.ts';
import { PHONE } from './chromium.ts';
import {
  addCameraPhoto,
  currentTaskIs,
  OFFLINE_BANNER,
  openControlledRun,
  pickCameraPhoto,
  screenshot,
  screenshotOnFailure,
  useRunnerHarness,
  SYNC_TIMEOUT_MS,
  TASKS,
  UI_TIMEOUT_MS,
} from './runner-harness.ts';

/**
 * Report an issue, on any task, online and with no signal: severity, a note and a photo. The photo is
 * uploaded first (not confirmed as the task's: it is no proof of the task), then the issue naming its
 * path, which confirms it as the issue's; the server holds exactly one alert per report.
 */

const harness = useRunnerHarness();

interface StoredAlert {
  id: string;
  severity: string;
  description: string;
  run_task_id: string | null;
}

const issueAlerts = (runId: string) =>
  harness().sql<StoredAlert>(
    `select id, severity, description, run_task_id from alerts where run_id = ? and kind = 'issue'`,
    [runId],
  );

/** Fills the open Report an issue dialog and sends it. */
async function reportIssue(page: Page, task: string, severity: string, note: string, photoSeed: string) {
  const dialog = page.getByRole('dialog', { name: `Report an issue: ${task}` });
  await dialog.waitFor({ timeout: UI_TIMEOUT_MS });
  await dialog.getByRole('radio', { name: severity }).check();
  await dialog.getByLabel('What is wrong?').fill(note);
  await pickCameraPhoto(dialog, 'Add photos', photoSeed);
  await dialog.getByText('1 photo added').waitFor({ timeout: UI_TIMEOUT_MS });
  await screenshot(page, `issue-dialog-${severity.toLowerCase()}`);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
}

/** The issue's photo: on the server, confirmed as the issue's and not the task's, so the task's photos are unchanged. */
async function expectIssuePhoto(runId: string, alert: StoredAlert) {
  const media = await harness().sql<{ status: string; run_task_id: string | null; alert_id: string | null }>(
    'select status, run_task_id, alert_id from media where run_id = ?',
    [runId],
  );
  expect(media).toEqual([{ status: 'confirmed', run_task_id: null, alert_id: alert.id }]);
}

describe('Report an issue in the runner PWA', () => {
  it('sends an issue with its photo from the current task online; the server has one alert', async () => {
    const { phone, newRun, processedActions } = harness();
    const run = await newRun();
    const page = await phone.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await screenshotOnFailure(page, 'issue-online-failed', async () => {
      await page.goto(run.magic_link);
      const current = page.getByRole('region', { name: TASKS[0].title });
      await current.getByRole('button', { name: 'Report an issue' }).click({ timeout: UI_TIMEOUT_MS });
      await reportIssue(page, TASKS[0].title, 'High', 'The bedside lamp is broken', 'issue-online');
      await page.getByRole('status').filter({ hasText: 'Issue reported' }).waitFor({ timeout: SYNC_TIMEOUT_MS });
      expect(errors).toEqual([]);
    });

    const [first] = await harness().sql<{ id: string }>(
      'select id from run_tasks where run_id = ? order by order_index limit 1',
      [run.id],
    );
    const alerts = await issueAlerts(run.id);
    expect(alerts).toEqual([
      {
        id: expect.any(String),
        severity: 'high',
        description: 'The bedside lamp is broken',
        run_task_id: first!.id,
      },
    ]);
    await expectIssuePhoto(run.id, alerts[0]!);
    const kinds = (await processedActions(run.id)).map((action) => action.kind).sort();
    expect(kinds).toEqual(['issue', 'upload']);
  });

  it('queues an issue with its photo offline and sends it once on reconnect', async () => {
    const { phone, newRun, processedActions } = harness();
    const run = await newRun();
    const page = await phone.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const task = TASKS[1].title; // needs a photo of its own
    await screenshotOnFailure(
      page,
      'issue-offline-failed',
      async () => {
        await openControlledRun(page, run.magic_link);
        await phone.context.setOffline(true);
        await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });

        // The first task done offline, the photo task is the current one.
        const first = await currentTaskIs(page, TASKS[0].title);
        await first.getByRole('button', { name: 'Complete Task' }).click({ timeout: UI_TIMEOUT_MS });
        const item = await currentTaskIs(page, task);
        // The dialog's code comes from the service worker's precache.
        await item.getByRole('button', { name: 'Report an issue' }).click({ timeout: UI_TIMEOUT_MS });
        await reportIssue(page, task, 'Low', 'Scratch on the kitchen counter', 'issue-offline');
        await page
          .getByRole('status')
          .filter({ hasText: 'Issue will sync when online' })
          .waitFor({ timeout: UI_TIMEOUT_MS });
        // The first task, the report and its photo, on the device; the photo does not count for the task.
        await page.getByText('3 queued').waitFor({ timeout: UI_TIMEOUT_MS });
        await item.getByText('Photos: 0 / 1 required').waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await issueAlerts(run.id)).toEqual([]);
        await screenshot(page, 'issue-offline-queued');

        await phone.context.setOffline(false);
        await expect
          .poll(() => issueAlerts(run.id).then((alerts) => alerts.length), { timeout: SYNC_TIMEOUT_MS })
          .toBe(1);
        // Offline again: the device's queue is empty.
        await phone.context.setOffline(true);
        await page.getByText('All synced').waitFor({ timeout: SYNC_TIMEOUT_MS });
        await phone.context.setOffline(false);
        expect(errors).toEqual([]);
      },
      async () => {
        await phone.context.setOffline(false);
        await page.close();
      },
    );

    const [second] = await harness().sql<{ id: string }>(
      'select id from run_tasks where run_id = ? order by order_index offset 1 limit 1',
      [run.id],
    );
    const alerts = await issueAlerts(run.id);
    expect(alerts).toEqual([
      {
        id: expect.any(String),
        severity: 'low',
        description: 'Scratch on the kitchen counter',
        run_task_id: second!.id,
      },
    ]);
    await expectIssuePhoto(run.id, alerts[0]!);
    const actions = await processedActions(run.id);
    expect(new Set(actions.map((action) => action.action_id)).size).toBe(actions.length);
    expect(actions.map((action) => action.kind).sort()).toEqual(['issue', 'task', 'upload']);
  });

  it("reported offline at 390 px, the issue's photo reaches the host's run page once the run is completed", async () => {
    const { api, owner, phone, newRun, sql } = harness();
    const run = await newRun();
    const context = await phone.browser.newContext({ ...PHONE, viewport: PHONE_390.viewport });
    const page = await context.newPage();
    const host = await phone.browser.newContext(PHONE_390);
    const [name, value] = owner.cookie.split('=');
    await host.addCookies([{ name: name!, value: value!, url: api.baseUrl }]);
    const hostPage = await host.newPage();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const shot = (target: Page, shotName: string) =>
      target.screenshot({ path: join(SCREENSHOT_DIR, `issue-photo-${shotName}.png`), fullPage: true });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await screenshotOnFailure(
      page,
      'issue-photo-host-failed',
      async () => {
        await openControlledRun(page, run.magic_link);
        await context.setOffline(true);
        await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
        // Offline the whole way: an issue with its photo on the first task, then every task done.
        const first = await currentTaskIs(page, TASKS[0].title);
        await first.getByRole('button', { name: 'Report an issue' }).click({ timeout: UI_TIMEOUT_MS });
        await reportIssue(page, TASKS[0].title, 'High', 'Bedside lamp broken', 'issue-host');
        await page
          .getByRole('status')
          .filter({ hasText: 'Issue will sync when online' })
          .waitFor({ timeout: UI_TIMEOUT_MS });
        for (const [index, task] of TASKS.entries()) {
          const card = await currentTaskIs(page, task.title);
          if (task.required_media > 0) await addCameraPhoto(card, 'Add photos or video', `issue-host-${index}`);
          await card.getByRole('button', { name: 'Complete Task' }).click({ timeout: UI_TIMEOUT_MS });
        }
        await shot(page, 'runner-offline-queued');

        await context.setOffline(false);
        await page.getByRole('button', { name: 'Mark Run as Complete' }).click({ timeout: SYNC_TIMEOUT_MS });
        await page.getByRole('heading', { name: 'Run Complete' }).waitFor({ timeout: UI_TIMEOUT_MS });
        await expect
          .poll(() => sql<{ status: string }>('select status from runs where id = ?', [run.id]), {
            timeout: SYNC_TIMEOUT_MS,
          })
          .toEqual([{ status: 'completed' }]);
        await shot(page, 'runner-completed');
        expect(errors).toEqual([]);

        // The host's run page, on a phone: the issue card shows the photo, which opens full size.
        await hostPage.goto(`${api.baseUrl}/runs/${run.id}/show`);
        const issues = hostPage.getByRole('region', { name: 'Issues (1)' });
        await issues.getByText('Bedside lamp broken').waitFor({ timeout: UI_TIMEOUT_MS });
        const thumbnail = issues.getByRole('img', { name: 'Issue “Bedside lamp broken”: photo 1 of 1' });
        await expect
          .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
            timeout: UI_TIMEOUT_MS,
          })
          .toBeGreaterThan(0);
        await issues.scrollIntoViewIfNeeded();
        await shot(hostPage, 'host-run-page');
        await issues.getByRole('button', { name: 'Open Issue “Bedside lamp broken”: photo 1 of 1' }).click();
        const viewer = hostPage.getByRole('dialog', { name: 'Issue “Bedside lamp broken”: photo 1 of 1' });
        const full = viewer.getByRole('img');
        await expect
          .poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
            timeout: UI_TIMEOUT_MS,
          })
          .toBeGreaterThan(96);
        await shot(hostPage, 'host-photo-open');
      },
      async () => {
        await context.close();
        await host.close();
      },
    );
  });
});
