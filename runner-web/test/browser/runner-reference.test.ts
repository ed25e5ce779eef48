import { Checklist, Property, Task } from '@turnproof/db';
import { describe, expect, it } from 'vitest';
import { cameraPhoto, Cleaner, completeThroughMagicLink } from '../../../api/test/runner/cleaner.ts';
import { FAKE_CAMERA_ARGS } from './chromium.ts';
import { screenshot, screenshotOnFailure, useRunnerHarness, SYNC_TIMEOUT_MS, UI_TIMEOUT_MS } from './runner-harness.ts';

/**
 * A move-out after the unit's move-in: the runner shows the move-in photo of the task as the angle to
 * match, with the earlier device's claimed time beside the server's, and the in-app camera (Chromium's
 * fake camera) lays it faintly over the live picture; Capture adds the frame as the task's photo.
 */

const harness = useRunnerHarness({}, FAKE_CAMERA_ARGS);

const KITCHEN = 'Photograph the kitchen';

/** A property with a two-task move-in checklist, a completed move-in of unit 4B, and a move-out of 4B. */
async function moveOutAfterMoveIn() {
  const { owner, api } = harness();
  const property = await owner.post('/api/properties', { name: 'Canal House', address: '8 Lock Lane' });
  expect(property.status).toBe(201);
  const em = api.orm.em.fork();
  const checklist = em.create(Checklist, {
    property: em.getReference(Property, property.body.id),
    name: 'Quick Turnover',
    type: 'move_in',
  });
  em.create(Task, { checklist, title: KITCHEN, required_media: 1, order_index: 0 });
  em.create(Task, { checklist, title: 'Read the meters', required_media: 0, order_index: 1 });
  await em.flush();
  const runOf = async (type: string) => {
    const made = await owner.post('/api/runs', {
      property_id: property.body.id,
      type,
      checklist_id: checklist.id,
      meta: { unit: '4B' },
    });
    expect(made.status).toBe(201);
    return made.body as { id: string; magic_link: string };
  };
  const moveIn = await runOf('move_in');
  await completeThroughMagicLink(Cleaner.fromLink(moveIn.magic_link));
  return { moveIn, moveOut: await runOf('move_out') };
}

describe('the earlier photo as a reference in the runner', () => {
  it('shows the move-in photo with both times, and the camera view overlays it; Capture adds the photo', async () => {
    const { moveIn, moveOut } = await moveOutAfterMoveIn();
    const page = await harness().phone.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await screenshotOnFailure(page, 'reference-failed', async () => {
      await page.goto(moveOut.magic_link);
      const current = page.getByRole('region', { name: KITCHEN });
      const reference = current.getByRole('img', { name: 'Earlier photo 1 of this task' });
      await reference.waitFor({ timeout: UI_TIMEOUT_MS });
      // The move-in's photo itself, loaded (not a broken image).
      await expect.poll(() => reference.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
      await current.getByText('Earlier photo: match this angle').waitFor();
      await current.getByText(/^Device time \(claimed\): \w/).waitFor();
      await current.getByText(/^Received by server: \w/).waitFor();
      const [moveInPhoto] = await harness().sql<{ id: string }>(
        `select id from media where run_id = ? and status = 'confirmed'`,
        [moveIn.id],
      );
      expect(await reference.getAttribute('src')).toMatch(/\/api\/media\//);
      expect(moveInPhoto).toBeDefined();

      await current.getByRole('button', { name: 'Take photo' }).click();
      const camera = page.getByRole('dialog', { name: 'Camera' });
      await camera.waitFor({ timeout: UI_TIMEOUT_MS });
      const video = camera.locator('video');
      // The fake camera's live picture is playing.
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth > 0 && !v.paused), { timeout: UI_TIMEOUT_MS })
        .toBe(true);
      const overlay = camera.locator('img.camera-overlay');
      expect(await overlay.getAttribute('src')).toBe(await reference.getAttribute('src'));
      expect(await overlay.evaluate((img) => getComputedStyle(img).opacity)).toBe('0.4');
      await expect.poll(() => overlay.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
      await camera.getByText('Line up the room with the faint earlier photo.').waitFor();
      await screenshot(page, 'reference-camera-overlay');

      await camera.getByRole('button', { name: 'Capture' }).click();
      await camera.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await current.getByText('Photos: 1 / 1 required ✓').waitFor({ timeout: SYNC_TIMEOUT_MS });
      // The camera was released once the photo was taken.
      expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
      // The count above includes a photo still queued on the phone: wait for its upload to be confirmed
      // before the page closes, or closing it cancels the upload (the test's old race: "Uploading... 0%").
      await current.getByText('File uploaded successfully').waitFor({ timeout: SYNC_TIMEOUT_MS });
      await screenshot(page, 'reference-after-capture');
      expect(
        await harness().sql<{ type: string }>(
          `select m.type from media m join run_tasks t on t.id = m.run_task_id
            where m.run_id = ? and t.title = ? and m.status = 'confirmed'`,
          [moveOut.id, KITCHEN],
        ),
      ).toEqual([{ type: 'photo' }]);
      expect(errors).toEqual([]);
    });
  });

  it('falls back to the file picker when the camera cannot be opened', async () => {
    const { moveOut } = await moveOutAfterMoveIn();
    const page = await harness().phone.context.newPage();
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    try {
      await page.goto(moveOut.magic_link);
      const current = page.getByRole('region', { name: KITCHEN });
      await current.getByRole('button', { name: 'Take photo' }).click({ timeout: UI_TIMEOUT_MS });
      await current
        .getByText('No camera available here. Use Add photos or video instead.')
        .waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByRole('dialog', { name: 'Camera' }).count()).toBe(0);
      await current.getByLabel('Add photos or video').setInputFiles({
        name: 'IMG_0042.JPG',
        mimeType: 'image/jpeg',
        buffer: await cameraPhoto('fallback'),
      });
      await current.getByText('Photos: 1 / 1 required ✓').waitFor({ timeout: SYNC_TIMEOUT_MS });
      await screenshot(page, 'reference-camera-fallback');
    } finally {
      await page.close();
    }
  });
});
