import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { Cleaner } from '../../../api/test/runner/cleaner.ts';
import { FAKE_CAMERA_ARGS } from './chromium.ts';
import { screenshot, screenshotOnFailure, SYNC_TIMEOUT_MS, UI_TIMEOUT_MS, useRunnerHarness } from './runner-harness.ts';

/**
 * Checks on the phone before upload: each photo is measured on the device (config/photo-quality); a blurry or
 * dark one asks "retake?" (Retake drops it and reopens the picker or camera, Keep queues it); a camera-only
 * task offers no gallery and the server refuses a photo marked as from one; the alignment score with a
 * reference reaches the host's evidence.
 */

const FIXTURES = join(import.meta.dirname, '../../../api/test/fixtures/photos');
const fixture = (name: string) => join(FIXTURES, name);
/** Chromium's fake camera plays this file: an MJPEG stream is JPEG frames one after another. */
const FAKE_VIDEO = join(tmpdir(), `turnproof-fake-camera-${process.pid}.mjpeg`);

beforeAll(async () => {
  const frame = await sharp(fixture('dark-kitchen.jpg')).resize(640, 480, { fit: 'cover' }).jpeg().toBuffer();
  await writeFile(FAKE_VIDEO, Buffer.concat([frame, frame, frame]));
});
const harness = useRunnerHarness({}, [...FAKE_CAMERA_ARGS, `--use-file-for-fake-video-capture=${FAKE_VIDEO}`]);

const KITCHEN = 'Photograph the kitchen';
const OVEN = 'Photograph the inside of the oven';
const BLURRY = 'This photo looks blurry — retake?';
const DARK = 'This photo looks too dark — retake?';

/** The run's media rows, oldest first, by status. */
async function confirmedPhotos(runId: string) {
  return harness().sql<{ status: string }>(`select status from media where run_id = ? order by created_at`, [runId]);
}

async function openRun(magicLink: string, title: string): Promise<Page> {
  const page = await harness().phone.context.newPage();
  await page.goto(magicLink);
  await page.getByRole('region', { name: title }).waitFor({ timeout: UI_TIMEOUT_MS });
  return page;
}

