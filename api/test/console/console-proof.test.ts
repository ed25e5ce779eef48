import { Checklist, Property, Task } from '@turnproof/db';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Cleaner, completeThroughMagicLink } from '../runner/cleaner.ts';
import { completedRun } from '../proof/proof-support.ts';
import { ownerRecords } from '../support/owner-records.ts';
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
 * The proof screens, driven in Chromium: the host picks the earlier inspection a move-out is compared
 * with, reads device claims beside server times on the run page, reviews runs (approve; send tasks back
 * with a note and a score), the cleaner sees the revision notice, and anyone checks a run on /verify.
 */

let harness: ConsoleHarness;
let owner: Owner;
let page: Page;

beforeAll(async () => {
  // The test alters stored entries behind the API's back, so every view verifies afresh (no cached result).
  harness = await startConsoleHarness({ worker: true, api: { verificationRecheckMs: 0 } });
  owner = await harness.owner();
  // Pro: more properties than Flex's three.
  await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
  page = await harness.newPage(DESKTOP, owner);
}, 300_000);

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await screenshotFailure(page, test.task.name);
});

afterAll(() => harness?.close());

const visible = (text: string | RegExp, scope: Page = page) =>
  scope.getByText(text).first().waitFor({ timeout: UI_TIMEOUT_MS });
const sql = <T>(query: string, params: unknown[]) => harness.api.orm.em.getConnection().execute<T[]>(query, params);
const KITCHEN = 'Photograph the kitchen';

/** A property with a two-task checklist (the kitchen needs a photo), and a completed move-in per tenant. */
async function propertyWithMoveIns(tenants: string[]) {
  const property = (await owner.post('/api/properties', { name: 'Canal House', address: '8 Lock Lane' })).body;
  const em = harness.api.orm.em.fork();
  // The move-out's own checklist: its tasks meet the move-in's by title.
  const [checklist, moveOutChecklist] = (['move_in', 'move_out'] as const).map((type) => {
    const made = em.create(Checklist, {
      property: em.getReference(Property, property.id),
      name: type === 'move_in' ? 'Unit check' : 'Unit check-out',
      type,
    });
    em.create(Task, { checklist: made, title: KITCHEN, required_media: 1, order_index: 0 });
    em.create(Task, { checklist: made, title: 'Read the meters', required_media: 0, order_index: 1 });
    return made;
  });
  await em.flush();
  const moveIns: string[] = [];
  for (const tenant_name of tenants) {
    const made = await owner.post('/api/runs', {
      property_id: property.id,
      type: 'move_in',
      checklist_id: checklist!.id,
      meta: { unit: '4B', tenant_name },
    });
    expect(made.status).toBe(201);
    await completeThroughMagicLink(Cleaner.fromLink(made.body.magic_link));
    moveIns.push(made.body.id);
  }
  return {
    propertyId: property.id as string,
    checklistId: checklist!.id,
    moveOutChecklistId: moveOutChecklist!.id,
    moveIns,
  };
}

const confirmedPhotos = (runId: string) =>
  sql<{ id: string }>(`select id from media where run_id = ? and status = 'confirmed' order by created_at`, [runId]);

