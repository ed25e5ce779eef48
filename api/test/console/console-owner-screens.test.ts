import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { Browser, goodPassword } from '../support/browser.ts';
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

/** The analytics, team, settings and profile screens in real Chromium over the real API. */

let harness: ConsoleHarness;
let records: ReturnType<typeof ownerRecords>;
beforeAll(async () => {
  harness = await startConsoleHarness();
  records = ownerRecords(harness.api);
});
afterAll(() => harness?.close());

/** An owner past onboarding on the pro plan (professional access), or on Flex (starter: no analytics or team). */
async function ownerOn(plan: 'pro' | 'flex'): Promise<Owner> {
  const owner = await harness.owner('flex');
  if (plan === 'pro') await records.grantPlan(owner.userId, 'pro');
  return owner;
}

const pageFor = (owner: Owner, device: typeof DESKTOP | typeof PHONE_390 = DESKTOP) => harness.newPage(device, owner);

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

/** Three runs completed this week on two properties, 40 minutes each, with two issues on one property. */
async function ownerWithHistory(): Promise<Owner> {
  const owner = await ownerOn('pro');
  const lakeview = await records.property(owner.userId, 'Lakeview Cabin');
  const harbor = await records.property(owner.userId, 'Harbor Flat');
  for (const [property, endedAgo] of [
    [lakeview, 1 * DAY],
    [lakeview, 2 * DAY],
    [harbor, 3 * DAY],
  ] as const) {
    const ended_at = ago(endedAgo);
    const started_at = new Date(ended_at.getTime() - 40 * 60 * 1000);
    const run = await records.run(property, {
      status: 'completed',
      created_at: started_at,
      started_at,
      ended_at,
      due_at: ended_at,
    });
    await records.photo(run.runId, run.taskIds[0]!);
    if (property === lakeview) await records.alert(run.runId, 'high', ended_at);
  }
  return owner;
}

