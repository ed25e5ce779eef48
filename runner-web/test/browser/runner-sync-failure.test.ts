import type { Locator, Page, Request, Route } from 'playwright-core';
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
 * The API is down when the phone gets its signal back. The cleaner queued work offline; on reconnect
 * every request to the public API is refused at the connection (as the browser sees a stopped server:
 * `fetch` rejects, no HTTP answer), so the runner shows 'Sync failed: ...' with Retry. The API comes
 * back, the cleaner taps Retry, and the queue drains with nothing applied twice on the server.
 */

const COMMENT = 'Sheets were torn, replaced from the hall closet';

const harness = useRunnerHarness();

/** The client action ids this device queued (IndexedDB), unsynced, as the server will record them. */
async function queuedActionIds(page: Page): Promise<{ actions: string[]; media: string[] }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('turnproofOffline');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = (store: string) =>
      new Promise<{ actionId: string; synced?: boolean }[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as { actionId: string; synced?: boolean }[]);
        request.onerror = () => reject(request.error);
      });
    const [actions, media] = [await all('actions'), await all('media')];
    db.close();
    const ids = (items: { actionId: string; synced?: boolean }[]) =>
      items.filter((item) => !item.synced).map((item) => item.actionId);
    return { actions: ids(actions), media: ids(media) };
  });
}

/** Scrolled to the end of the page, where the sync panel is, no toast lies over Retry, and a tap reaches it. */
async function expectRetryUncovered(page: Page, retry: Locator) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // Two frames: the scroll's event has moved the toast by then, as the cleaner would see it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const button = await retry.boundingBox();
  const toasts = await page
    .locator('.toast')
    .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
  expect(button).not.toBeNull();
  expect(toasts.length).toBeGreaterThan(0);
  const overlapping = toasts.filter(
    (toast) =>
      toast.left < button!.x + button!.width &&
      button!.x < toast.right &&
      toast.top < button!.y + button!.height &&
      button!.y < toast.bottom,
  );
  expect(overlapping).toEqual([]);
  await retry.click({ trial: true, timeout: 2000 });
}

