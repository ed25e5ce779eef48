import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ConsoleHarness } from './console-harness.ts';
import { UI_TIMEOUT_MS } from './console-harness.ts';
import { hydrated } from './page-checks.ts';

/**
 * The steps of a host's journey through the console, shared by the tests that play them: each one
 * drives the real UI and checks what the host sees on the way.
 */

const visible = (locator: Locator) => locator.waitFor({ timeout: UI_TIMEOUT_MS });

export interface SignUpFields {
  fullName: string;
  email: string;
  password: string;
}

/**
 * Fills the sign-up form on /auth (already toggled to Sign Up), tapping into it first as a person does: on a
 * phone that starts the console (start-when-wanted.ts), whose form then answers as it is typed into.
 */
export async function fillSignUpForm(page: Page, fields: SignUpFields): Promise<void> {
  await page.getByLabel('Full Name').click();
  await hydrated(page, '#auth-form');
  await page.getByLabel('Full Name').fill(fields.fullName);
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel(/^Password/).fill(fields.password);
}

/** On /auth's sign-in form: follows 'New to Turnproof? Sign Up' to the sign-up form. */
export async function openSignUpForm(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await visible(page.getByRole('heading', { name: 'Create your account' }));
}

/** Signs up on /auth and waits for the 'Check your email' screen. */
export async function signUp(page: Page, harness: ConsoleHarness, fields: SignUpFields): Promise<void> {
  await page.goto(harness.url('/auth'));
  await openSignUpForm(page);
  await fillSignUpForm(page, fields);
  await submitSignUp(page);
}

/** Submits the sign-up form and waits for the 'Check your email' screen. */
export async function submitSignUp(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await visible(page.getByRole('heading', { name: 'Check your email' }));
  await visible(page.getByRole('link', { name: 'Back to Sign In' }));
}

/**
 * Opens the confirmation link of the mail the host received: it signs the host in and opens onboarding's
 * welcome, with nothing to type again.
 */
export async function confirmFromMail(page: Page, harness: ConsoleHarness, email: string): Promise<void> {
  await page.goto(await harness.confirmationLink(email));
  await page.waitForURL(harness.url('/onboarding'), { timeout: UI_TIMEOUT_MS });
  await visible(page.getByRole('heading', { name: /^Welcome to Turnproof, / }));
}

/** From the onboarding welcome: Get Started, then keep the sign-up trial; lands on the dashboard. */
export async function onboardWithFreeTrial(page: Page, harness: ConsoleHarness): Promise<void> {
  await page.getByRole('button', { name: 'Get Started' }).click();
  await visible(page.getByText(/Your free trial of Pro runs until .+, with up to 10 reports a month\./));
  await page.getByRole('button', { name: 'Continue with free trial' }).click();
  await visible(page.getByText('Your free trial continues.'));
  await page.waitForURL(harness.url('/dashboard'), { timeout: UI_TIMEOUT_MS });
}

export const DEFAULT_CHECKLISTS = [
  'Airbnb Turnover Cleaning Checklist',
  'Move-In Inspection Checklist',
  'Move-Out Inspection Checklist',
];

/**
 * Adds a property from an empty properties list; checks its default checklists appear and that the
 * list then shows it. Returns the property's id.
 */
export async function addProperty(
  page: Page,
  harness: ConsoleHarness,
  property: { name: string; address: string },
): Promise<string> {
  await page.goto(harness.url('/properties'));
  await visible(page.getByRole('heading', { name: 'No properties yet' }));
  await page.getByRole('link', { name: 'Add Property' }).first().click();
  const create = page.getByRole('button', { name: 'Create Property' });
  await visible(create);
  expect(await create.isDisabled()).toBe(true); // name and address are required
  await page.getByLabel('Property Name').fill(property.name);
  await page.getByLabel('Address').fill(property.address);
  await create.click();

  await page.waitForURL(/\/properties\/[0-9a-f-]+\/checklists$/, { timeout: UI_TIMEOUT_MS });
  const propertyId = page.url().split('/').at(-2) ?? '';
  await visible(page.getByRole('heading', { level: 1, name: property.name, exact: true }));
  for (const name of DEFAULT_CHECKLISTS) await visible(page.getByRole('heading', { level: 2, name }));

  await page.goto(harness.url('/properties'));
  await visible(page.getByRole('heading', { level: 2, name: property.name }));
  await visible(page.getByText('Showing 1 of 1 properties'));
  return propertyId;
}

