import { Checklist, Property, Task } from '@turnproof/db';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraPhoto, Cleaner, completeThroughMagicLink } from '../runner/cleaner.ts';
import { uniqueEmail } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { acceptedMember } from '../support/team-member.ts';
import {
  type ConsoleHarness,
  DESKTOP,
  type Owner,
  PHONE_390,
  screenshot,
  startConsoleHarness,
  UI_TIMEOUT_MS,
} from './console-harness.ts';
import { screenshotFailure } from './screen-capture.ts';

/**
 * Review with the photos, in Chromium: the host opens Review on the run page and sees each task with
 * its photos (a thumbnail opens the photo), sends one task back with a note on it and its photo
 * rejected; the cleaner's runner (390 px) shows the note and the rejected photo and needs a new photo
 * before Complete Task; the host approves on a phone; the timeline shows the steps, and the cleaner
 * gets the approval mail.
 */

let harness: ConsoleHarness;
let owner: Owner;

beforeAll(async () => {
  harness = await startConsoleHarness({ worker: true });
  owner = await harness.owner();
  // Pro: a team to assign the run to.
  await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
}, 300_000);

afterAll(() => harness?.close());

const MIRROR = 'Clean the bathroom mirror';
const BINS = 'Empty the bins';

/** A property in New York with a two-task checklist (the mirror needs a photo), and a run assigned to a cleaner. */
async function assignedRun(cleanerEmail: string) {
  const member = await acceptedMember(harness.api, owner, { email: cleanerEmail, name: 'Rosa Cleaner' });
  const property = (
    await owner.post('/api/properties', {
      name: 'Gull Cottage',
      address: '9 Shore Rd, Montauk',
      timezone: 'America/New_York',
    })
  ).body;
  const em = harness.api.orm.em.fork();
  const checklist = em.create(Checklist, {
    property: em.getReference(Property, property.id),
    name: 'Quick turnover',
    type: 'turnover',
  });
  em.create(Task, { checklist, title: MIRROR, required_media: 1, order_index: 0 });
  em.create(Task, { checklist, title: BINS, required_media: 0, order_index: 1 });
  await em.flush();
  const made = await owner.post('/api/runs', {
    property_id: property.id,
    type: 'turnover',
    checklist_id: checklist.id,
    assigned_to: member.id,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string; magic_link: string };
}

/** The width of an image's loaded pixels (0 until they arrive). */
const loadedWidth = (image: Locator) =>
  image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth);

async function withPage<T>(
  device: typeof DESKTOP | typeof PHONE_390,
  as: Owner | undefined,
  name: string,
  use: (page: Page) => Promise<T>,
) {
  const page = await harness.newPage(device, as);
  try {
    return await use(page);
  } catch (error) {
    await screenshotFailure(page, name);
    throw error;
  } finally {
    await page.context().close();
  }
}

