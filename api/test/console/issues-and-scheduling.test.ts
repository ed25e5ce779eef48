import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Cleaner } from '../runner/cleaner.ts';
import { uniqueEmail } from '../support/browser.ts';
import { linkIn } from '../support/mailbox.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { acceptedMember } from '../support/team-member.ts';
import {
  type ConsoleHarness,
  DESKTOP,
  type Owner,
  PHONE_390,
  startConsoleHarness,
  UI_TIMEOUT_MS,
} from './console-harness.ts';
import { captureScreen, screenshotFailure } from './screen-capture.ts';

/**
 * Scheduling and issues in sight (issue 23, points 2 and 4): the run card's due time, assignee and
 * issues; the wizard's due time and cleaner up front; the dashboard's open issues, resolved on the run
 * page; the report mail that names the issues and the alert mail that links to one.
 */

let harness: ConsoleHarness;
let owner: Owner;
let rosa: { id: string };
let property: { id: string };
let run: { id: string; magic_link: string };
let lampId: string;
const pages: Page[] = [];
/** The browser's document, as far as these checks need it (the tests compile without the DOM types). */
type FocusedDocument = { document: { activeElement: unknown } };

async function newPage(device: typeof DESKTOP | typeof PHONE_390) {
  const page = await harness.newPage(device, owner);
  pages.push(page);
  return page;
}

const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor({ timeout: UI_TIMEOUT_MS });

beforeAll(async () => {
  harness = await startConsoleHarness({ worker: true });
  owner = await harness.owner();
  await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
  rosa = await acceptedMember(harness.api, owner, { email: uniqueEmail('rosa'), name: 'Rosa Martinez' });
  property = (
    await owner.post('/api/properties', {
      name: 'Ocean Breeze Condo',
      address: '1200 Collins Ave',
      timezone: 'America/New_York',
      default_assignee_id: rosa.id,
    })
  ).body;
  const checklist = (
    await owner.post('/api/checklists', { property_id: property.id, name: 'Quick turnover', type: 'turnover' })
  ).body;
  for (const title of ['Strip beds', 'Check lamps']) {
    expect((await owner.post('/api/tasks', { checklist_id: checklist.id, title, required_media: 0 })).status).toBe(201);
  }
  // Due 4:00 PM in Miami on Feb 1, 2027 (EST, UTC-5), assigned to Rosa.
  run = (
    await owner.post('/api/runs', {
      property_id: property.id,
      checklist_id: checklist.id,
      due_at: '2027-02-01T21:00:00Z',
      assigned_to: rosa.id,
    })
  ).body;
  const cleaner = Cleaner.fromLink(run.magic_link);
  const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
  for (const [severity, description] of [
    ['high', 'Bedside lamp broken'],
    ['low', 'Towel frayed'],
  ]) {
    const reported = await cleaner.http.post('/api/public/issue', {
      token: cleaner.token,
      action_id: randomUUID(),
      runTaskId: tasks[1]!.id,
      severity,
      description,
    });
    expect(reported.status).toBe(201);
  }
  for (const task of tasks) expect((await cleaner.tick(task.id)).status).toBe(200);
  const issues = (await owner.get(`/api/runs/${run.id}/issues`)).body as { id: string; description: string }[];
  lampId = issues.find((issue) => issue.description === 'Bedside lamp broken')!.id;
}, 300_000);

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') {
    for (const page of pages) await screenshotFailure(page, `${test.task.name}-${pages.indexOf(page)}`);
  }
});

afterAll(() => harness?.close());

describe('scheduling in sight', () => {
  for (const [label, device] of [
    ['desktop', DESKTOP],
    ['390 px', PHONE_390],
  ] as const) {
    it(`shows the run card's due time with its zone, assignee and issues, and opens the run (${label})`, async () => {
      const page = await newPage(device);
      await page.goto(harness.url('/runs'));
      const card = page.getByRole('article', { name: 'Ocean Breeze Condo' });
      await visible(page, 'Due Mon, Feb 1, 2027, 4:00 PM EST');
      await card.getByText('Assigned to Rosa Martinez').waitFor();
      await card.getByText(/^2 issues, [12] open$/).waitFor();
      expect(
        await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'),
      ).toBeLessThanOrEqual(0);
      if (label === 'desktop') expect(await captureScreen(page, 'runs-list-schedule')).toEqual([]);
      await card.getByRole('link', { name: 'Ocean Breeze Condo' }).click();
      await page.waitForURL(`**/runs/${run.id}/show`);
      await visible(page, 'Due Feb 1, 2027, 4:00 PM EST');
    });
  }

  it('shows the wizard’s due time and cleaner before a property is picked, and says when no reminder will go out', async () => {
    const page = await newPage(PHONE_390);
    await page.goto(harness.url('/runs/create?type=turnover'));
    await page.getByLabel("Due (the property's time zone)").waitFor();
    await page.getByRole('combobox', { name: 'Assigned to' }).waitFor();
    await visible(page, 'No due time: no reminder will go out and nothing escalates if the run is late.');
    await page.getByRole('combobox', { name: 'Property' }).click();
    await page.getByRole('option', { name: /Ocean Breeze Condo/ }).click();
    // The property's zone is named, and its default cleaner is preselected.
    const due = page.getByLabel('Due (America/New_York)');
    await due.waitFor();
    await visible(page, "Rosa Martinez is preselected: the property's default cleaner.");
    expect(await page.getByRole('combobox', { name: 'Assigned to' }).textContent()).toBe('Rosa Martinez');
    await visible(page, 'Set the due time (usually the next check-in) to start them.');
    expect(await captureScreen(page, 'wizard-no-due-time')).toEqual([]);
    await due.fill('2027-02-01T16:00');
    await visible(page, /^Due Mon, Feb 1, 2027, 4:00 PM EST\. Rosa Martinez gets the link by e-mail/);
    await visible(page, /Reminders go out before the due time, and the escalation ladder/);
    expect(await captureScreen(page, 'wizard-with-due-time')).toEqual([]);
  });
});