/**
 * Moves a task in the checklist editor with the keyboard (dnd-kit's sortable): Space, arrows, Space.
 * Each key waits for what a screen reader hears from the editor's live region, so no key is pressed
 * before the sortable has measured and moved (a fixed pause lost keys on a loaded machine).
 */
export async function moveTaskWithKeyboard(
  page: Page,
  title: string,
  direction: 'ArrowUp' | 'ArrowDown',
  steps: number,
): Promise<void> {
  // dnd-kit's live region saying `text` (each sortable list has its own region).
  const announcement = (text: string) => page.locator('[id^="DndLiveRegion"]').filter({ hasText: text }).first();
  const heard = (text: string) => announcement(text).waitFor({ state: 'attached' });
  const positionNow = async () => {
    const said = announcement(`"${title}" is now at`);
    await said.waitFor({ state: 'attached' });
    return Number(/position (\d+)/.exec((await said.textContent()) ?? '')?.[1]);
  };
  await page.getByRole('button', { name: `Move "${title}"` }).focus();
  await page.keyboard.press('Space');
  let position = await positionNow();
  for (let step = 0; step < steps; step += 1) {
    await page.keyboard.press(direction);
    position += direction === 'ArrowUp' ? -1 : 1;
    await heard(`"${title}" is now at position ${position}.`);
  }
  await page.keyboard.press('Space');
  await heard(`Dropped "${title}" at position ${position}.`);
}

/**
 * Creates a move-in checklist on the property in the editor, then adds, edits, reorders and deletes
 * tasks; checks the order on screen and as the API keeps it. Leaves the page on the editor; returns
 * the checklist's id.
 */
