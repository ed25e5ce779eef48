import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  currentTaskIs,
  OFFLINE_BANNER,
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
 * 360 px touch Chromium. A cleaner loads the run online, loses the network, works through the same
 * one-task card as online, reloads the page still offline (the service worker serves the app, IndexedDB
 * the run and the queue), then reconnects; everything reaches the server exactly once.
 */

const commentOf = (index: number) => `Offline note ${index + 1}`;

const harness = useRunnerHarness();

/** Every task done with its note and the photo counted, as All Tasks shows them, and the last step offered. */
async function expectOfflineWorkShown(page: Page) {
  await page.getByRole('heading', { name: 'All Tasks Complete' }).waitFor({ timeout: UI_TIMEOUT_MS });
  const allTasks = page.getByRole('region', { name: 'All Tasks' });
  for (const [index, task] of TASKS.entries()) {
    const row = allTasks.getByRole('listitem').filter({ hasText: task.title });
    await row.getByText(`Task ${index + 1}, done:`).waitFor({ timeout: UI_TIMEOUT_MS });
    await row.getByText(`“${commentOf(index)}”`).waitFor({ timeout: UI_TIMEOUT_MS });
    if (task.required_media > 0) await row.getByText('1 photo required · 1 added').waitFor({ timeout: UI_TIMEOUT_MS });
  }
}

/** 3 tasks (each its tick and note in one update) and 1 photo, on the device. */
const QUEUED = '4 queued';
const PENDING = 'Waiting to upload: 3 tasks and 1 photo.';

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
        const card = await currentTaskIs(page, task.title);
        const complete = card.getByRole('button', { name: 'Complete Task' });
        if (task.required_media > 0) {
          expect(await complete.isDisabled()).toBe(true);
          // Compressed off the main thread: the worker chunk comes from the service worker's precache.
          await addCameraPhoto(card, 'Add photos or video', `runner-offline-${index}`);
        }
        await card.getByLabel('Notes (optional)').fill(commentOf(index));
        await complete.click({ timeout: UI_TIMEOUT_MS });
      }
      await page.getByText(QUEUED).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(PENDING).waitFor({ timeout: UI_TIMEOUT_MS });
      await expectOfflineWorkShown(page);
      await screenshot(page, 'offline-work');

      // Still offline: the service worker serves the app, IndexedDB the run and the queue.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(QUEUED).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText(PENDING).waitFor({ timeout: UI_TIMEOUT_MS });
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
        .toBe(TASKS.length + 2);
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
    expect(kinds.filter((kind) => kind === 'task')).toHaveLength(TASKS.length);
    expect(kinds.filter((kind) => kind === 'upload')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'media-confirm')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'complete')).toHaveLength(0);
  });
});
