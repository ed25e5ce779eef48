import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../proof/proof-support.ts';
import { Browser } from '../support/browser.ts';
import { completedRun } from '../support/completed-run.ts';
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

/** The profile's Activity tab, Quick Stats, and the public profile behind Share Profile and Preview. */

let harness: ConsoleHarness;
let owner: Owner;
beforeAll(async () => {
  harness = await startConsoleHarness({ worker: true });
  owner = await harness.owner('flex');
  await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
  // Property added, run created, run completed (by the cleaner, through the worker), report downloaded.
  const run = await completedRun(owner, 'Lakeview Cabin');
  const ready = await waitFor(
    'the report',
    async () => {
      const reports = (await owner.get(`/api/runs/${run.id}/reports`)).body as { version: number; status: string }[];
      return reports[0]?.status === 'ready' ? reports[0] : undefined;
    },
    harness.worker,
    120_000,
  );
  const pdf = await owner.request('GET', `/api/runs/${run.id}/reports/${ready.version}/pdf`, undefined, {
    Accept: 'application/pdf',
  });
  expect(pdf.status).toBe(200);
  expect((await owner.post('/api/templates', { name: 'Deep spring clean', kind: 'turnover' })).status).toBe(201);
  for (const n of [1, 2, 3, 4, 5, 6]) {
    expect((await owner.post('/api/properties', { name: `Cottage ${n}`, address: `${n} Shore Lane` })).status).toBe(
      201,
    );
  }
}, 300_000);
afterAll(() => harness?.close());

const publicUrl = () => harness.url(`/profiles/${owner.userId}`);

describe('profile activity', () => {
  it('records real events and answers the newest 10, newest first', async () => {
    const answer = await owner.get('/api/profile/activity');
    expect(answer.status).toBe(200);
    const summaries = (answer.body as { summary: string }[]).map((activity) => activity.summary);
    // 11 activities happened: the oldest (the first property) is past the 10.
    expect(summaries).toEqual([
      'Property added: Cottage 6',
      'Property added: Cottage 5',
      'Property added: Cottage 4',
      'Property added: Cottage 3',
      'Property added: Cottage 2',
      'Property added: Cottage 1',
      'Template created: Deep spring clean',
      expect.stringMatching(/^Report downloaded: turnproof-report-lakeview-cabin-.*\.pdf$/),
      expect.stringMatching(/^Inspection run completed: Lakeview Cabin · /),
      expect.stringMatching(/^Inspection run created: Lakeview Cabin · /),
    ]);
    const times = (answer.body as { created_at: string }[]).map((activity) => Date.parse(activity.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Another owner sees none of it.
    const stranger = await harness.owner('flex');
    expect((await stranger.get('/api/profile/activity')).body).toEqual([]);
  });

  it('shows the activity and real Quick Stats on the profile, desktop and 390 px', async () => {
    for (const [device, name] of [
      [DESKTOP, 'profile-activity-desktop'],
      [PHONE_390, 'profile-activity-390px'],
    ] as const) {
      const page = await harness.newPage(device, owner);
      await page.goto(harness.url('/profile'));
      await page.getByRole('heading', { name: 'Professional Profile', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
      const stat = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
      expect(await stat('Properties').textContent()).toBe('7');
      expect(await stat('Completed runs').textContent()).toBe('1');
      expect(await stat('Task completion').textContent()).toBe('100%');
      // Real counts only: no 'hours saved' or 'revenue' multiplied out of the run count.
      const quickStats = (await page.locator('dl').first().textContent()) ?? '';
      expect(quickStats).not.toMatch(/hours saved|revenue/i);
      await page.getByRole('tab', { name: 'Activity' }).click();
      const items = page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
      await items.first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await items.count()).toBe(10);
      expect(await items.first().textContent()).toContain('Property added: Cottage 6');
      expect(await items.last().textContent()).toContain('Inspection run created: Lakeview Cabin');
      await screenshot(page, name);
      await page.context().close();
    }
  });
});

describe('public profile', () => {
  it('Share Profile and Preview open the public page only while Public Profile is on; off, it is a 404', async () => {
    expect((await owner.put('/api/profile', { public_profile: false })).status).toBe(200);
    const visitor = new Browser(harness.api.baseUrl);
    const closed = await visitor.request('GET', `/profiles/${owner.userId}`, undefined, { Accept: 'text/html' });
    expect(closed.status).toBe(404);
    expect(String(closed.body)).toContain('Oops! Page not found');

    const page = await harness.newPage(DESKTOP, owner);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.api.baseUrl });
    await page.goto(harness.url('/profile'));
    const shareButton = page.getByRole('button', { name: 'Share Profile' });
    await shareButton.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await shareButton.isDisabled()).toBe(true);
    await page.getByText('Turn on Public Profile to share it.').waitFor();

    // The switch follows the saved profile, so it turns on once the server has it.
    await page.getByLabel('Public Profile').click();
    await page.getByText('Profile saved').waitFor({ timeout: UI_TIMEOUT_MS });
    await expect.poll(() => page.getByLabel('Public Profile').isChecked()).toBe(true);
    expect(await shareButton.isDisabled()).toBe(false);
    await shareButton.click();
    await page.getByText('Link copied!').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(publicUrl());

    const [preview] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Preview' }).click(),
    ]);
    await preview.waitForLoadState();
    expect(preview.url()).toBe(publicUrl());
    await preview.getByRole('heading', { name: 'Test Owner', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
    const figure = (label: string) => preview.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    expect(await figure('Completed inspections').textContent()).toBe('1');
    expect(await figure('Properties').textContent()).toBe('7');
    await screenshot(preview, 'public-profile-desktop');
    const phone = await harness.newPage(PHONE_390);
    await phone.goto(publicUrl());
    await phone.getByRole('heading', { name: 'Test Owner', level: 1 }).waitFor({ timeout: UI_TIMEOUT_MS });
    await screenshot(phone, 'public-profile-390px');
    await phone.context().close();

    await page.getByLabel('Public Profile').click();
    await expect.poll(() => page.getByLabel('Public Profile').isChecked()).toBe(false);
    await expect.poll(async () => (await visitor.request('GET', `/profiles/${owner.userId}`)).status).toBe(404);
    expect((await visitor.request('GET', '/profiles/not-a-uuid')).status).toBe(404);
    await page.context().close();
  });
});
