import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Cleaner } from '../runner/cleaner.ts';
import { uniqueEmail } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import {
  type ConsoleHarness,
  DESKTOP,
  type Owner,
  screenshot,
  startConsoleHarness,
  UI_TIMEOUT_MS,
} from './console-harness.ts';
import { screenshotFailure } from './screen-capture.ts';

/** The host dispatches from the console: due time and assignee in the wizard, reassigning and completing on the run page. */

let harness: ConsoleHarness;
let owner: Owner;
let page: Page;
let rosa: { id: string };
let ana: { id: string };
const anaEmail = uniqueEmail('ana');
let property: { id: string };

beforeAll(async () => {
  harness = await startConsoleHarness({ worker: true });
  owner = await harness.owner();
  await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
  rosa = (await owner.post('/api/team', { email: uniqueEmail('rosa'), name: 'Rosa Diaz', role: 'Cleaner' })).body;
  ana = (await owner.post('/api/team', { email: anaEmail, name: 'Ana Lima', role: 'Cleaner' })).body;
  property = (
    await owner.post('/api/properties', { name: 'Harbour Loft', address: '1 Pier St', timezone: 'America/New_York' })
  ).body;
  page = await harness.newPage(DESKTOP, owner);
}, 300_000);

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await screenshotFailure(page, test.task.name);
});

afterAll(() => harness?.close());

const visible = (text: string | RegExp) => page.getByText(text).first().waitFor({ timeout: UI_TIMEOUT_MS });

describe('dispatching runs from the console', () => {
  it('sets due time and assignee in the wizard, reassigns on the run page and shows the timeline', async () => {
    await page.goto(harness.url('/runs/create?type=turnover'));
    await page.getByRole('combobox', { name: 'Property' }).click();
    await page.getByRole('option', { name: /Harbour Loft/ }).click();
    // Entered in the property's time zone (New York, UTC-5 in February).
    await page.getByLabel('Due (America/New_York)').fill('2027-02-01T16:00');
    await page.getByRole('combobox', { name: 'Assigned to' }).click();
    await page.getByRole('option', { name: 'Rosa Diaz' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Create Inspection' }).click();
    await visible(/Inspection Created!/);

    const [run] = (
      await owner.get(`/api/runs?filter=${encodeURIComponent(JSON.stringify({ property_id: property.id }))}`)
    ).body as { id: string; due_at: string; assigned_to: string }[];
    expect(run).toMatchObject({ due_at: '2027-02-01T21:00:00.000Z', assigned_to: rosa.id });

    await page.goto(harness.url(`/runs/${run!.id}/show`));
    await visible('Due Feb 1, 2027, 4:00 PM (America/New_York)');
    await visible('Link sent to Rosa Diaz.');
    await page.getByRole('combobox', { name: 'Assigned to' }).click();
    await page.getByRole('option', { name: 'Ana Lima' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await visible('Run updated');
    await visible('Link sent to Ana Lima.');
    expect((await owner.get(`/api/runs/${run!.id}`)).body.assigned_to).toBe(ana.id);
    await harness.api.mailbox.latest(anaEmail, /^New turnover at Harbour Loft$/);
    await screenshot(page, 'run-page-reassigned');
  }, 120_000);

  it('marks a run whose cleaner never tapped complete as complete; a report follows', async () => {
    const checklist = (
      await owner.post('/api/checklists', { property_id: property.id, name: 'Quick turnover', type: 'turnover' })
    ).body;
    for (const title of ['Strip beds', 'Empty bins']) {
      expect((await owner.post('/api/tasks', { checklist_id: checklist.id, title })).status).toBe(201);
    }
    const run = (await owner.post('/api/runs', { property_id: property.id, checklist_id: checklist.id })).body;
    const cleaner = Cleaner.fromLink(run.magic_link);
    const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
    for (const task of tasks) expect((await cleaner.tick(task.id)).status).toBe(200);

    await page.goto(harness.url(`/runs/${run.id}/show`));
    await visible('Tasks (2/2)');
    await page.getByRole('button', { name: 'Mark Run as Complete' }).click();
    await visible('Run completed');
    await visible('Marked complete.');
    await harness.api.mailbox.latest(owner.email, /^Inspection report: Harbour Loft/, 90_000);
    await page.reload();
    await visible(/Report v1 ready/);
    await screenshot(page, 'run-page-completed');
  }, 180_000);
});
