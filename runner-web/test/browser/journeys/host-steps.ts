import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type ConsoleHarness, UI_TIMEOUT_MS } from '../../../../api/test/console/console-harness.ts';
import {
  addProperty,
  buildMoveInChecklist,
  confirmFromMail as confirmFromMailSignedIn,
  onboardWithFreeTrial,
  runCard,
  signUp,
  type SignUpFields,
} from '../../../../api/test/console/journey-steps.ts';

/**
 * The host's steps in the console, each driving the screen and checking what the host sees; shared
 * by the journeys. Steps the product is about to change are marked CHANGING: a change there should
 * need only that helper updated.
 */

const visible = (locator: Locator) => locator.waitFor({ timeout: UI_TIMEOUT_MS });

/** The dashboard's open-issues tile and the number it shows. */
export async function openIssuesTile(page: Page, harness: ConsoleHarness) {
  // Not the page's load event: on a busy machine the console's lazy chunks can keep it waiting.
  await page.goto(harness.url('/dashboard'), { waitUntil: 'domcontentloaded' });
  const tile = page.getByRole('region', { name: 'Open issues' });
  await tile.waitFor({ timeout: 45_000 });
  const count = Number(await tile.locator('[data-open-issues]').getAttribute('data-open-issues'));
  return { tile, count };
}

/** The issue's row on the run page (the run's one Issues card). */
export const issueRow = (page: Page, description: string) =>
  page.getByRole('listitem', { name: `Issue: ${description}` });

/**
 * On the run page an issue link landed on: the issue is the focused row, still Open, with its
 * photos loaded. Answers the row.
 */
export async function expectLinkedIssue(page: Page, description: string, photos: number): Promise<Locator> {
  await page.waitForURL(/\/runs\/[0-9a-f-]+\/show#issue-[0-9a-f-]+$/, { timeout: UI_TIMEOUT_MS });
  const row = issueRow(page, description);
  await visible(row.getByText('Open', { exact: true }));
  await expect
    .poll(() => row.evaluate((element) => element === document.activeElement), { timeout: UI_TIMEOUT_MS })
    .toBe(true);
  for (let n = 1; n <= photos; n += 1) {
    const photo = row.getByRole('img', { name: `Issue “${description}”: photo ${n} of ${photos}` });
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: UI_TIMEOUT_MS,
      })
      .toBeGreaterThan(0);
  }
  return row;
}

