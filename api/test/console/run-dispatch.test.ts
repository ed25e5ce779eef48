import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cameraPhoto, Cleaner } from '../runner/cleaner.ts';
import { uniqueEmail } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { acceptedMember } from '../support/team-member.ts';
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
 * The host dispatches from the console: due time and assignee in the wizard, reassigning on the run page,
 * the run's photos, issues, timeline and reports there, moving its status forward and completing a stuck
 * run; and the escalation ladder of new runs in Settings.
 */

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
  rosa = await acceptedMember(harness.api, owner, { email: uniqueEmail('rosa'), name: 'Rosa Diaz' });
  ana = await acceptedMember(harness.api, owner, { email: anaEmail, name: 'Ana Lima' });
  property = (
    await owner.post('/api/properties', { name: 'Harbour Loft', address: '1 Pier St', timezone: 'America/New_York' })
  ).body;
  page = await harness.newPage(DESKTOP, owner);
}, 300_000);

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await screenshotFailure(page, test.task.name);
});

afterAll(() => harness?.close());

/** The width of the picture an <img> has loaded (0 until it has). */
const naturalWidth = (image: Locator) =>
  image.evaluate((element) => (element as { naturalWidth?: number }).naturalWidth ?? 0);

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
    await visible('Due Feb 1, 2027, 4:00 PM EST');
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

  it('moves a run forward, shows its photos, issues and check places, completes it when stuck; a report follows', async () => {
    const checklist = (
      await owner.post('/api/checklists', { property_id: property.id, name: 'Quick turnover', type: 'turnover' })
    ).body;
    for (const [title, required_media] of [
      ['Strip beds', 1],
      ['Empty bins', 0],
    ] as const) {
      expect((await owner.post('/api/tasks', { checklist_id: checklist.id, title, required_media })).status).toBe(201);
    }
    const run = (await owner.post('/api/runs', { property_id: property.id, checklist_id: checklist.id })).body;

    // Pending: the host sets it in progress (the cleaner said so by phone); it cannot be completed yet.
    await page.goto(harness.url(`/runs/${run.id}/show`));
    await page.getByRole('combobox', { name: 'Change status' }).click();
    await page.getByRole('option', { name: 'in progress' }).click();
    await visible('Run in progress');
    const started = (await owner.get(`/api/runs/${run.id}`)).body;
    expect(started.status).toBe('in_progress');
    expect(started.started_at).not.toBeNull();
    expect((await owner.put(`/api/runs/${run.id}`, { status: 'pending' })).body.error).toBe(
      'A run only moves forward: from pending to in progress, and to completed.',
    );
    await page.getByRole('button', { name: 'Mark Run as Complete' }).click();
    await visible(/^Failed to update run status: .*Strip beds/);

    // The cleaner takes a photo, ticks both tasks from the flat and reports an issue, but never taps complete.
    const cleaner = Cleaner.fromLink(run.magic_link);
    const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
    const photo = await cleaner.uploadPhoto(tasks[0]!.id, await cameraPhoto('strip-beds', 1600, 1200));
    expect(photo.confirmed?.status).toBe(200);
    for (const task of tasks) {
      const ticked = await cleaner.tick(task.id, { latitude: 40.70721, longitude: -74.01127, location_accuracy: 8 });
      expect(ticked.status).toBe(200);
    }
    const issue = await cleaner.http.post('/api/public/issue', {
      token: cleaner.token,
      action_id: crypto.randomUUID(),
      runTaskId: tasks[1]!.id,
      severity: 'medium',
      description: 'Bin lid is cracked',
    });
    expect(issue.status).toBe(201);

    await page.reload();
    await visible('Tasks (2/2)');
    await visible('All tasks done, not submitted');
    await visible('Bin lid is cracked');
    await visible(/40\.70721, -74\.01127/);
    const thumbnail = page.getByRole('img', { name: 'Strip beds: photo 1 of 1' });
    await thumbnail.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await naturalWidth(thumbnail)).toBeLessThanOrEqual(480);
    await screenshot(page, 'run-page-photos-and-issues');
    await page.getByRole('button', { name: 'Open Strip beds: photo 1 of 1' }).click();
    const viewer = page.getByRole('dialog', { name: 'Strip beds: photo 1 of 1' });
    const large = viewer.getByRole('img', { name: 'Strip beds: photo 1 of 1' });
    await large.waitFor({ timeout: UI_TIMEOUT_MS });
    // The viewer shows the photo itself, larger than its 480-pixel thumbnail.
    await expect.poll(() => naturalWidth(large), { timeout: UI_TIMEOUT_MS }).toBe(1600);
    await screenshot(page, 'run-page-photo-viewer');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

    await visible('No report yet: it is made when the run is completed.');
    await page.getByRole('button', { name: 'Mark Run as Complete' }).click();
    await visible('Run completed');
    await visible('Marked complete.');
    await expect.poll(() => page.getByText('All tasks done, not submitted').count()).toBe(0);
    await harness.api.mailbox.latest(owner.email, /^Inspection report: Harbour Loft/, 90_000);
    await page.reload();
    await visible('Report v1 ready');
    const pdfLink = page.getByRole('link', { name: 'PDF v1' });
    const pdf = await owner.get((await pdfLink.getAttribute('href'))!);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    await expect(page.getByRole('combobox', { name: 'Change status' }).count()).resolves.toBe(0);
    await screenshot(page, 'run-page-completed');
  }, 240_000);

  it("sets the escalation ladder in Settings; a new run's workflow gets it as input", async () => {
    await page.goto(harness.url('/settings'));
    const field = (label: string) => page.getByRole('spinbutton', { name: label });
    await field('Hand-over margin (minutes)').fill('150');
    await page.getByRole('button', { name: 'Save Dispatch Settings' }).click();
    await visible(/^Error saving dispatch settings: The steps must come in order/);
    await field('Reminder margin (minutes)').fill('180');
    await field('Hand-over margin (minutes)').fill('90');
    await field('Host alert margin (minutes)').fill('30');
    await page.getByRole('button', { name: 'Save Dispatch Settings' }).click();
    await visible('Dispatch settings saved');
    await page.getByRole('heading', { name: 'Dispatch' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-dispatch');
    expect((await owner.get('/api/settings/ladder')).body).toMatchObject({
      reminder_margin_minutes: 180,
      hand_over_margin_minutes: 90,
      host_alert_margin_minutes: 30,
    });
    for (const [body, sentence] of [
      [{ reminder_margin_minutes: -5 }, 'The reminder margin must be at least 0 minutes.'],
      [{ minutes_per_task: 'ten' }, 'Minutes per task must be a number of minutes.'],
      [{ host_alert_margin_minutes: 1.5 }, 'The host alert margin must be a whole number of minutes.'],
    ] as const) {
      const refused = await owner.put('/api/settings/ladder', body);
      expect([refused.status, refused.body.error]).toEqual([400, expect.stringContaining(sentence)]);
    }

    const checklist = (
      await owner.post('/api/checklists', { property_id: property.id, name: 'Laddered turnover', type: 'turnover' })
    ).body;
    await owner.post('/api/tasks', { checklist_id: checklist.id, title: 'Mop floors' });
    const run = (
      await owner.post('/api/runs', {
        property_id: property.id,
        checklist_id: checklist.id,
        due_at: '2027-03-01T16:00:00.000Z',
      })
    ).body;
    // Started from the outbox as soon as the relay hands it to Temporal.
    const handle = harness.api.temporal.workflow.getHandle(`run/${run.id}`);
    await expect
      .poll(
        () =>
          handle.describe().then(
            () => true,
            () => false,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    const history = await handle.fetchHistory();
    const payload = history.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0];
    const input = JSON.parse(Buffer.from(payload!.data!).toString('utf8'));
    expect(input.durations.ladder).toMatchObject({
      reminderMarginMs: 180 * 60_000,
      handOverMarginMs: 90 * 60_000,
      hostAlertMarginMs: 30 * 60_000,
    });
  }, 120_000);
});