describe('review with the photos', () => {
  it('the host sends the mirror back with a note and its photo rejected; the cleaner retakes it; the host approves on a phone; the timeline shows each step', async () => {
    const cleanerEmail = uniqueEmail('rosa');
    const run = await assignedRun(cleanerEmail);
    const cleaner = Cleaner.fromLink(run.magic_link);
    await completeThroughMagicLink(cleaner);
    const note = 'The mirror is streaky on the left; clean it again and take a new photo.';

    await withPage(DESKTOP, owner, 'review-photos-desktop', async (page) => {
      await page.goto(harness.url(`/runs/${run.id}/show`));
      await page.getByRole('button', { name: 'Review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Review Gull Cottage' });
      const mirror = dialog.getByRole('listitem', { name: MIRROR });
      const photo = mirror.getByRole('img', { name: `${MIRROR}: photo 1 of 1` });
      await photo.waitFor({ timeout: UI_TIMEOUT_MS });
      // The thumbnail, and then the photo it opens, really load (their pixels arrive).
      await expect.poll(() => loadedWidth(photo), { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
      expect(await dialog.getByRole('listitem', { name: BINS }).getByText('No photos').count()).toBe(1);
      await screenshot(page, 'review-photos-dialog-desktop');

      // A thumbnail opens the photo itself.
      await mirror.getByRole('button', { name: `Open ${MIRROR}: photo 1 of 1` }).click();
      const viewer = page.getByRole('dialog', { name: `${MIRROR}: photo 1 of 1` });
      const full = viewer.getByRole('img', { name: `${MIRROR}: photo 1 of 1` });
      await full.waitFor();
      await expect.poll(() => loadedWidth(full), { timeout: UI_TIMEOUT_MS }).toBeGreaterThanOrEqual(1000);
      await screenshot(page, 'review-photos-viewer-desktop');
      await viewer.getByRole('button', { name: 'Close' }).click();

      await dialog.getByRole('button', { name: 'Send tasks back' }).click();
      await mirror.getByRole('checkbox', { name: `Send back ${MIRROR}` }).check();
      await mirror.getByRole('checkbox', { name: `Reject ${MIRROR}: photo 1 of 1` }).check();
      await mirror.getByLabel(`Note on “${MIRROR}”`).fill(note);
      await mirror.getByText('The cleaner must replace 1 rejected photo before completing.').waitFor();
      await dialog.locator('label', { hasText: '3 Stars' }).click();
      await screenshot(page, 'review-photos-send-back-desktop');
      await dialog.getByRole('button', { name: 'Send 1 task back' }).click();
      await page.getByText('Sent back to the cleaner').first().waitFor({ timeout: UI_TIMEOUT_MS });

      // The run page: the note on the task, its photo marked rejected.
      const tasks = page.getByRole('region', { name: /^Tasks/ });
      await tasks.getByText(`Sent back: “${note}”`).waitFor({ timeout: UI_TIMEOUT_MS });
      await tasks.getByText('Rejected', { exact: true }).waitFor();
      await screenshot(page, 'review-photos-run-page-sent-back');
    });

    const stored = (await owner.get(`/api/runs/${run.id}`)).body;
    expect(stored.status).toBe('revision_requested');

    await withPage(PHONE_390, undefined, 'review-photos-runner', async (phone) => {
      await phone.goto(run.magic_link);
      const card = phone.getByRole('region', { name: MIRROR });
      const sentBack = card.getByRole('note', { name: 'Sent back by the host' });
      await sentBack.getByText(note).waitFor({ timeout: UI_TIMEOUT_MS });
      await sentBack
        .getByText('The host rejected a photo of this task: take a new one. A rejected photo does not count.')
        .waitFor();
      await sentBack.getByRole('img', { name: 'Rejected photo 1' }).waitFor();
      await card.getByText('Photos: 0 / 1 required').waitFor();
      const completeTask = card.getByRole('button', { name: 'Complete Task' });
      expect(await completeTask.isDisabled()).toBe(true);
      await card.getByText('Add 1 more photo to complete this task.').waitFor();
      await screenshot(phone, 'review-photos-runner-sent-back-390');

      await card.getByLabel('Add photos or video').setInputFiles({
        name: 'IMG_0043.JPG',
        mimeType: 'image/jpeg',
        buffer: await cameraPhoto('mirror-retaken'),
      });
      await card.getByText('Photos: 1 / 1 required ✓').waitFor({ timeout: UI_TIMEOUT_MS });
      await completeTask.click();
      await phone.getByRole('button', { name: 'Mark Run as Complete' }).click();
      await expect
        .poll(async () => (await owner.get(`/api/runs/${run.id}`)).body.status, { timeout: 30_000 })
        .toBe('completed');
      await screenshot(phone, 'review-photos-runner-completed-390');
    });

    await withPage(PHONE_390, owner, 'review-photos-approve-390', async (page) => {
      await page.goto(harness.url(`/runs/${run.id}/show`));
      await page.getByRole('button', { name: 'Review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Review Gull Cottage' });
      const mirror = dialog.getByRole('listitem', { name: MIRROR });
      // The retaken photo beside the rejected one.
      await mirror.getByRole('img', { name: `${MIRROR}: photo 2 of 2` }).waitFor({ timeout: UI_TIMEOUT_MS });
      await mirror.getByText('Rejected', { exact: true }).waitFor();
      await dialog.locator('label', { hasText: '5 Stars' }).click();
      await screenshot(page, 'review-photos-approve-390');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).last().click();
      await page.getByText('Run approved').first().waitFor({ timeout: UI_TIMEOUT_MS });
      // Approved: the page says so and offers no second review.
      await page.getByText('Approved · 5/5', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await expect
        .poll(() => page.getByRole('button', { name: 'Review', exact: true }).count(), { timeout: UI_TIMEOUT_MS })
        .toBe(0);

      const timeline = page.getByRole('region', { name: 'Timeline' });
      for (const step of [
        'Link sent to Rosa Cleaner.',
        'Rosa Cleaner opened the link.',
        'Work started.',
        `Sent back 1 task: ${MIRROR} (1 photo rejected).`,
        'Approved · 5/5.',
      ])
        await timeline.getByText(step, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      const text = (await timeline.textContent()) ?? '';
      expect(text.indexOf('opened the link')).toBeLessThan(text.indexOf('Sent back 1 task'));
      expect(text.indexOf('Sent back 1 task')).toBeLessThan(text.indexOf('Approved · 5/5.'));
      await timeline.scrollIntoViewIfNeeded();
      await screenshot(page, 'review-photos-timeline-390');
    });

    const mail = await harness.api.mailbox.latest(cleanerEmail, /^Approved: Gull Cottage$/, 20_000);
    expect(mail.text).toMatch(
      /The\s+host\s+approved\s+your\s+work\s+at\s+Gull\s+Cottage\s+on\s+\w{3}\s\d+,\s20\d\d,\s\d+:\d\d\s[AP]M\sE[SD]T\./,
    );
    expect(mail.text).toContain('Score: 5 of 5.');
  }, 300_000);
});
