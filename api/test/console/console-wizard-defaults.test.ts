import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBillingState } from '../support/billing-state.ts';
import {
  type ConsoleHarness,
  DESKTOP,
  type Owner,
  SCREENSHOT_DIR,
  screenshot,
  startConsoleHarness,
  UI_TIMEOUT_MS,
} from './console-harness.ts';
import { captureScreen } from './screen-capture.ts';

/**
 * The New Inspection wizard's caches and suggestions, and the dashboard's onboarding checklist: the
 * template list is read once per 2 minutes (going back into the wizard does not fetch it again), the
 * unit and tenant last entered per kind are suggested in the next wizard of that kind, and the one
 * onboarding checklist shows on the dashboard, its Professional step opening 'Upgrade Required'.
 */

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsoleHarness();
});
afterAll(() => harness?.close());

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name }).waitFor();

async function ownerWithProperty(name: string): Promise<{ owner: Owner; propertyId: string }> {
  const owner = await harness.owner('flex');
  const property = await owner.post('/api/properties', { name, address: `${name} Lane 1, Austin TX` });
  expect(property.status).toBe(201);
  return { owner, propertyId: property.body.id as string };
}

/** From the share step or the runs list into a fresh wizard, in the app (no page load). */
async function wizardFromRunList(page: Page) {
  await page.getByRole('link', { name: 'New Inspection' }).first().click();
  await heading(page, 'Inspection Type');
}

describe('the New Inspection wizard', () => {
  it('reads the templates once per 2 minutes: going back into the wizard does not fetch them again', async () => {
    const { owner, propertyId } = await ownerWithProperty('Cache Cottage');
    const page = await harness.newPage(DESKTOP, owner);
    const templateReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname === '/api/templates') templateReads.push(url.search);
    });
    await page.clock.install();
    await page.goto(harness.url(`/runs/create?type=turnover&property_id=${propertyId}`));
    await heading(page, 'Property Details');
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, 'Template Selection');
    const firstChoice = page.getByRole('radio').and(page.locator(':not([disabled])')).first();
    await firstChoice.waitFor();
    expect(templateReads).toHaveLength(1);

    // Back and forth inside the wizard.
    await page.getByRole('button', { name: 'Back' }).click();
    await heading(page, 'Property Details');
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, 'Template Selection');
    await firstChoice.check();
    await page.getByRole('button', { name: 'Create Inspection' }).click();
    await heading(page, 'Share & Complete');

    // Out to the runs list and into a new wizard: the property is remembered, the templates are not read.
    await page.getByRole('button', { name: 'View Inspections' }).click();
    await page.waitForURL((url) => url.pathname === '/runs');
    await wizardFromRunList(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, 'Property Details');
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, 'Template Selection');
    await firstChoice.waitFor();
    await screenshot(page, 'wizard-templates-cached');
    expect(templateReads).toHaveLength(1);

    // After 2 minutes the list is read again when the step opens.
    await page.getByRole('button', { name: 'Back' }).click();
    await heading(page, 'Property Details');
    await page.clock.fastForward(2 * 60 * 1000 + 1_000);
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, 'Template Selection');
    await expect.poll(() => templateReads.length).toBe(2);
    await page.context().close();
  });

  it("suggests the unit and tenant last entered for the kind, with a note and 'Clear'", async () => {
    const { owner, propertyId } = await ownerWithProperty('Suggestion Suites');
    const page = await harness.newPage(DESKTOP, owner);
    await page.goto(harness.url(`/runs/create?type=move_in&property_id=${propertyId}`));
    await heading(page, 'Property Details');
    // Nothing entered yet on this browser: nothing suggested.
    expect(await page.getByLabel('Unit').inputValue()).toBe('');
    expect(await page.getByText(/Suggested from your last/).count()).toBe(0);
    await page.getByLabel('Unit').fill('4B');
    await page.getByLabel('Tenant name').fill('Ana Ruiz');
    await page.getByLabel('Tenant email').fill('ana.ruiz@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, 'Template Selection');
    await page.getByRole('radio').and(page.locator(':not([disabled])')).first().check();
    await page.getByRole('button', { name: 'Create Inspection' }).click();
    await heading(page, 'Share & Complete');

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('inspection_smart_defaults') ?? '{}'));
    expect(stored).toMatchObject({
      preferredPropertyId: propertyId,
      suggestedMetadata: { move_in: { unit: '4B', tenant_name: 'Ana Ruiz', tenant_email: 'ana.ruiz@example.com' } },
    });
    expect(stored.suggestedMetadata.move_out).toBeUndefined();

    // A new wizard in the app: Move-In brings the details back, with a note.
    await page.getByRole('button', { name: 'View Inspections' }).click();
    await wizardFromRunList(page);
    await page.getByRole('radio', { name: /Move-In/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, 'Property Details');
    expect(await page.getByLabel('Unit').inputValue()).toBe('4B');
    expect(await page.getByLabel('Tenant name').inputValue()).toBe('Ana Ruiz');
    expect(await page.getByLabel('Tenant email').inputValue()).toBe('ana.ruiz@example.com');
    const note = page.getByRole('alert').filter({ hasText: 'Suggested from your last Move-In inspection' });
    await note.waitFor();
    const violations = await captureScreen(page, 'wizard-suggested-details');
    expect(violations).toEqual([]);

    // Editing a field keeps it and drops the note; the suggestion is per kind: Move-Out starts empty.
    await page.getByLabel('Unit').fill('4C');
    await note.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('radio', { name: /Move-Out/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, 'Property Details');
    expect(await page.getByLabel('Unit').inputValue()).toBe('');
    expect(await page.getByText(/Suggested from your last/).count()).toBe(0);

    // Back to Move-In, suggested again; Clear empties the details.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('radio', { name: /Move-In/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await note.waitFor();
    await note.getByRole('button', { name: 'Clear' }).click();
    await note.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Unit').inputValue()).toBe('');
    expect(await page.getByLabel('Tenant email').inputValue()).toBe('');
    await page.context().close();
  });
});

