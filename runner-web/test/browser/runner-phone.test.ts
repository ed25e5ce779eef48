import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAKE_CAMERA_ARGS } from './chromium.ts';
import {
  currentTaskIs,
  OFFLINE_BANNER,
  openControlledRun,
  PHONE_390,
  pickCameraPhoto,
  screenshot,
  screenshotOnFailure,
  SYNC_TIMEOUT_MS,
  UI_TIMEOUT_MS,
  useRunnerHarness,
} from './runner-harness.ts';

/**
 * The runner as a cleaner holds it: a 390 px phone, Chromium's test camera. Toasts come one at a time
 * and never lie over the button to press; losing the signal keeps the same task card in place; the
 * camera stays open for the photos a task needs; ticking the last task leads to Mark Run as Complete
 * (the host meanwhile sees "done, not submitted"); the last screen says what was sent.
 */

const harness = useRunnerHarness({}, FAKE_CAMERA_ARGS);

/** Enough tasks for a page taller than the phone; the second needs two photos. */
const TASKS = [
  { title: 'Strip and remake the beds', required_media: 0 },
  {
    title: 'Photograph the kitchen',
    required_media: 2,
    // Long enough that Complete Task can sit at the bottom of the screen.
    description:
      'Open every cupboard and the fridge first. Photograph the counters from the door, then the hob and the ' +
      'sink from the window side, so the host sees the whole room and the state of the appliances.',
  },
  ...['Wipe the counters', 'Clean the oven', 'Scrub the shower', 'Empty the bins', 'Vacuum the rugs'].map((title) => ({
    title,
    required_media: 0,
  })),
  { title: 'Lock the back door', required_media: 0 },
];

interface ToastSighting {
  texts: string[];
  /** A toast's box crossing a primary button's (or Retry's), as drawn. */
  overlaps: string[];
  online: boolean;
}

/**
 * Installed in the page: every frame after the DOM changed or the page scrolled, the toasts on screen,
 * whether one lies over a primary button (outside an open dialog, whose top layer hides the toasts),
 * and whether the phone was online.
 */
function watchToasts(): void {
  const sightings: ToastSighting[] = [];
  (window as unknown as { toastSightings: ToastSighting[] }).toastSightings = sightings;
  const look = () => {
    const toasts = Array.from(document.querySelectorAll('.toast'));
    if (toasts.length === 0) return;
    const buttons = Array.from(document.querySelectorAll('.button-primary, [data-toast-clear]')).filter(
      (button) => button.getBoundingClientRect().height > 0 && !button.closest('dialog[open]'),
    );
    const overlaps: string[] = [];
    for (const toast of toasts) {
      const a = toast.getBoundingClientRect();
      for (const button of buttons) {
        const b = button.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
          overlaps.push(`${toast.textContent} over ${button.textContent}`);
        }
      }
    }
    sightings.push({
      texts: toasts.map((toast) => toast.querySelector('.toast-text')?.textContent ?? ''),
      overlaps,
      online: navigator.onLine,
    });
  };
  const nextFrame = () => requestAnimationFrame(look);
  new MutationObserver(nextFrame).observe(document, { subtree: true, childList: true, attributes: true });
  window.addEventListener('scroll', nextFrame, { passive: true });
}

const sightingsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { toastSightings: ToastSighting[] }).toastSightings);

/** A 390 px phone of its own with the toast watch installed, closed after `use` (a screenshot on failure). */
async function onPhone(name: string, use: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await harness().phone.browser.newContext(PHONE_390);
  const page = await context.newPage();
  await page.addInitScript(watchToasts);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await screenshotOnFailure(
    page,
    `${name}-failed`,
    async () => {
      await use(page, context);
      expect(errors).toEqual([]);
    },
    () => context.close(),
  );
}

/** What the phone's screen shows now (a full-page screenshot would not place the fixed toast as seen). */
async function viewportShot(page: Page, name: string) {
  const path = join(tmpdir(), `turnproof-runner-${name}-${Date.now()}.png`);
  await page.screenshot({ path });
  console.log(`screenshot: ${path}`);
}

/** The element's box lies wholly inside the viewport. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

/** Actions and files the device's queue (IndexedDB) has not yet synced. */
const unsyncedOnDevice = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('turnproofOffline');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const unsynced = (store: string) =>
      new Promise<number>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () =>
          resolve((request.result as { synced: boolean }[]).filter((item) => !item.synced).length);
        request.onerror = () => reject(request.error);
      });
    const count = (await unsynced('actions')) + (await unsynced('media'));
    db.close();
    return count;
  });

const runTasksOf = (runId: string) =>
  harness().sql<{ checked: boolean }>('select checked from run_tasks where run_id = ?', [runId]);