export async function buildMoveInChecklist(
  page: Page,
  harness: ConsoleHarness,
  property: { id: string; name: string; address: string },
  checklistName: string,
): Promise<string> {
  await page.goto(harness.url(`/properties/${property.id}/checklists`));
  await page.getByRole('button', { name: 'New Checklist' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Checklist Name').fill(checklistName);
  await dialog.getByRole('combobox', { name: 'Checklist Type' }).click();
  await page.getByRole('option', { name: 'Move-In' }).click();
  await dialog.getByRole('button', { name: 'Create Checklist' }).click();
  await page.waitForURL(/\/checklists\/[0-9a-f-]+\/edit$/, { timeout: UI_TIMEOUT_MS });
  await visible(page.getByRole('heading', { level: 2, name: checklistName, exact: true }));
  await visible(page.getByText(`${property.name} · ${property.address}`));

  const addForm = page.getByRole('form', { name: 'Add task' });
  const addTask = async (title: string, photos: number) => {
    await addForm.getByLabel('Task title').fill(title);
    for (let i = 0; i < photos; i += 1) await addForm.getByRole('button', { name: 'More required photos' }).click();
    await addForm.getByRole('button', { name: 'Add Task' }).click();
    await visible(page.getByRole('heading', { level: 4, name: title }));
  };
  await addTask('Hand over the keys', 0);
  await addTask('Photograph the living room', 1);
  await addTask('Read the electricity meter', 0);
  expect(await addForm.getByRole('button', { name: 'Fewer required photos' }).isDisabled()).toBe(true);

  // Edit: a more precise title.
  await page.getByRole('button', { name: 'Edit "Photograph the living room"' }).click();
  const editForm = page.getByRole('form', { name: 'Edit task 2' });
  await editForm.getByLabel('Task title').fill('Photograph the living room walls');
  await editForm.getByRole('button', { name: 'Save Task' }).click();
  await visible(page.getByRole('heading', { level: 4, name: 'Photograph the living room walls' }));

  // Reorder with the keyboard: the meter reading's handle picked up with Space, moved up one, dropped.
  await moveTaskWithKeyboard(page, 'Read the electricity meter', 'ArrowUp', 1);
  const taskTitles = page.locator('ol > li h4');
  await expect
    .poll(() => taskTitles.allTextContents(), { timeout: UI_TIMEOUT_MS })
    .toEqual(['Hand over the keys', 'Read the electricity meter', 'Photograph the living room walls']);

  // Delete with confirmation.
  await page.getByRole('button', { name: 'Delete "Hand over the keys"' }).click();
  await visible(page.getByText('Are you sure you want to delete this task?'));
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect
    .poll(() => taskTitles.allTextContents(), { timeout: UI_TIMEOUT_MS })
    .toEqual(['Read the electricity meter', 'Photograph the living room walls']);

  // The order is what the API keeps, not only what the page shows (asked with the page's own session).
  const checklistId = page.url().split('/').at(-2) ?? '';
  const stored = await page.request.get(harness.url(`/api/checklists/${checklistId}`));
  expect(stored.status()).toBe(200);
  const tasks: { title: string; required_media: number }[] = (await stored.json()).tasks;
  expect(tasks.map((task) => [task.title, task.required_media])).toEqual([
    ['Read the electricity meter', 0],
    ['Photograph the living room walls', 1],
  ]);
  return checklistId;
}

/**
 * The New Inspection wizard for a move-in with unit and tenant, on the given property and checklist;
 * then Test Link on the share step. Leaves the page on the share step; returns the cleaner's link.
 */
export async function createMoveInRun(
  page: Page,
  harness: ConsoleHarness,
  run: { propertyName: string; checklistName: string; unit: string; tenant: string },
): Promise<string> {
  await page.goto(harness.url('/runs/create?type=move_in'));
  // The type is preselected: the wizard opens on Property Details.
  await visible(page.getByRole('heading', { level: 2, name: 'Property Details' }));
  await page.getByRole('combobox', { name: 'Property' }).click();
  await page.getByRole('option', { name: new RegExp(run.propertyName) }).click();
  await page.getByLabel('Unit').fill(run.unit);
  await page.getByLabel('Tenant name').fill(run.tenant);
  await page.getByRole('button', { name: 'Next' }).click();

  await visible(page.getByRole('heading', { level: 2, name: 'Template Selection' }));
  await page.getByRole('radio', { name: new RegExp(run.checklistName) }).check();
  await page.getByRole('button', { name: 'Create Inspection' }).click();

  await visible(page.getByRole('heading', { level: 2, name: 'Share & Complete' }));
  await visible(page.getByText(/Inspection Created!/).first());
  const link = await page.getByLabel('Link for the cleaner').inputValue();
  expect(link).toMatch(new RegExp(`^${harness.api.baseUrl}/r/[A-Za-z0-9_-]{43}$`));

  await page.getByRole('button', { name: 'Test Link' }).click();
  await visible(page.getByText('The link works: a cleaner can open it.'));
  await visible(page.getByText('Test successful! ✅').first());
  return link;
}

/** The run's card on /runs. */
export const runCard = (page: Page, propertyName: string) => page.getByRole('article', { name: propertyName });

/**
 * Download PDF Report on a completed run's card: waits for the download (the report is built by the
 * worker), checks the bytes are a PDF of a reasonable size and that the card then offers Regenerate,
 * Preview and Download. Returns the bytes.
 */
export async function downloadReport(page: Page, card: Locator): Promise<Buffer> {
  const download = page.waitForEvent('download', { timeout: 90_000 });
  await card.getByRole('button', { name: 'Download PDF Report' }).click();
  const bytes = await readFile((await (await download).path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(10_000);
  expect(bytes.length).toBeLessThan(50 * 1024 * 1024);
  expect(bytes.subarray(-1024).toString('latin1')).toContain('%%EOF');
  for (const action of ['Regenerate', 'Preview', 'Download']) {
    await visible(
      card
        .getByRole('link', { name: action })
        .or(card.getByRole('button', { name: action }))
        .first(),
    );
  }
  return bytes;
}