/** Resolve, with what was done: the row then says Resolved with the note. */
export async function resolveIssue(page: Page, description: string, note: string): Promise<void> {
  const row = issueRow(page, description);
  await row.getByRole('button', { name: 'Resolve' }).click();
  const dialog = page.getByRole('dialog', { name: `Resolve: ${description}` });
  const confirm = dialog.getByRole('button', { name: 'Mark resolved' });
  expect(await confirm.isDisabled()).toBe(true); // the note is required
  await dialog.getByLabel('What was done?').fill(note);
  await confirm.click();
  await visible(page.getByText('Issue resolved'));
  await visible(row.getByText('Resolved', { exact: true }));
  await visible(row.getByText(new RegExp(`: ${note.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)));
  expect(await row.getByRole('button', { name: 'Resolve' }).count()).toBe(0);
}

/** Signs up on /auth with the form and waits for 'Check your email'. */
export const signUpAtAuth = (page: Page, harness: ConsoleHarness, host: SignUpFields) => signUp(page, harness, host);

/** The mail's link confirms the address and signs the host in, straight into onboarding. */
export async function confirmFromMail(page: Page, harness: ConsoleHarness, host: SignUpFields): Promise<void> {
  expect(await harness.confirmationLink(host.email)).toMatch(new RegExp(`^${harness.api.baseUrl}/`));
  await confirmFromMailSignedIn(page, harness, host.email);
  await visible(page.getByRole('heading', { name: `Welcome to Turnproof, ${host.fullName}!` }));
}

/** Onboarding on the sign-up trial, to the dashboard. */
export const finishOnboarding = (page: Page, harness: ConsoleHarness) => onboardWithFreeTrial(page, harness);

/** Adds the first property (its default checklists appear); answers its id. */
export const addFirstProperty = addProperty;

/** A move-in checklist built in the editor (tasks added, edited, reordered, deleted); answers its id. */
export const buildChecklist = buildMoveInChecklist;

/** Invites a cleaner from /team/create: the invitation goes out and the team lists them. */
export async function inviteCleaner(page: Page, harness: ConsoleHarness, cleaner: { name: string; email: string }) {
  await page.goto(harness.url('/team/create'));
  await page.getByLabel('Email').fill(cleaner.email);
  await page.getByLabel('Name (optional)').fill(cleaner.name);
  await page.getByRole('button', { name: 'Save' }).click();
  await visible(page.getByText(`Invitation sent to ${cleaner.email}`));
  await visible(page.getByText(cleaner.name).first());
}

/**
 * The New Inspection wizard for a move-in: property, unit and tenant, the due time (in the property's
 * zone) and the cleaner, which it says start the reminders and the mail; then the checklist. Leaves
 * the page on the share step; answers the cleaner's link.
 */
export async function createRunWithDueAndCleaner(
  page: Page,
  harness: ConsoleHarness,
  run: { propertyName: string; checklistName: string; unit: string; tenant: string; dueLocal: string; cleaner: string },
): Promise<string> {
  await page.goto(harness.url('/runs/create?type=move_in'));
  await visible(page.getByRole('heading', { level: 2, name: 'Property Details' }));
  await visible(page.getByText('No due time: no reminder will go out and nothing escalates if the run is late.'));
  await page.getByRole('combobox', { name: 'Property' }).click();
  await page.getByRole('option', { name: new RegExp(run.propertyName) }).click();
  await page.getByLabel('Unit').fill(run.unit);
  await page.getByLabel('Tenant name').fill(run.tenant);
  await page.getByLabel(/^Due \(/).fill(run.dueLocal);
  await page.getByRole('combobox', { name: 'Assigned to' }).click();
  await page.getByRole('option', { name: run.cleaner }).click();
  await visible(
    page.getByText(new RegExp(`^Due .+\\. ${run.cleaner} gets the link by e-mail when you create the run\\.`)),
  );
  await visible(page.getByText(/Reminders go out before the due time/));
  await page.getByRole('button', { name: 'Next' }).click();

  await visible(page.getByRole('heading', { level: 2, name: 'Template Selection' }));
  await page.getByRole('radio', { name: new RegExp(run.checklistName) }).check();
  await page.getByRole('button', { name: 'Create Inspection' }).click();
  await visible(page.getByRole('heading', { level: 2, name: 'Share & Complete' }));
  const link = await page.getByLabel('Link for the cleaner').inputValue();
  expect(link).toMatch(new RegExp(`^${harness.api.baseUrl}/r/[A-Za-z0-9_-]{43}$`));
  return link;
}

/**
 * CHANGING (review with the photos, per-task send-back): today the run's card on /runs has Review,
 * a dialog with Approve / Send tasks back, a note and an optional score; Approve closes it with 'Run approved'.
 */
export async function reviewAndApprove(page: Page, harness: ConsoleHarness, propertyName: string): Promise<void> {
  await page.goto(harness.url('/runs'));
  const card = runCard(page, propertyName);
  await visible(card.getByText(/^Completed$/));
  await card.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog', { name: `Review ${propertyName}` });
  await visible(dialog);
  expect(await dialog.getByRole('button', { name: 'Approve', pressed: true }).count()).toBe(1);
  await dialog.getByLabel('Note (optional)').fill('Spotless, thank you.');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).last().click();
  await visible(page.getByText('Run approved'));
  await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
}

/** The run's card says Approved; the card opens the run's page, with nothing left to edit. */
export async function expectApproved(page: Page, harness: ConsoleHarness, propertyName: string) {
  await page.goto(harness.url('/runs'));
  const card = runCard(page, propertyName);
  await visible(card.getByText('Approved', { exact: true }));
  await card.getByRole('link', { name: propertyName }).click();
  await page.waitForURL(/\/runs\/[0-9a-f-]+\/show$/, { timeout: UI_TIMEOUT_MS });
  await visible(page.getByRole('heading', { level: 1, name: propertyName, exact: true }));
  await visible(page.getByText(/^Due .+ · Assigned to /));
  expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
  expect(await page.getByLabel(/^Due \(/).count()).toBe(0);
}