describe('photo checks on the phone', () => {
  it('lets sharp photos through; a blurry or dark one asks to retake: Retake drops it, Keep uploads it', async () => {
    const run = await harness().newRun([{ title: KITCHEN, required_media: 5 }]);
    const page = await openRun(run.magic_link, KITCHEN);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await screenshotOnFailure(page, 'photo-checks-failed', async () => {
      const current = page.getByRole('region', { name: KITCHEN });
      const picker = current.getByLabel('Add photos or video');
      // Sharp ones, a soft one and a dim one among them: none is doubted.
      await picker.setInputFiles([
        fixture('good-kitchen.jpg'),
        fixture('good-soft-bedroom.jpg'),
        fixture('good-dim-living-room.jpg'),
      ]);
      await current.getByText(/^Photos: 3 \/ 5 required/).waitFor({ timeout: SYNC_TIMEOUT_MS });
      expect(await page.getByRole('dialog').count()).toBe(0);

      await picker.setInputFiles(fixture('blurry-bathroom.jpg'));
      const blurry = page.getByRole('dialog', { name: BLURRY });
      await blurry.waitFor({ timeout: UI_TIMEOUT_MS });
      await blurry.getByText('A clear, well-lit photo is what the host can rely on.').waitFor();
      await screenshot(page, 'photo-checks-blurry');
      // Retake drops the photo and opens the picker again: here the cleaner picks a dark one.
      const chooser = page.waitForEvent('filechooser', { timeout: UI_TIMEOUT_MS });
      await blurry.getByRole('button', { name: 'Retake' }).click();
      await (await chooser).setFiles(fixture('dark-bedroom.jpg'));
      const dark = page.getByRole('dialog', { name: DARK });
      await dark.waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'photo-checks-dark');
      await dark.getByRole('button', { name: 'Keep' }).click();
      await dark.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await current.getByText(/^Photos: 4 \/ 5 required/).waitFor({ timeout: SYNC_TIMEOUT_MS });
      // The blurry one never left the phone: four files reached the server, all confirmed.
      await expect
        .poll(async () => (await confirmedPhotos(run.id)).map((row) => row.status), { timeout: SYNC_TIMEOUT_MS })
        .toEqual(Array(4).fill('confirmed'));
      expect(errors).toEqual([]);
    });
  });

  it('offers only the camera for a camera-only task, checks its capture, and the server refuses a gallery photo', async () => {
    const run = await harness().newRun([{ title: OVEN, required_media: 1, camera_only: true }]);
    const page = await openRun(run.magic_link, OVEN);
    await screenshotOnFailure(page, 'photo-checks-camera-failed', async () => {
      const current = page.getByRole('region', { name: OVEN });
      await current.getByText('This task needs photos taken with the camera now (not from the gallery).').waitFor();
      expect(await current.locator('input[type=file]').count()).toBe(0);
      expect(await current.getByText('Add photos or video').count()).toBe(0);

      await current.getByRole('button', { name: 'Take photo' }).click();
      const camera = page.getByRole('dialog', { name: 'Camera' });
      await camera.waitFor({ timeout: UI_TIMEOUT_MS });
      const video = camera.locator('video');
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth > 0 && !v.paused), { timeout: UI_TIMEOUT_MS })
        .toBe(true);
      await screenshot(page, 'photo-checks-camera-only');
      await camera.getByRole('button', { name: 'Capture' }).click();
      // The fake camera films the dark fixture: the capture is measured like a picked file.
      const dark = page.getByRole('dialog', { name: DARK });
      await dark.waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'photo-checks-camera-dark');
      await dark.getByRole('button', { name: 'Keep' }).click();
      await current.getByText('Photos: 1 / 1 required ✓').waitFor({ timeout: SYNC_TIMEOUT_MS });
      await current.getByText('File uploaded successfully').waitFor({ timeout: SYNC_TIMEOUT_MS });
    });

    const cleaner = Cleaner.fromLink(run.magic_link);
    const view = await cleaner.openRun();
    const [task] = view.body.run.tasks;
    expect(task.task.camera_only).toBe(true);
    const gallery = await cleaner.uploadPhoto(task.id, await readFile(fixture('good-kitchen.jpg')), 'IMG_1.JPG', {
      source: 'gallery',
    });
    expect(gallery.confirmed?.status).toBe(422);
    expect(gallery.confirmed?.body.error).toBe(
      'This task needs a photo taken with the camera, not one from the gallery. Please take it again.',
    );
    expect(await confirmedPhotos(run.id)).toEqual([{ status: 'confirmed' }, { status: 'uploaded' }]);
  });

  it('stores the alignment score the phone sends and returns it in the run evidence', async () => {
    const run = await harness().newRun([{ title: KITCHEN, required_media: 1 }]);
    const cleaner = Cleaner.fromLink(run.magic_link);
    const [task] = (await cleaner.openRun()).body.run.tasks;
    const bytes = await readFile(fixture('good-kitchen.jpg'));
    const refused = await cleaner.uploadPhoto(task.id, bytes, 'IMG_2.JPG', { alignment_score: 1.5 });
    expect(refused.confirmed?.status).toBe(400);
    expect(refused.confirmed?.body.error).toBe('alignment_score must be a number from -1 to 1.');
    const sent = await cleaner.uploadPhoto(task.id, bytes, 'IMG_3.JPG', { source: 'camera', alignment_score: 0.82 });
    expect(sent.confirmed?.status).toBe(200);
    const evidence = await harness().owner.get(`/api/runs/${run.id}/evidence`);
    expect(evidence.status).toBe(200);
    const [photo] = evidence.body.tasks[0].media;
    expect(photo.id).toBe(sent.confirmed?.body.media.id);
    expect(photo.alignment_score).toBeCloseTo(0.82, 5);
  });
});
