import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  OFFLINE_BANNER,
  offlineTask,
  screenshot,
  screenshotOnFailure,
  useRunnerHarness,
  SYNC_TIMEOUT_MS,
  TASKS,
  UI_TIMEOUT_MS,
  addCameraPhoto,
  openControlledRun,
} from './runner-harness.ts';

/**
 * The runner PWA with no signal: the built app and its service worker served by the real API, in a
 * 360 px touch Chromium. A cleaner loads the run online, loses the network, works through the offline
 * view, reloads the page still offline (the service worker serves the app, IndexedDB the run and the
 * queue), then reconnects; everything reaches the server exactly once.
 */

const commentOf = (index: number) => `Offline note ${index + 1}`;

const harness = useRunnerHarness();

/** Every task checked, with its comment, and the photo counted, as the offline view shows them. */
async function expectOfflineWorkShown(page: Page) {
  for (const [index, task] of TASKS.entries()) {
    const item = offlineTask(page, task.title);
    await expect.poll(() => item.getByRole('checkbox').isChecked(), { timeout: UI_TIMEOUT_MS }).toBe(true);
    await expect.poll(() => item.getByLabel('Comment').inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(commentOf(index));
    if (task.required_media > 0) await item.getByText('Photos: 1 / 1 required ✓').waitFor({ timeout: UI_TIMEOUT_MS });
  }
}

describe('the runner PWA offline, in a phone-sized Chromium', () => {
  it('keeps working with no signal, survives an offline reload, and syncs everything once on reconnect', async () => {
    const { phone, sql, newRun, processedActions } = harness();
    const run = await newRun();
    const page = await phone.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await screenshotOnFailure(page, 'offline-failed', async () => {
      await openControlledRun(page, run.magic_link);

      await phone.context.setOffline(true);
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });

      for (const [index, task] of TASKS.entries()) {
        const item = offlineTask(page, task.title);
        const check = item.getByRole('checkbox');
        if (task.required_media > 0) {
          expect(await check.isDisabled()).toBe(true);
          // Compressed off the main thread: the worker chunk comes from the service worker's precache.
          await addCameraPhoto(item, 'Add a photo or video', `runner-offline-${index}`);
        }
        await expect.poll(() => check.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
        // A controlled checkbox: it shows checked once the change is queued in IndexedDB.
        await check.click();
        await expect.poll(() => check.isChecked(), { timeout: UI_TIMEOUT_MS }).toBe(true);
        await expect.poll(() => check.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
        const comment = item.getByLabel('Comment');
        await comment.fill(commentOf(index));
        await comment.blur(); // saved on blur
      }
      // 3 checks, 3 comments and 1 photo, all on the device.
      await page.getByText('7 queued').waitFor({ timeout: UI_TIMEOUT_MS });
      await expectOfflineWorkShown(page);
      await screenshot(page, 'offline-work');

      // Still offline: the service worker serves the app, IndexedDB the run and the queue.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('7 queued').waitFor({ timeout: UI_TIMEOUT_MS });
      await expectOfflineWorkShown(page);
      await screenshot(page, 'offline-reloaded');
      // The reload came from the service worker, which is registered for both forms of the link.
      const workers = await page.evaluate(async () => ({
        controlled: navigator.serviceWorker.controller !== null,
        scopes: (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname).sort(),
      }));
      expect(workers).toEqual({ controlled: true, scopes: ['/c/', '/r/', '/run/'] });

      // Back online the queue drains by itself (no tap); the online view shows the sync panel only when stuck.
      await phone.context.setOffline(false);
      await expect
        .poll(() => processedActions(run.id).then((actions) => actions.length), { timeout: SYNC_TIMEOUT_MS })
        .toBe(2 * TASKS.length + 2);
      await page.getByRole('heading', { name: 'All Tasks Complete' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'back-online');
      // The device's queue is empty: the offline panel says so.
      await phone.context.setOffline(true);
      await page.getByText('All synced').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByText(/\d+ queued/).count()).toBe(0);
      await phone.context.setOffline(false);
      expect(errors).toEqual([]);
    });

    const tasks = await sql<{ id: string; title: string; checked: boolean; comment: string | null }>(
      'select id, title, checked, comment from run_tasks where run_id = ? order by order_index',
      [run.id],
    );
    expect(tasks.map(({ title, checked, comment }) => ({ title, checked, comment }))).toEqual(
      TASKS.map((task, index) => ({ title: task.title, checked: true, comment: commentOf(index) })),
    );

    const media = await sql<{ run_task_id: string; status: string }>(
      'select run_task_id, status from media where run_id = ?',
      [run.id],
    );
    expect(media).toEqual([{ run_task_id: tasks[1]!.id, status: 'confirmed' }]);

    const actions = await processedActions(run.id);
    console.log(`processed_actions: ${actions.map((action) => action.kind).join(', ')}`);
    expect(new Set(actions.map((action) => action.action_id)).size).toBe(actions.length);
    const kinds = actions.map((action) => action.kind);
    expect(kinds.filter((kind) => kind === 'task')).toHaveLength(2 * TASKS.length);
    expect(kinds.filter((kind) => kind === 'upload')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'media-confirm')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'complete')).toHaveLength(0);
  });
});