describe('the runner on a 390 px phone', () => {
  it('shows one toast at a time, never over Complete Task, and none saying "upload when online" while online', async () => {
    const run = await harness().newRun(TASKS);
    await onPhone('toasts', async (page) => {
      await page.goto(run.magic_link);
      const first = await currentTaskIs(page, TASKS[0]!.title);
      await first.getByRole('button', { name: 'Complete Task' }).click();

      // The camera stays open until the task's two photos are taken.
      const kitchen = await currentTaskIs(page, TASKS[1]!.title);
      await kitchen.getByRole('button', { name: 'Take photo' }).click();
      const camera = page.getByRole('dialog', { name: 'Camera' });
      await camera.waitFor({ timeout: UI_TIMEOUT_MS });
      await camera.getByRole('button', { name: 'Capture' }).click();
      await camera.getByText('1 of 2 photos taken').waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'phone-camera-second-photo');
      await camera.getByRole('button', { name: 'Capture' }).click();
      await camera.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await kitchen.getByText('Photos: 2 / 2 required ✓').waitFor({ timeout: UI_TIMEOUT_MS });
      await page
        .getByRole('status')
        .filter({ hasText: 'File uploaded successfully' })
        .waitFor({ timeout: SYNC_TIMEOUT_MS });

      // A third photo; while its toast shows, the cleaner scrolls Complete Task to the very bottom of the
      // screen, where the toast was: it moves clear of the button.
      const complete = kitchen.getByRole('button', { name: 'Complete Task' });
      const toast = page.locator('.toast');
      await expect.poll(() => toast.count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
      await pickCameraPhoto(kitchen, 'Add photos or video', 'phone-third-photo');
      await toast.filter({ hasText: 'File uploaded successfully' }).waitFor({ timeout: SYNC_TIMEOUT_MS });
      await complete.evaluate((button) =>
        window.scrollBy(0, button.getBoundingClientRect().bottom - window.innerHeight + 8),
      );
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const [toastBox, buttonBox] = [await toast.boundingBox(), await complete.boundingBox()];
      const buttonBottom = buttonBox!.y + buttonBox!.height;
      expect(buttonBottom).toBeGreaterThan(844 - 40); // the button is at the bottom, in view
      expect(buttonBottom).toBeLessThanOrEqual(844);
      expect(toastBox!.y + toastBox!.height <= buttonBox!.y || buttonBottom <= toastBox!.y).toBe(true);
      await viewportShot(page, 'phone-toast-clear');

      await complete.click();
      for (const task of TASKS.slice(2)) {
        const card = await currentTaskIs(page, task.title);
        await card.getByRole('button', { name: 'Complete Task' }).click();
      }
      await page.getByRole('heading', { name: 'All Tasks Complete' }).waitFor({ timeout: UI_TIMEOUT_MS });

      const sightings = await sightingsOf(page);
      const seen = [...new Set(sightings.flatMap((sighting) => sighting.texts))];
      console.log(`toasts seen: ${seen.join(' | ')}`);
      expect(seen).toContain('File uploaded successfully');
      // 'Updating...' shows only for an update still going after a second (a busy machine can make one that
      // slow before its request is even sent), and goes when the update ends: none is left on screen.
      if (seen.some((text) => text.startsWith('Updating'))) console.log(`'Updating...' shown: a slow update`);
      await expect.poll(() => unsyncedOnDevice(page), { timeout: SYNC_TIMEOUT_MS }).toBe(0);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await toast.filter({ hasText: 'Updating' }).count()).toBe(0);
      expect(sightings.filter((sighting) => sighting.texts.length > 1)).toEqual([]);
      expect(sightings.flatMap((sighting) => sighting.overlaps)).toEqual([]);
      expect(
        sightings.filter((sighting) => sighting.online && sighting.texts.some((text) => /when online/.test(text))),
      ).toEqual([]);
    });
  });

  it('keeps the same task card and controls offline, says what is pending, and keeps the place on reconnect', async () => {
    const run = await harness().newRun(TASKS);
    await onPhone('offline-card', async (page, context) => {
      await openControlledRun(page, run.magic_link);
      const first = await currentTaskIs(page, TASKS[0]!.title);
      await first.getByRole('button', { name: 'Complete Task' }).click();
      const kitchen = await currentTaskIs(page, TASKS[1]!.title);
      await pickCameraPhoto(kitchen, 'Add photos or video', 'offline-card-1');
      await pickCameraPhoto(kitchen, 'Add photos or video', 'offline-card-2');
      await kitchen.getByText('Photos: 2 / 2 required ✓').waitFor({ timeout: SYNC_TIMEOUT_MS });
      await kitchen.getByRole('button', { name: 'Complete Task' }).click();
      // Everything on the server before the signal goes.
      await expect
        .poll(() => runTasksOf(run.id).then((rows) => rows.filter((row) => row.checked).length), {
          timeout: SYNC_TIMEOUT_MS,
        })
        .toBe(2);
      await expect
        .poll(() => harness().sql(`select id from media where run_id = ? and status = 'confirmed'`, [run.id]), {
          timeout: SYNC_TIMEOUT_MS,
        })
        .toHaveLength(2);
      await expect.poll(() => unsyncedOnDevice(page), { timeout: SYNC_TIMEOUT_MS }).toBe(0);

      const onlineCard = await currentTaskIs(page, TASKS[2]!.title);
      const controls = async () =>
        (await onlineCard
          .locator('button, textarea, input, label.button')
          .evaluateAll((all) =>
            all.map((element) => element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName),
          )) as string[];
      const onlineControls = await controls();
      const onlineHeight = await page.evaluate(() => document.documentElement.scrollHeight);

      await context.setOffline(true);
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
      const offlineCard = await currentTaskIs(page, TASKS[2]!.title);
      expect(await controls()).toEqual(onlineControls);
      expect(await page.getByRole('checkbox').count()).toBe(0);
      const offlineHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`page height online ${onlineHeight} px, offline ${offlineHeight} px`);
      expect(offlineHeight).toBeLessThan(onlineHeight + 400);
      await offlineCard.getByLabel('Notes (optional)').fill('Counters done, no spray left');
      await offlineCard.getByRole('button', { name: 'Complete Task' }).click();
      const oven = await currentTaskIs(page, TASKS[3]!.title);
      await oven.getByRole('button', { name: 'Complete Task' }).click();
      await currentTaskIs(page, TASKS[4]!.title);
      await page.getByText('2 queued').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('Waiting to upload: 2 tasks.').waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'phone-offline-card');

      // The cleaner scrolls the card's heading near the top; the signal comes back; the place stays.
      await page
        .locator('#current-task-title')
        .evaluate((heading) => window.scrollBy(0, heading.getBoundingClientRect().top - 80));
      const before = await page
        .locator('#current-task-title')
        .evaluate((heading) => heading.getBoundingClientRect().top);
      await context.setOffline(false);
      await expect
        .poll(() => runTasksOf(run.id).then((rows) => rows.filter((row) => row.checked).length), {
          timeout: SYNC_TIMEOUT_MS,
        })
        .toBe(4);
      await page.getByText(OFFLINE_BANNER).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await currentTaskIs(page, TASKS[4]!.title);
      expect(await inView(page, '#current-task-title')).toBe(true);
      const after = await page
        .locator('#current-task-title')
        .evaluate((heading) => heading.getBoundingClientRect().top);
      console.log(`current task heading at ${before} px offline, ${after} px back online`);
      expect(Math.abs(after - before)).toBeLessThan(200);
      const atBottom = await page.evaluate(
        () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 50,
      );
      expect(atBottom).toBe(false);
      await screenshot(page, 'phone-back-online');
    });
  });

  it('leads a cleaner who ticked every task to Mark Run as Complete, and sums up what was sent', async () => {
    const tasks = [
      { title: 'Strip and remake the beds', required_media: 0 },
      { title: 'Photograph the kitchen', required_media: 1 },
    ];
    const run = await harness().newRun(tasks);
    const { owner } = harness();
    await onPhone('nudge', async (page) => {
      await page.goto(run.magic_link);
      const beds = await currentTaskIs(page, tasks[0]!.title);
      await beds.getByRole('button', { name: 'Report an issue' }).click();
      const dialog = page.getByRole('dialog', { name: `Report an issue: ${tasks[0]!.title}` });
      await dialog.getByRole('radio', { name: 'Medium' }).check();
      await dialog.getByLabel('What is wrong?').fill('Stain on the duvet');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await page.getByRole('status').filter({ hasText: 'Issue reported' }).waitFor({ timeout: SYNC_TIMEOUT_MS });
      await beds.getByRole('button', { name: 'Complete Task' }).click();
      const kitchen = await currentTaskIs(page, tasks[1]!.title);
      await pickCameraPhoto(kitchen, 'Add photos or video', 'nudge-photo');
      await kitchen.getByText('Photos: 1 / 1 required ✓').waitFor({ timeout: UI_TIMEOUT_MS });
      expect((await owner.get(`/api/runs/${run.id}`)).body.awaiting_submission).toBe(false);
      await kitchen.getByRole('button', { name: 'Complete Task' }).click();

      // The last step takes the focus, in view, and says why it matters.
      const allDone = page.getByRole('heading', { name: 'All Tasks Complete' });
      await allDone.waitFor({ timeout: UI_TIMEOUT_MS });
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('all-done-title');
      expect(await inView(page, '#all-done-title')).toBe(true);
      await page
        .getByText('One last step: tap Mark Run as Complete. Until then the host sees your work as not submitted.')
        .waitFor();
      // The host's run page knows: every task done, not submitted.
      await expect
        .poll(async () => (await owner.get(`/api/runs/${run.id}`)).body.awaiting_submission, {
          timeout: SYNC_TIMEOUT_MS,
        })
        .toBe(true);
      await screenshot(page, 'phone-all-ticked');

      await page.getByRole('button', { name: 'Mark Run as Complete' }).click();
      const complete = page.getByRole('region', { name: 'Run Complete' });
      await complete.getByRole('heading', { name: 'What you sent' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await complete.getByText('2 tasks done, 1 photo, and 1 issue reported').waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: 'Run completed successfully!' })
        .waitFor({ timeout: SYNC_TIMEOUT_MS });
      await screenshot(page, 'phone-run-complete');
    });
    const after = (await owner.get(`/api/runs/${run.id}`)).body;
    expect(after).toMatchObject({ status: 'completed', awaiting_submission: false });
  });
});