describe('issues in sight and closed', () => {
  it('the alert mail links straight to the issue on the run page', async () => {
    const alert = await harness.api.mailbox.latest(
      owner.email,
      /^High-severity issue reported at Ocean Breeze Condo$/,
      60_000,
    );
    const link = `${harness.api.baseUrl}/runs/${run.id}/show#issue-${lampId}`;
    expect(alert.text).toContain(link);
    expect(linkIn(alert)).toBe(link);
  });

  for (const [label, device] of [
    ['desktop', DESKTOP],
    ['390 px', PHONE_390],
  ] as const) {
    it(`goes from the dashboard's open issues to the issue and resolves it with a note (${label})`, async () => {
      const towelOrLamp = label === 'desktop' ? 'Bedside lamp broken' : 'Towel frayed';
      const page = await newPage(device);
      await page.goto(harness.url('/dashboard'));
      const tile = page.getByRole('region', { name: 'Open issues' });
      const before = Number(await tile.locator('[data-open-issues]').getAttribute('data-open-issues'));
      expect(before).toBe(label === 'desktop' ? 2 : 1);
      if (label === 'desktop') expect(await captureScreen(page, 'dashboard-open-issues')).toEqual([]);
      await tile.getByRole('link', { name: towelOrLamp }).click();
      await page.waitForURL(new RegExp(`/runs/${run.id}/show#issue-`));
      const issue = page.getByRole('listitem', { name: `Issue: ${towelOrLamp}` });
      await issue.getByText('Open', { exact: true }).waitFor();
      // The linked issue is scrolled into view and focused.
      await expect
        .poll(() =>
          issue.evaluate((element) => element === (globalThis as unknown as FocusedDocument).document.activeElement),
        )
        .toBe(true);
      await issue.getByRole('button', { name: 'Resolve' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('What was done?').fill('Replaced it with a spare from the closet.');
      await dialog.getByRole('button', { name: 'Mark resolved' }).click();
      await visible(page, 'Issue resolved');
      await issue.getByText('Resolved', { exact: true }).waitFor();
      await issue.getByText(/: Replaced it with a spare from the closet\.$/).waitFor();
      await captureScreen(page, `run-page-issue-resolved-${label.replace(' ', '')}`);

      await page.goto(harness.url('/dashboard'));
      await expect
        .poll(() => tile.locator('[data-open-issues]').getAttribute('data-open-issues'), { timeout: UI_TIMEOUT_MS })
        .toBe(String(before - 1));
    });
  }

  it('the report mail names each issue with its severity', async () => {
    const cleaner = Cleaner.fromLink(run.magic_link);
    expect((await cleaner.completeWhenAccepted()).status).toBe(200);
    const report = await harness.api.mailbox.latest(owner.email, /^Inspection report: Ocean Breeze Condo/, 90_000);
    expect(report.text).toContain('(100% of tasks). 2 issues, 1 high:');
    expect(report.text).toContain('Bedside lamp broken (high)');
    expect(report.text).toContain('Towel frayed (low)');
    expect(report.text).toContain(`/runs/${run.id}/show#issue-${lampId}`);
    // Completion time in the property's zone, not UTC.
    expect(report.text).toMatch(/was completed at .* E[SD]T \(/);
  }, 120_000);
});

describe('the agenda', () => {
  it('shows the coming turnovers by day, overdue and unassigned ones marked (Today and 7 days)', async () => {
    const checklistId = (await owner.get(`/api/runs/${run.id}`)).body.checklist_id as string;
    const hours = (n: number) => new Date(Date.now() + n * 60 * 60 * 1000).toISOString();
    const make = async (due_at: string, assigned_to: string | null) =>
      expect(
        (await owner.post('/api/runs', { property_id: property.id, checklist_id: checklistId, due_at, assigned_to }))
          .status,
      ).toBe(201);
    await make(hours(-1), null); // overdue and unassigned
    await make(hours(0.5), rosa.id); // later today (the browser's day is UTC's here)
    await make(hours(24 * 4), rosa.id); // within the week only

    const page = await newPage(DESKTOP);
    await page.goto(harness.url('/runs'));
    await page.getByRole('tab', { name: 'Agenda' }).click();
    const overdue = page.getByRole('region', { name: 'Overdue: not done by their due time' });
    await overdue.getByText('Overdue', { exact: true }).waitFor();
    await overdue.getByText('Unassigned', { exact: true }).waitFor();
    // Today: the overdue run and the one due in half an hour; not the one in four days.
    await expect
      .poll(() => page.getByRole('listitem', { name: /^Ocean Breeze Condo, Quick turnover$/ }).count())
      .toBe(2);
    expect(await captureScreen(page, 'runs-agenda-today')).toEqual([]);

    await page.getByRole('button', { name: '7 days' }).click();
    await expect
      .poll(() => page.getByRole('listitem', { name: /^Ocean Breeze Condo, Quick turnover$/ }).count(), {
        timeout: UI_TIMEOUT_MS,
      })
      .toBe(3);
    expect(await page.getByText('Unassigned', { exact: true }).count()).toBe(1);
    expect(await captureScreen(page, 'runs-agenda-week')).toEqual([]);
  }, 120_000);
});
