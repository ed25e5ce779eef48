import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cameraPhoto } from '../../../api/test/runner/cleaner.ts';
import {
  currentTaskIs,
  OFFLINE_BANNER,
  openControlledRun,
  pickCameraPhoto,
  screenshot,
  screenshotOnFailure,
  useRunnerHarness,
  SYNC_TIMEOUT_MS,
  UI_TIMEOUT_MS,
} from './runner-harness.ts';

/**
 * The per-task upload list at 390 px: a cleaner adds photos offline (thumbnails, Queued), removes one
 * before it is confirmed, reconnects (the Background Sync tag is registered; one upload shows its
 * progress, the storage refuses the other: 'Failed to upload file' with Retry, which then succeeds),
 * and adds four photos at once on the next task (compressed three at a time).
 */

const TASKS = [
  { title: 'Photograph the kitchen', required_media: 2 },
  { title: 'Photograph the bathroom', required_media: 4 },
] as const;

const harness = useRunnerHarness();

/** Recorded by the page itself: sync tags registered (and whether online then), compress workers' load. */
interface Probe {
  syncTags: { tag: string; online: boolean }[];
  flushRequests: number;
  compressWorkers: number;
  compressInFlight: number;
  compressMaxInFlight: number;
}

function installProbe(): void {
  const probe: Probe = {
    syncTags: [],
    flushRequests: 0,
    compressWorkers: 0,
    compressInFlight: 0,
    compressMaxInFlight: 0,
  };
  (window as unknown as { probe: Probe }).probe = probe;
  const sync = (window as unknown as { SyncManager?: { prototype: { register(tag: string): Promise<void> } } })
    .SyncManager;
  if (sync) {
    const register = sync.prototype.register;
    sync.prototype.register = async function (this: unknown, tag: string) {
      await register.call(this, tag);
      probe.syncTags.push({ tag, online: navigator.onLine });
    };
  }
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'turnproof-offline-sync') probe.flushRequests += 1;
  });
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      if (!String(url).includes('compress-worker')) return;
      probe.compressWorkers += 1;
      this.addEventListener('message', () => (probe.compressInFlight -= 1));
    }
    override postMessage(message: unknown, transfer?: unknown): void {
      if (probe.compressWorkers > 0) {
        probe.compressInFlight += 1;
        probe.compressMaxInFlight = Math.max(probe.compressMaxInFlight, probe.compressInFlight);
      }
      super.postMessage(message, transfer as Transferable[]);
    }
  };
}

/** Toasts (3 s) lie over the page in a full-page screenshot: wait for them to go; and from the top (sticky header). */
async function toastsGone(page: Page) {
  await expect.poll(() => page.locator('.toast').count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

const probeOf = (page: Page) => page.evaluate(() => (window as unknown as { probe: Probe }).probe);

const uploads = (scope: Locator) => scope.getByRole('list', { name: 'Photos and videos' }).getByRole('listitem');
const upload = (scope: Locator, name: string) => uploads(scope).filter({ hasText: name });

/** Every thumbnail image in `scope` decoded (an object URL of the stored file, or the server's picture). */
async function expectThumbnailsShown(scope: Locator, count: number) {
  const images = scope.getByRole('list', { name: 'Photos and videos' }).locator('img');
  await expect.poll(() => images.count(), { timeout: UI_TIMEOUT_MS }).toBe(count);
  await expect
    .poll(() => images.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).naturalWidth > 0)), {
      timeout: UI_TIMEOUT_MS,
    })
    .toEqual(Array(count).fill(true));
}

