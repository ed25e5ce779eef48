import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, DESKTOP, type Owner, startConsoleHarness, UI_TIMEOUT_MS } from './console-harness.ts';
import { seriousViolations } from '../support/axe.ts';
import { captureScreen, screenshotFailure } from './screen-capture.ts';

/**
 * The Checklists screen (own checklists and templates, the system templates' tab, the create dialog, the
 * delete confirmation), property
 * deletion, and a second host in another browser context who never sees the first host's data.
 */

let harness: ConsoleHarness;
let api: ConsoleHarness['api'];
let alice: Owner;
let bob: Owner;
let page: Page;
const a11y: string[] = [];

beforeAll(async () => {
  harness = await startConsoleHarness();
  api = harness.api;
  [alice, bob] = await Promise.all([harness.owner(), harness.owner()]);
  page = await harness.newPage(DESKTOP, alice);
});

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await screenshotFailure(page, test.task.name);
});

afterAll(() => harness?.close());

const visible = (locator: Locator) => locator.waitFor({ timeout: UI_TIMEOUT_MS });
const hidden = (locator: Locator) => locator.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

describe('the Checklists screen', () => {
  it('shows default templates view-only on their tab, creates a template in the dialog and deletes it after confirmation', async () => {
    await page.goto(`${api.baseUrl}/templates?tab=system`);
    expect(await page.getByRole('tab', { name: 'System templates' }).getAttribute('aria-selected')).toBe('true');
    const firstDefault = page.getByRole('article').filter({ hasText: 'Default' }).first();
    await visible(firstDefault.getByText('System template'));
    await visible(firstDefault.getByText('View only'));

    await page.getByRole('tab', { name: 'My checklists' }).click();
    await page.getByRole('button', { name: 'Create New Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Template' });
    const create = dialog.getByRole('button', { name: 'Create Template' });
    expect(await create.isDisabled()).toBe(true); // no name, no type yet
    await visible(dialog.getByText('Add a name and choose a type to create.'));
    await dialog.getByLabel('Template Name').fill('   ');
    await dialog.getByRole('combobox', { name: 'Template Type' }).click();
    await page.getByRole('option', { name: 'Move-Out' }).click();
    expect(await create.isDisabled()).toBe(true); // a blank name does not count
    await visible(dialog.getByText('Add a name to create.'));
    await dialog.getByLabel('Template Name').fill('Garden Flat Move-Out');
    await hidden(dialog.getByText('Add a name to create.'));
    await create.click();

    // A new template opens in the checklist editor, where its tasks are added.
    await page.waitForURL(/\/checklists\/[0-9a-f-]+\/edit$/, { timeout: UI_TIMEOUT_MS });
    await visible(page.getByRole('heading', { level: 2, name: 'Garden Flat Move-Out' }));
    const addForm = page.getByRole('form', { name: 'Add task' });
    await visible(addForm.getByText('Add a title to add the task.'));
    await addForm.getByLabel('Task title').fill('Check the garden shed');
    await addForm.getByRole('button', { name: 'Add Task' }).click();
    await visible(page.getByRole('heading', { level: 4, name: 'Check the garden shed' }));
    // The form starts over for the next task, and a blank title (after trimming) cannot be added.
    await expect.poll(() => addForm.getByLabel('Task title').inputValue()).toBe('');
    await addForm.getByLabel('Task title').fill('   ');
    expect(await addForm.getByRole('button', { name: 'Add Task' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Back' }).click();

    await page.waitForURL(/\/templates$/, { timeout: UI_TIMEOUT_MS });
    const custom = page
      .getByRole('region', { name: 'Your templates' })
      .getByRole('article', { name: 'Garden Flat Move-Out' });
    await visible(custom.getByText('1 task', { exact: true }));
    a11y.push(...(await captureScreen(page, 'templates')));

    await custom.getByRole('button', { name: 'Delete template Garden Flat Move-Out' }).click();
    await visible(
      page.getByText('This action cannot be undone. All tasks associated with this template will also be deleted.'),
    );
    await page.getByRole('button', { name: 'Delete Template' }).click();
    await visible(page.getByText('Template deleted'));
    await hidden(custom);
  });
});

describe('properties', () => {
  it('edits a property: Save stays disabled without a name, notes are saved', async () => {
    const property = (await alice.post('/api/properties', { name: 'Canal House', address: '5 Canal St' })).body;
    await page.goto(`${api.baseUrl}/properties/${property.id}/edit`);
    const name = page.getByLabel('Property Name');
    await visible(name);
    expect(await name.inputValue()).toBe('Canal House');
    const save = page.getByRole('button', { name: 'Save Changes' });
    await name.fill('   ');
    await visible(page.locator('button[disabled]', { hasText: 'Save Changes' }));
    await name.fill('Canal House North');
    await page.getByLabel('Notes (optional)').fill('Spare key in the lockbox');
    await save.click();
    await visible(page.getByText('Property updated'));
    await page.waitForURL(/\/properties$/, { timeout: UI_TIMEOUT_MS });
    await visible(page.getByRole('article', { name: 'Canal House North' }).getByText('Spare key in the lockbox'));
    expect((await alice.get(`/api/properties/${property.id}`)).body).toMatchObject({
      name: 'Canal House North',
      access_code: null,
      notes: 'Spare key in the lockbox',
    });
  });

  it('deletes a property after the spec confirmation', async () => {
    const property = await alice.post('/api/properties', { name: 'Short Stay Studio', address: '2 Pier Rd' });
    expect(property.status).toBe(201);
    await page.goto(`${api.baseUrl}/properties`);
    const card = page.getByRole('article', { name: 'Short Stay Studio' });
    await card.getByRole('button', { name: 'Delete Short Stay Studio' }).click();
    await visible(page.getByText('Are you sure you want to delete this property? This action cannot be undone.'));
    await page.getByRole('button', { name: 'Delete Property' }).click();
    await visible(page.getByText('Property deleted'));
    await hidden(card);
    expect((await alice.get(`/api/properties/${property.body.id}`)).status).toBe(404);
  });
});

describe('a second host in another browser context', () => {
  it("never sees the first host's properties, checklists, templates or runs", async () => {
    const property = (await alice.post('/api/properties', { name: 'Alice Private Villa', address: '9 Secret Ln' }))
      .body;
    const checklist = (
      await alice.get(`/api/checklists?filter=${encodeURIComponent(JSON.stringify({ property_id: property.id }))}`)
    ).body[0];
    const template = (await alice.post('/api/templates', { name: 'Alice Secret Template', kind: 'turnover' })).body;
    const run = await alice.post('/api/runs', {
      property_id: property.id,
      type: 'turnover',
      checklist_id: checklist.id,
    });
    expect(run.status).toBe(201);

    const bobPage = await harness.newPage(DESKTOP, bob);
    try {
      await bobPage.goto(`${api.baseUrl}/properties/${property.id}/edit`);
      await visible(bobPage.getByText(/^Property not found/));
      await bobPage.waitForURL(/\/properties$/, { timeout: UI_TIMEOUT_MS });
      await visible(bobPage.getByRole('heading', { name: 'No properties yet' }));

      await bobPage.goto(`${api.baseUrl}/properties/${property.id}/checklists/${checklist.id}/edit`);
      await visible(bobPage.getByText(/^Checklist not found/));
      await bobPage.waitForURL(/\/properties$/, { timeout: UI_TIMEOUT_MS });

      await bobPage.goto(`${api.baseUrl}/runs`);
      await visible(bobPage.getByRole('heading', { name: 'No inspection runs yet' }));

      await bobPage.goto(`${api.baseUrl}/templates`);
      await visible(bobPage.getByText('System template').first());
      expect(await bobPage.getByText('Alice Secret Template').count()).toBe(0);

      await bobPage.goto(`${api.baseUrl}/runs/create`);
      await visible(bobPage.getByRole('radio', { name: /Turnover/ }));
      expect(await bobPage.getByRole('radio', { name: /Turnover/ }).isChecked()).toBe(true); // the default type
      a11y.push(...(await seriousViolations(bobPage, 'wizard type step')));
      await bobPage.getByRole('radio', { name: /Move-Out/ }).check();
      await bobPage.getByRole('button', { name: 'Next' }).click();
      await visible(bobPage.getByRole('heading', { name: 'No properties found' }));
      await visible(bobPage.getByRole('link', { name: 'Add Property First' }));
      expect(await bobPage.getByText('Alice Private Villa').count()).toBe(0);
    } finally {
      await bobPage.close();
    }
    expect((await alice.get(`/api/templates/${template.id}`)).status).toBe(200);
  });

  it('finds no serious or critical accessibility violation on the templates screen and the wizard', () => {
    expect(a11y).toEqual([]);
  });
});
