import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { completeThroughMagicLink } from '../runner/cleaner.ts';
import { lampRoomMoveOut, newRun, reportPdf, waitFor } from '../proof/proof-support.ts';
import {
  type ConsoleHarness,
  DESKTOP,
  type Owner,
  screenshot,
  startConsoleHarness,
  UI_TIMEOUT_MS,
} from './console-harness.ts';
import { screenshotFailure } from './screen-capture.ts';

/**
 * The host's review on the run page, in Chromium: the server's photo flags (issue 28.2), and the possible
 * changes between a move-out's photos and its move-in's, confirmed or dismissed.
 */

const BLURRY = 'The photo looks blurry.';

let harness: ConsoleHarness;
let owner: Owner;
let page: Page;

beforeAll(async () => {
  harness = await startConsoleHarness({ worker: true });
  owner = await harness.owner();
  page = await harness.newPage(DESKTOP, owner);
}, 300_000);

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await screenshotFailure(page, test.task.name);
});

afterAll(() => harness?.close());

describe('photo flags on the run page', () => {
  it('shows the blurry photo its sentence, and the flag the host accepts stays accepted after a reload', async () => {
    const { run, cleaner } = await newRun(owner);
    const [task] = (await cleaner.openRun()).body.run.tasks as { id: string }[];
    const blurry = await readFile(path.resolve(import.meta.dirname, '../fixtures/photos/blurry-bedroom.jpg'));
    const upload = await cleaner.uploadPhoto(task!.id, blurry);
    expect(upload.confirmed?.status, JSON.stringify(upload.confirmed?.body)).toBe(200);
    await completeThroughMagicLink(cleaner);
    await waitFor(
      'the photo checks',
      async () => {
        const [row] = await harness.api.orm.em
          .getConnection()
          .execute<{ unchecked: string }[]>(
            `select count(*) as unchecked from media where run_id = ? and status = 'confirmed' and checks is null`,
            [run.id],
          );
        return Number(row!.unchecked) === 0 ? true : undefined;
      },
      harness.worker,
    );

    await page.goto(harness.url(`/runs/${run.id}/show`));
    await page.getByText(BLURRY, { exact: true }).first().waitFor();
    const accept = page.getByRole('button', { name: `Accept this flag: ${BLURRY}` });
    await accept.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'photo-flags-before-accept');
    await accept.first().click();
    await page.getByText(`Accepted: ${BLURRY}`).first().waitFor();

    await page.reload();
    await page.getByText(`Accepted: ${BLURRY}`).first().waitFor();
    expect(await page.getByRole('button', { name: `Accept this flag: ${BLURRY}` }).count()).toBe(0);
    await page.getByText(`Accepted: ${BLURRY}`).first().scrollIntoViewIfNeeded();
    await screenshot(page, 'photo-flags-accepted');
  });

  // Two completed runs of photos, then a change map per pair made with the report: minutes on a busy machine.
  it(
    'shows the outlined side-by-side image of a move-out against its move-in, and Confirm / Dismiss change what is shown',
    { timeout: 360_000 },
    async () => {
      const { moveOut } = await lampRoomMoveOut(owner);
      // The report makes every pair's change map: once it is ready, the list is complete.
      await reportPdf(owner, moveOut.id, 1, harness.worker);

      await page.goto(harness.url(`/runs/${moveOut.id}/show`));
      const card = page.getByRole('region', { name: 'Possible changes — confirm or dismiss' });
      const image = card.getByRole('img', { name: /both photos side by side, possible changes outlined and numbered/ });
      await image.first().waitFor();
      await image.first().scrollIntoViewIfNeeded();
      // A loaded machine takes seconds to load the image and to answer a decision: the page's own wait, not 1 s.
      await expect
        .poll(
          () =>
            image
              .first()
              .evaluate(
                (img) =>
                  (img as unknown as { complete: boolean; naturalWidth: number }).complete &&
                  (img as unknown as { naturalWidth: number }).naturalWidth > 0,
              ),
          { timeout: UI_TIMEOUT_MS },
        )
        .toBe(true);
      const chips = (label: string) => card.getByText(label, { exact: true }).count();
      const proposed = await chips('Possible change');
      expect(proposed).toBeGreaterThan(1);
      await screenshot(page, 'run-changes-proposed');

      await card.getByRole('button', { name: 'Confirm change 1 as damage' }).first().click();
      await expect.poll(() => chips('Confirmed as damage'), { timeout: UI_TIMEOUT_MS }).toBe(1);
      await card.getByRole('button', { name: 'Dismiss change 1' }).nth(1).click();
      await expect.poll(() => chips('Dismissed'), { timeout: UI_TIMEOUT_MS }).toBe(1);
      await expect.poll(() => chips('Possible change'), { timeout: UI_TIMEOUT_MS }).toBe(proposed - 2);
      await page.reload();
      await expect.poll(() => chips('Confirmed as damage'), { timeout: UI_TIMEOUT_MS }).toBe(1);
      await expect.poll(() => chips('Dismissed'), { timeout: UI_TIMEOUT_MS }).toBe(1);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'run-changes-decided');
    },
  );
});