describe('the per-task upload list, in a 390 px Chromium', () => {
  it('shows thumbnails and each file’s state through an offline queue, a failed upload and its Retry', async () => {
    const { phone, sql, newRun } = harness();
    const run = await newRun(TASKS);
    const page = await phone.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(installProbe);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (/hydrat/i.test(message.text())) errors.push(message.text());
    });
    await screenshotOnFailure(page, 'uploads-failed', async () => {
      await openControlledRun(page, run.magic_link);
      await phone.context.setOffline(true);
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });

      // Offline: three photos, each drawn from the device's copy and Queued; the third is removed.
      const kitchen = await currentTaskIs(page, TASKS[0].title);
      for (const seed of ['kitchen-1', 'kitchen-2', 'kitchen-3']) {
        const before = await uploads(kitchen).count();
        await pickCameraPhoto(kitchen, 'Add photos or video', seed);
        await expect.poll(() => uploads(kitchen).count(), { timeout: UI_TIMEOUT_MS }).toBe(before + 1);
      }
      await expect
        .poll(() => uploads(kitchen).allInnerTexts(), { timeout: UI_TIMEOUT_MS })
        .toEqual([
          expect.stringMatching(/Photo 1\s+Queued\s+Remove/),
          expect.stringMatching(/Photo 2\s+Queued\s+Remove/),
          expect.stringMatching(/Photo 3\s+Queued\s+Remove/),
        ]);
      await expectThumbnailsShown(kitchen, 3);
      await page.getByText('3 queued').waitFor({ timeout: UI_TIMEOUT_MS });
      await kitchen.getByText('Photos: 3 / 2 required ✓').waitFor({ timeout: UI_TIMEOUT_MS });
      await toastsGone(page);
      await screenshot(page, 'uploads-offline-queued');

      await upload(kitchen, 'Photo 3').getByRole('button', { name: 'Remove Photo 3' }).click();
      await expect.poll(() => uploads(kitchen).count(), { timeout: UI_TIMEOUT_MS }).toBe(2);
      await page.getByText('2 queued').waitFor({ timeout: UI_TIMEOUT_MS });
      await kitchen.getByText('Photos: 2 / 2 required ✓').waitFor({ timeout: UI_TIMEOUT_MS });
      const token = new URL(run.magic_link).pathname.split('/').pop()!;
      const stored = await page.evaluate(
        (token) =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('turnproofOffline');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const count = open.result.transaction('media').objectStore('media').index('token').count(token);
              count.onsuccess = () => {
                resolve(count.result);
                open.result.close();
              };
            };
          }),
        token,
      );
      expect(stored).toBe(2);

      // Reconnect: the storage holds the first PUT (its progress shows) and refuses the other.
      let held: Route | null = null;
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      let refuseStorage = true;
      await page.route('**/api/public/upload/**', async (route) => {
        if (route.request().method() !== 'PUT') return route.fallback();
        if (!held) {
          held = route;
          await released;
          return route.fallback();
        }
        if (refuseStorage) return route.abort('connectionreset');
        return route.fallback();
      });
      await phone.context.setOffline(false);

      const current = page.getByRole('region', { name: TASKS[0].title });
      await current
        .getByRole('progressbar', { name: /Upload of Photo [12]/ })
        .first()
        .waitFor({ timeout: SYNC_TIMEOUT_MS });
      const failed = uploads(current).filter({ hasText: 'Failed to upload file' });
      await failed.waitFor({ timeout: SYNC_TIMEOUT_MS });
      const progress = current.getByRole('progressbar').first();
      expect(await progress.getAttribute('aria-valuemin')).toBe('0');
      expect(await progress.getAttribute('aria-valuemax')).toBe('100');
      expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
      await expectThumbnailsShown(current, 2);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'uploads-uploading-and-failed');

      // Background Sync: the tag was registered when the phone came back online, and the worker's
      // 'sync' event reached this page.
      await expect
        .poll(() => probeOf(page).then((probe) => probe.syncTags.filter((entry) => entry.online)), {
          timeout: UI_TIMEOUT_MS,
        })
        .toContainEqual({ tag: 'turnproof-offline-sync', online: true });
      await expect.poll(() => probeOf(page).then((probe) => probe.flushRequests > 0)).toBe(true);

      release();
      await uploads(current)
        .filter({ hasText: 'File uploaded successfully' })
        .first()
        .waitFor({ timeout: SYNC_TIMEOUT_MS });
      const failedName = (await failed.locator('.upload-name').first().textContent())!;
      const retry = upload(current, failedName).getByRole('button', { name: `Retry ${failedName}` });
      await retry.waitFor({ timeout: SYNC_TIMEOUT_MS });
      refuseStorage = false;
      await retry.click();
      await expect
        .poll(() => uploads(current).allInnerTexts(), { timeout: SYNC_TIMEOUT_MS })
        .toEqual([
          expect.stringMatching(/^Photo 1\s+File uploaded successfully$/),
          expect.stringMatching(/^Photo 2\s+File uploaded successfully$/),
        ]);
      // Confirmed: the server's pictures now, and nothing left to remove.
      await expectThumbnailsShown(current, 2);
      expect(await current.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
      await toastsGone(page);
      await screenshot(page, 'uploads-uploaded');

      // Four photos picked at once on the next task: compressed three at a time, all uploaded.
      await current.getByRole('button', { name: 'Complete Task' }).click();
      const bathroom = page.getByRole('region', { name: TASKS[1].title });
      const files = await Promise.all(
        [1, 2, 3, 4].map(async (n) => ({
          name: `IMG_01${n}.JPG`,
          mimeType: 'image/jpeg',
          buffer: await cameraPhoto(`bathroom-${n}`, 2000, 1500),
        })),
      );
      await bathroom.getByLabel('Add photos or video').setInputFiles(files);
      await expect
        .poll(() => uploads(bathroom).allInnerTexts(), { timeout: SYNC_TIMEOUT_MS })
        .toEqual(
          [1, 2, 3, 4].map((n) => expect.stringMatching(new RegExp(`^Photo ${n}\\s+File uploaded successfully$`))),
        );
      await expectThumbnailsShown(bathroom, 4);
      const probe = await probeOf(page);
      console.log(`compress workers: ${probe.compressWorkers}, at most ${probe.compressMaxInFlight} photos at once`);
      expect(probe.compressMaxInFlight).toBe(3);
      await toastsGone(page);
      await screenshot(page, 'uploads-batch');
      expect(errors).toEqual([]);
    });

    const media = await sql<{ title: string; status: string }>(
      'select t.title, m.status from media m join run_tasks t on t.id = m.run_task_id where m.run_id = ? order by t.order_index',
      [run.id],
    );
    // The removed photo never left the phone.
    expect(media).toEqual([
      ...Array(2).fill({ title: TASKS[0].title, status: 'confirmed' }),
      ...Array(4).fill({ title: TASKS[1].title, status: 'confirmed' }),
    ]);
  });
});