describe('the runner PWA when the API is down during a sync', () => {
  it('shows Sync failed with Retry, and after the API is back a Retry syncs everything exactly once', async () => {
    const { phone, sql, newRun, processedActions } = harness();
    const run = await newRun();
    const page = await phone.context.newPage();
    const errors: string[] = [];
    /** What the device queued, read before the sync; compared with the server's records after it. */
    const queued: { actions: string[]; media: string[] } = { actions: [], media: [] };
    page.on('pageerror', (error) => errors.push(error.message));
    // "API stopped": every public API request fails at the connection, before reaching the server.
    const refused: string[] = [];
    const refuse = (route: Route, request: Request) => {
      refused.push(`${request.method()} ${new URL(request.url()).pathname}`);
      return route.abort('connectionrefused');
    };
    await screenshotOnFailure(
      page,
      'sync-failure-failed',
      async () => {
        await openControlledRun(page, run.magic_link);

        // Offline: complete every task (the photo task after its photo), with a note on the first.
        await phone.context.setOffline(true);
        await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
        for (const [index, task] of TASKS.entries()) {
          const card = await currentTaskIs(page, task.title);
          if (task.required_media > 0) {
            await addCameraPhoto(card, 'Add photos or video', `runner-sync-failure-${index}`);
          }
          if (index === 0) await card.getByLabel('Notes (optional)').fill(COMMENT);
          await card.getByRole('button', { name: 'Complete Task' }).click({ timeout: UI_TIMEOUT_MS });
        }
        // 3 tasks, 1 photo.
        await page.getByText('4 queued').waitFor({ timeout: UI_TIMEOUT_MS });
        Object.assign(queued, await queuedActionIds(page));
        expect(queued.actions).toHaveLength(3);
        expect(queued.media).toHaveLength(1);

        // The signal returns but the API does not answer: the automatic sync fails, again and again.
        await phone.context.route('**/api/public/**', refuse);
        await phone.context.setOffline(false);
        const failure = page.getByRole('alert').filter({ hasText: /^Sync failed: / });
        await failure.waitFor({ timeout: SYNC_TIMEOUT_MS });
        await failure.getByRole('button', { name: 'Retry' }).waitFor({ timeout: UI_TIMEOUT_MS });
        // A few automatic retries (1 s, 2 s, ... backoff) fail too; none of them reached the server.
        await expect
          .poll(() => refused.filter((call) => call === 'POST /api/public/task').length, { timeout: SYNC_TIMEOUT_MS })
          .toBeGreaterThanOrEqual(3);
        await failure.waitFor({ timeout: SYNC_TIMEOUT_MS });
        console.log(`refused while down: ${refused.length} (${[...new Set(refused)].join(', ')})`);
        await page.getByText('4 queued').waitFor({ timeout: UI_TIMEOUT_MS });
        // A flap of the signal brings toasts while the failure shows: at 360 px none may hide Retry.
        await phone.context.setOffline(true);
        await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
        await phone.context.setOffline(false);
        await page.getByRole('status').filter({ hasText: 'Back online' }).last().waitFor({ timeout: UI_TIMEOUT_MS });
        await failure.getByRole('button', { name: 'Retry' }).waitFor({ timeout: SYNC_TIMEOUT_MS });
        await expectRetryUncovered(page, failure.getByRole('button', { name: 'Retry' }));
        await screenshot(page, 'sync-failed');
        expect(await processedActions(run.id)).toEqual([]);

        // The API is back; the cleaner taps Retry (which also cancels the pending automatic retry).
        await phone.context.unroute('**/api/public/**', refuse);
        await failure.getByRole('button', { name: 'Retry' }).click({ timeout: UI_TIMEOUT_MS });
        await expect
          .poll(() => processedActions(run.id).then((actions) => actions.length), { timeout: SYNC_TIMEOUT_MS })
          .toBe(queued.actions.length + 2 * queued.media.length);
        await expect.poll(() => page.getByText(/^Sync failed/).count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
        await expect.poll(() => page.getByText(/\d+ queued/).count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
        await page.getByRole('heading', { name: 'All Tasks Complete' }).waitFor({ timeout: UI_TIMEOUT_MS });
        // The offline panel shows the device's queue: empty.
        await phone.context.setOffline(true);
        await page.getByText('All synced').waitFor({ timeout: UI_TIMEOUT_MS });
        await screenshot(page, 'sync-retried');
        await phone.context.setOffline(false);
        expect(errors).toEqual([]);
      },
      async () => {
        await phone.context.unroute('**/api/public/**', refuse).catch(() => undefined);
        await page.close();
      },
    );

    // One processed action per queued action: the device's own ids, each once (a photo is reserve + confirm).
    const actions = await processedActions(run.id);
    console.log(`processed_actions: ${actions.map((action) => action.kind).join(', ')}`);
    expect(actions.map((action) => action.action_id).sort()).toEqual(
      [
        ...queued.actions,
        ...queued.media.flatMap((actionId) => [`${actionId}:upload:1`, `${actionId}:confirm`]),
      ].sort(),
    );
    const kinds = actions.map((action) => action.kind).sort();
    expect(kinds).toEqual(['media-confirm', 'task', 'task', 'task', 'upload']);

    const media = await sql<{ run_task_id: string; status: string }>(
      'select run_task_id, status from media where run_id = ?',
      [run.id],
    );
    const tasks = await sql<{ id: string; title: string; checked: boolean; comment: string | null }>(
      'select id, title, checked, comment from run_tasks where run_id = ? order by order_index',
      [run.id],
    );
    expect(media).toEqual([{ run_task_id: tasks[1]!.id, status: 'confirmed' }]);
    expect(tasks.map(({ title, checked, comment }) => ({ title, checked, comment }))).toEqual(
      TASKS.map((task, index) => ({ title: task.title, checked: true, comment: index === 0 ? COMMENT : null })),
    );
  });
});