/** The card alone, on the desktop and at 390 px wide, for a closer look than the full page gives. */
async function cardShots(page: Page, card: Locator, name: string) {
  for (const [label, width] of [
    ['desktop', 1280],
    ['390px', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 860 });
    await page.waitForTimeout(300); // MUI lays out again after a resize
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${label}.png`) });
  }
  await page.setViewportSize(DESKTOP.viewport);
}

describe("the dashboard's onboarding checklist, the same one onboarding shows", () => {
  const checklist = (page: Page) => page.getByRole('region', { name: "Let's Set Up Your Account" });

  it('is the only checklist; below Professional, invite-team opens Upgrade Required', async () => {
    const starter = await harness.owner('flex');
    const page = await harness.newPage(DESKTOP, starter);
    await page.goto(harness.url('/dashboard'));
    const card = checklist(page);
    await card.waitFor();
    expect(await card.textContent()).toContain('1 of 4 completed');
    expect(await page.getByText('Onboarding Checklist').count()).toBe(0);
    expect(await page.getByLabel('Setup progress').count()).toBe(1);
    expect(await card.getByText('Pro', { exact: true }).count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'Upgrade: Invite your team' }).click();
    const modal = page.getByRole('dialog', { name: 'Upgrade Required' });
    await modal.getByText('Upgrade to Pro to unlock advanced features').waitFor();
    await page.waitForTimeout(400); // the dialog's fade-in
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'onboarding-checklist-upgrade-required.png') });
    await modal.getByRole('button', { name: 'Not now' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await captureScreen(page, 'onboarding-checklist-starter')).toEqual([]);
    await cardShots(page, card, 'onboarding-checklist-card-starter');

    // A property (with its default checklists) completes the next two steps; done steps have no button.
    expect((await starter.post('/api/properties', { name: 'Progress Place', address: '2 Step Road' })).status).toBe(
      201,
    );
    await page.reload();
    await card.waitFor();
    expect(await card.textContent()).toContain('3 of 4 completed');
    expect(await card.getByRole('button').count()).toBe(1);
    await page.context().close();
  });

  it("on Professional, Start opens the step's screen; the checklist goes once all four are done", async () => {
    const { owner } = await ownerWithProperty('Pro Pavilion');
    await setBillingState(harness.api, owner.userId, { plan_key: 'pro', plan_status: 'active' });
    const page = await harness.newPage(DESKTOP, owner);
    await page.goto(harness.url('/dashboard'));
    const card = checklist(page);
    await card.waitFor();
    expect(await card.textContent()).toContain('3 of 4 completed');
    expect(await card.getByText('Pro', { exact: true }).count()).toBe(0);
    expect(await captureScreen(page, 'onboarding-checklist-pro')).toEqual([]);
    await cardShots(page, card, 'onboarding-checklist-card-pro');

    await card.getByRole('button', { name: 'Start: Invite your team' }).click();
    await page.waitForURL((url) => url.pathname === '/team');
    await page.goBack();
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.getByRole('region', { name: 'Your Team' }).waitFor();
    await expect.poll(() => card.count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
    const stored = (await owner.get('/api/onboarding')).body as { completed: number; total: number };
    expect(stored).toMatchObject({ completed: 4, total: 4 });
    await page.context().close();
  });
});