describe('proof in the console', () => {
  it('the wizard lets the host pick the earlier move-in whose photos the cleaner sees as references', async () => {
    const { propertyId, moveOutChecklistId, moveIns } = await propertyWithMoveIns(['Ada Moss', 'Ben Okafor']);
    const [adaMoveIn] = moveIns;
    // The move-out checklist preselected by the URL, as the property page's button does.
    await page.goto(
      harness.url(`/runs/create?type=move_out&property_id=${propertyId}&checklist_id=${moveOutChecklistId}`),
    );
    await page.getByLabel('Unit').fill('4B');
    // The API's rule and sentence for the tenant's email, before Next.
    const tenantEmail = page.getByLabel('Tenant email');
    await tenantEmail.fill('ada-at-example');
    await page.getByRole('button', { name: 'Next' }).click();
    await visible('Tenant email must be a valid email address.');
    await tenantEmail.fill('');
    const baseline = page.getByRole('combobox', { name: 'Compare with (reference photos)' });
    await baseline.click();
    // Automatic (Ben's, the newest) or either move-in by name.
    await page.getByRole('option', { name: /^Automatic: the last completed move-in of this unit/ }).waitFor();
    await page.getByRole('option', { name: /Unit check · Unit 4B · Ben Okafor — completed/ }).waitFor();
    await page.getByRole('option', { name: /Unit check · Unit 4B · Ada Moss — completed/ }).click();
    await expect.poll(() => baseline.textContent()).toMatch(/Ada Moss/);
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(page, 'proof-wizard-baseline');
    await page.getByRole('button', { name: 'Next' }).click();
    // The preselected checklist is chosen once found among the choices: nothing to click.
    await expect.poll(() => page.getByRole('radio', { name: /Unit check-out/ }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Create Inspection' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Create Inspection' }).click();
    await visible(/Inspection Created!/);

    const runs = (
      await owner.get(
        `/api/runs?filter=${encodeURIComponent(JSON.stringify({ property_id: propertyId, type: 'move_out' }))}`,
      )
    ).body as { id: string; baseline_run_id: string | null; magic_link: string }[];
    expect(runs).toHaveLength(1);
    expect(runs[0]!.baseline_run_id).toBe(adaMoveIn);
    // The runner's reference for the kitchen is Ada's move-in photo, not the newer one of Ben's.
    const opened = await Cleaner.fromLink(runs[0]!.magic_link).openRun();
    const kitchen = (opened.body.run.tasks as { task: { title: string }; reference: { id: string }[] }[]).find(
      (task) => task.task.title === KITCHEN,
    );
    expect(kitchen!.reference.map((photo) => photo.id)).toEqual((await confirmedPhotos(adaMoveIn!)).map((m) => m.id));

    // A run that is not completed is refused as a baseline.
    const refused = await owner.post('/api/runs', {
      property_id: propertyId,
      type: 'move_out',
      checklist_id: moveOutChecklistId,
      baseline_run_id: runs[0]!.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      'Earlier inspection not found: choose a completed inspection of the same property.',
    );
  }, 240_000);

  it("the run page labels the device's claimed time and place beside the server's received time", async () => {
    const { propertyId, checklistId } = await propertyWithMoveIns([]);
    const made = (await owner.post('/api/runs', { property_id: propertyId, checklist_id: checklistId })).body;
    const cleaner = Cleaner.fromLink(made.magic_link);
    const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
    // A phone whose clock is a year behind, somewhere in Austin.
    const ticked = await cleaner.tick(tasks[1]!.id, {
      timestamp: '2025-03-01T09:15:00.000Z',
      latitude: 30.26715,
      longitude: -97.74306,
      location_accuracy: 12,
    });
    expect(ticked.status).toBe(200);
    await page.goto(harness.url(`/runs/${made.id}/show`));
    const line = page.getByRole('listitem').filter({ hasText: 'Read the meters' });
    await line.getByText(/checked, received by server \w{3} \d+, 20\d\d/).waitFor({ timeout: UI_TIMEOUT_MS });
    await line.getByText('device time (claimed) Mar 1, 2025, 9:15 AM UTC', { exact: false }).waitFor();
    await line.getByText('device location (claimed) 30.26715, -97.74306 ±12 m', { exact: false }).waitFor();
    expect(await line.textContent()).not.toContain('Mar 1, 2025, 9:15 AM UTC · device time');
    await screenshot(page, 'proof-run-page-device-claims');
  }, 120_000);

  it('the host approves one run with a score, sends two tasks of another back with a note; the cleaner sees the notice', async () => {
    const approved = await completedRun(harness.api, owner, harness.worker!);
    const revised = await completedRun(harness.api, owner, harness.worker!, 'move_in');
    await page.goto(harness.url('/runs'));
    const cardOf = (runId: string) =>
      page.locator('.MuiCard-root').filter({ has: page.locator(`[id="run-progress-${runId}"]`) });

    await cardOf(approved.run.id).getByRole('button', { name: 'Review' }).click();
    let dialog = page.getByRole('dialog', { name: /^Review / });
    await dialog.getByRole('button', { name: 'Approve' }).first().waitFor();
    await dialog.locator('label', { hasText: '4 Stars' }).click();
    await dialog.getByLabel('Note (optional)').fill('Spotless, thank you');
    await screenshot(page, 'proof-review-approve');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).last().click();
    await visible('Run approved');
    await cardOf(approved.run.id).getByText('Approved · 4/5').waitFor({ timeout: UI_TIMEOUT_MS });
    expect((await owner.get(`/api/runs/${approved.run.id}`)).body.review).toMatchObject({
      decision: 'approved',
      score: 4,
      note: 'Spotless, thank you',
    });

    await cardOf(revised.run.id).getByRole('button', { name: 'Review' }).click();
    dialog = page.getByRole('dialog', { name: /^Review / });
    await dialog.getByRole('button', { name: 'Send tasks back' }).click();
    const titles = (await owner.get(`/api/runs/${revised.run.id}`)).body.tasks.map((t: { title: string }) => t.title);
    const [first, second] = titles as string[];
    await dialog.getByRole('checkbox', { name: `Send back ${first!}` }).check();
    await dialog.getByRole('checkbox', { name: `Send back ${second!}` }).check();
    await dialog.getByLabel('Note on the whole run (optional)').fill('Please re-photograph the oven and the fridge');
    await dialog.locator('label', { hasText: '2 Stars' }).click();
    await screenshot(page, 'proof-review-send-back');
    await dialog.getByRole('button', { name: 'Send 2 tasks back' }).click();
    await visible('Sent back to the cleaner');
    const run = (await owner.get(`/api/runs/${revised.run.id}`)).body;
    expect(run.status).toBe('revision_requested');
    expect(run.review).toMatchObject({ decision: 'revision_requested', score: 2 });

    // The cleaner's link: the notice with the host's note, and only the two tasks open.
    const phone = await harness.newPage(PHONE_390);
    try {
      await phone.goto(revised.run.magic_link);
      const notice = phone.getByRole('status').filter({ hasText: 'Please re-photograph the oven and the fridge' });
      await notice.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await notice.textContent()).toMatch(/2 tasks/);
      const opened = (await revised.cleaner.openRun()).body.run;
      expect(
        (opened.tasks as { reopened: boolean; checked: boolean; task: { title: string } }[])
          .filter((task) => !task.checked)
          .map((task) => task.task.title),
      ).toEqual([first, second]);
      await screenshot(phone, 'proof-runner-revision-notice');
    } finally {
      await phone.context().close();
    }
  }, 300_000);

  it('/verify shows a valid run, names a tampered entry, and recognises a dropped PDF', async () => {
    const done = await completedRun(harness.api, owner, harness.worker!);
    const visitor = await harness.newPage(DESKTOP);
    try {
      await visitor.goto(harness.url(`/verify/${done.run.id}`));
      await visible(/Valid: the capture log \(\d+ entries\), every photo and every report match\./, visitor);
      await visitor.getByRole('columnheader', { name: 'Device time (claimed)' }).waitFor();
      await visitor.getByLabel('Drop a report PDF here, or choose one:').setInputFiles({
        name: 'report.pdf',
        mimeType: 'application/pdf',
        buffer: done.pdf,
      });
      await visible(/This is an unaltered Turnproof report/, visitor);
      await screenshot(visitor, 'proof-verify-valid');

      // One byte of the PDF changed: the dropped copy is not recognised.
      const altered = Buffer.from(done.pdf);
      altered.writeUInt8(altered.readUInt8(altered.length >> 1) ^ 0x01, altered.length >> 1);
      await visitor.getByLabel('Drop a report PDF here, or choose one:').setInputFiles({
        name: 'report-edited.pdf',
        mimeType: 'application/pdf',
        buffer: altered,
      });
      await visible(/This PDF is not an unaltered Turnproof report\./, visitor);

      const [entry] = await sql<{ payload: unknown }>(
        `select payload from capture_entries where run_id = ? and seq = 2`,
        [done.run.id],
      );
      await sql(
        `update capture_entries set payload = jsonb_set(payload, '{comment}', '"All spotless"') where run_id = ? and seq = 2`,
        [done.run.id],
      );
      try {
        await visitor.reload();
        await visible('Not valid: 1 thing no longer matches.', visitor);
        await visitor
          .getByRole('listitem')
          .filter({ hasText: /Entry 2 \(.+\) has been altered: its content no longer matches its recorded digest\./ })
          .waitFor();
        await screenshot(visitor, 'proof-verify-tampered');
      } finally {
        await sql(`update capture_entries set payload = ? where run_id = ? and seq = 2`, [
          JSON.stringify(entry!.payload),
          done.run.id,
        ]);
      }
    } catch (error) {
      await screenshotFailure(visitor, 'verify page');
      throw error;
    } finally {
      await visitor.context().close();
    }
  }, 240_000);
});