/** Opens a console path and waits for the page title the layout shows (its h1). */
async function open(page: Page, path: string, title: string) {
  await page.goto(harness.url(path));
  await page.getByRole('heading', { name: title, level: 1, exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
}

/** How many pixels the page is wider than the window (a string: this project's Node typings have no DOM). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

const metric = (page: Page, label: string) => page.getByRole('article', { name: label });

describe('analytics', () => {
  it('shows the real figures and both charts, switches periods, and passes axe on desktop and at 390 px', async () => {
    const owner = await ownerWithHistory();
    for (const [viewport, name] of [
      [undefined, 'desktop'],
      [PHONE_390, '390px'],
    ] as const) {
      const page = await pageFor(owner, viewport);
      await open(page, '/analytics', 'Analytics');
      await expect.poll(() => metric(page, 'Runs completed').textContent(), { timeout: UI_TIMEOUT_MS }).toContain('3');
      expect(await metric(page, 'Average duration').textContent()).toContain('40 min');
      expect(await metric(page, 'On-time rate').textContent()).toContain('100%');
      expect(await metric(page, 'Issues').textContent()).toContain('High 2');
      expect(await metric(page, 'Photos per run').textContent()).toContain('1');
      await page
        .getByRole('figure', { name: 'Completions per week' })
        .locator('svg')
        .first()
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('figure', { name: 'Issues per property' }).locator('svg').first().waitFor();
      expect(await page.getByRole('figure', { name: 'Issues per property' }).textContent()).toContain(
        'Lakeview Cabin: 2 issues',
      );
      // Nothing spills sideways: the page scrolls only vertically, at 390 px too.
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `analytics-${name}`);
      expect(await seriousViolations(page, `analytics ${name}`)).toEqual([]);
      await page.context().close();
    }
  });

  it('changes the period with the chooser', async () => {
    const owner = await ownerWithHistory();
    const page = await pageFor(owner);
    await open(page, '/analytics', 'Analytics');
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect
      .poll(() => metric(page, 'Runs completed').textContent(), { timeout: UI_TIMEOUT_MS })
      .toContain('in the last 7 days');
    expect(await page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });

  it('shows the lock screen to a plan without analytics', async () => {
    const owner = await ownerOn('flex');
    const page = await pageFor(owner);
    await open(page, '/analytics', 'Analytics');
    await page.getByRole('heading', { name: 'Feature Locked' }).waitFor();
    await page.getByText('Upgrade to access detailed analytics and reports').waitFor();
    await page.getByRole('button', { name: 'Upgrade to Pro' }).waitFor();
    await screenshot(page, 'analytics-locked');
    expect(await seriousViolations(page, 'analytics lock')).toEqual([]);
    await page.context().close();
  });
});

describe('team', () => {
  it('invites a cleaner by e-mail, lists them as invited, and removes them', async () => {
    const owner = await ownerOn('pro');
    const page = await pageFor(owner);
    await page.goto(harness.url('/team'));
    await page.getByText('No team members yet').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await seriousViolations(page, 'team empty')).toEqual([]);

    await page.getByRole('link', { name: 'Invite a team member' }).click();
    const email = `rosa-${Date.now()}@example.test`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name (optional)').fill('Rosa Diaz');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Invitation sent to ${email}`).waitFor({ timeout: UI_TIMEOUT_MS });
    const row = page.getByRole('row').filter({ hasText: email });
    await row.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await row.textContent()).toContain('Invited');
    expect((await harness.api.mailbox.latest(email, /invited you to their Turnproof team/)).to).toBe(email);
    await screenshot(page, 'team-desktop');
    expect(await seriousViolations(page, 'team list')).toEqual([]);

    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('No team members yet').waitFor({ timeout: UI_TIMEOUT_MS });
    expect((await owner.get('/api/team')).body).toEqual([]);
    await page.context().close();
  });

  it('lists members as cards at 390 px, with their actions', async () => {
    const owner = await ownerOn('pro');
    const email = `sam-${Date.now()}@example.test`;
    expect((await owner.post('/api/team', { email, name: 'Sam Lee', role: 'Co-host' })).status).toBe(201);
    const page = await pageFor(owner, PHONE_390);
    await open(page, '/team', 'Team');
    const card = page.getByRole('listitem').filter({ hasText: email });
    await card.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await card.textContent()).toContain('Co-host');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'team-390px');
    expect(await seriousViolations(page, 'team 390px')).toEqual([]);
    await card.getByRole('button', { name: 'Resend' }).click();
    await page.getByText(`Invitation sent again to ${email}`).waitFor({ timeout: UI_TIMEOUT_MS });
    await card.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('No team members yet').waitFor({ timeout: UI_TIMEOUT_MS });
    await page.context().close();
  });

  it('shows the lock screen to a plan without team management', async () => {
    const owner = await ownerOn('flex');
    const page = await pageFor(owner);
    await open(page, '/team', 'Team');
    await page.locator('[data-feature-lock="Team"]').getByRole('heading', { name: 'Feature Locked' }).waitFor();
    await page.getByText('Upgrade to Pro to add team members').waitFor();
    await page.context().close();
  });
});

describe('settings and profile', () => {
  it('checks the password dialog’s fields, changes the password, and saves preferences and the timezone', async () => {
    const owner = await ownerOn('pro');
    const page = await pageFor(owner);
    await open(page, '/settings', 'Settings');
    await page.getByText('Verified').waitFor();

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    const submit = () => dialog.getByRole('button', { name: 'Update Password' }).click();
    await submit();
    await dialog.getByText('Please fill in all password fields.').waitFor();
    await dialog.getByText('Missing fields').waitFor();
    await screenshot(page, 'change-password-missing-fields');
    await dialog.getByLabel('Current password').fill('not my password');
    await dialog.getByLabel('New password', { exact: true }).fill('a brand new passphrase 42');
    await dialog.getByLabel('Confirm new password').fill('a different passphrase 42');
    await submit();
    await dialog.getByText('New password and confirmation must match.').waitFor();
    await dialog.getByLabel('Confirm new password').fill('a brand new passphrase 42');
    await submit();
    await dialog.getByText('Current password incorrect', { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
    await dialog.getByLabel('Current password').fill(goodPassword);
    await submit();
    await page.getByText('Password updated').waitFor({ timeout: UI_TIMEOUT_MS });
    // The change signed out every other session (the test's own client among them), not this page's.
    expect((await owner.get('/api/preferences')).status).toBe(401);
    const again = new Browser(harness.api.baseUrl);
    const signIn = await again.post('/api/auth/login', { email: owner.email, password: 'a brand new passphrase 42' });
    expect(signIn.status).toBe(200);

    await page.getByRole('switch', { name: /Location services/ }).click();
    await expect
      .poll(async () => (await again.get('/api/preferences')).body.location_services, { timeout: UI_TIMEOUT_MS })
      .toBe(true);
    // Only controls that do something: none for push, two-factor sign-in or sharing with partners.
    const settings = (await page.locator('main').textContent()) ?? '';
    for (const absent of [/push/i, /two-factor/i, /coming soon/i, /partners/i, /data sharing/i])
      expect(settings).not.toMatch(absent);
    expect(await page.getByRole('switch').count()).toBe(2);
    await page.getByLabel('Timezone').click();
    await page.getByRole('option', { name: 'Europe/Paris' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await again.get('/api/preferences')).body.timezone, { timeout: UI_TIMEOUT_MS })
      .toBe('Europe/Paris');
    expect(await page.getByRole('link', { name: 'Export Data' }).getAttribute('href')).toBe('/api/account/export');
    await screenshot(page, 'settings-desktop');
    expect(await seriousViolations(page, 'settings')).toEqual([]);
    await page.context().close();
  });

  it('edits the name inline on the profile', async () => {
    const owner = await ownerOn('pro');
    const page = await pageFor(owner, PHONE_390);
    await open(page, '/profile', 'Professional Profile');
    await page.getByRole('button', { name: 'Edit name' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Jane Host');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Jane Host', level: 2 }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect((await owner.get('/api/profile')).body.display_name).toBe('Jane Host');
    await page.getByRole('button', { name: 'Edit company' }).click();
    await page.getByRole('textbox', { name: 'Company' }).fill('Harbor Stays');
    await page.getByRole('button', { name: 'Save company' }).click();
    await page.getByText('Harbor Stays').waitFor({ timeout: UI_TIMEOUT_MS });
    await screenshot(page, 'profile-390px');
    expect(await seriousViolations(page, 'profile')).toEqual([]);
    await page.context().close();
  });

  it('deletes the account after the e-mail and the current password are typed, and lands on /auth', async () => {
    const owner = await ownerOn('pro');
    const page = await pageFor(owner);
    await open(page, '/settings', 'Settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(`Type ${owner.email} to confirm`).fill(owner.email);
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Current password').fill(goodPassword);
    await confirm.click();
    await page.waitForURL(/\/auth/, { timeout: UI_TIMEOUT_MS });
    expect((await owner.get('/api/profile')).status).toBe(401);
    await page.context().close();
  });

  it('signs out everywhere from Settings: this browser and every other session of the account', async () => {
    const owner = await ownerOn('flex');
    const elsewhere = new Browser(harness.api.baseUrl);
    expect((await elsewhere.post('/api/auth/login', { email: owner.email, password: goodPassword })).status).toBe(200);
    const page = await pageFor(owner);
    await open(page, '/settings', 'Settings');
    await page.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await page.waitForURL(/\/auth/, { timeout: UI_TIMEOUT_MS });
    expect((await owner.get('/api/auth/session')).body.user).toBeNull();
    expect((await elsewhere.get('/api/auth/session')).body.user).toBeNull();
    await page.context().close();
  });
});
