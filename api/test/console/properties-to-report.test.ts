import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cameraPhoto, Cleaner } from '../runner/cleaner.ts';
import { type ConsoleHarness, DESKTOP, type Owner, startConsoleHarness, UI_TIMEOUT_MS } from './console-harness.ts';
import { captureScreen, screenshotFailure } from './screen-capture.ts';

/**
 * A host in the console, from an empty account to a downloaded report: adds a property (its default
 * checklists appear), builds a move-in checklist in the editor (add, reorder, delete tasks), creates a
 * move-in run with unit and tenant in the wizard, tests the link; a cleaner completes the run through
 * the public API; the run shows Completed and its PDF downloads. Each screen is captured on the desktop
 * and at 390 px and checked with axe-core.
 */

let harness: ConsoleHarness;
let api: ConsoleHarness['api'];
let owner: Owner;
let page: Page;
const a11y: string[] = [];

const PROPERTY = { name: 'Harbor View Loft', address: '18 Harbor St, Austin TX' };

beforeAll(async () => {
  harness = await startConsoleHarness({ worker: true });
  api = harness.api;
  owner = await harness.owner();
  page = await harness.newPage(DESKTOP, owner);
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`console error: ${message.text()}`);
  });
});

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await screenshotFailure(page, test.task.name);
});

afterAll(() => harness?.close());

const visible = (locator: Locator) => locator.waitFor({ timeout: UI_TIMEOUT_MS });
const go = (path: string) => page.goto(`${api.baseUrl}${path}`);
const toast = (text: string | RegExp) => visible(page.getByText(text).first());

describe('the host console, from a property to a downloaded report', () => {
  let propertyId = '';
  let link = '';

  it('adds a property; its default checklists appear', async () => {
    await go('/properties');
    await visible(page.getByRole('heading', { name: 'No properties yet' }));
    await page.getByRole('link', { name: 'Add Property' }).first().click();
    const create = page.getByRole('button', { name: 'Create Property' });
    await visible(create);
    expect(await create.isDisabled()).toBe(true); // name and address are required
    await page.getByLabel('Property Name').fill(PROPERTY.name);
    await page.getByLabel('Address').fill(PROPERTY.address);
    await create.click();

    await page.waitForURL(/\/properties\/[0-9a-f-]+\/checklists$/, { timeout: UI_TIMEOUT_MS });
    propertyId = page.url().split('/').at(-2) ?? '';
    await visible(page.getByRole('heading', { level: 1, name: PROPERTY.name, exact: true }));
    for (const name of [
      'Airbnb Turnover Cleaning Checklist',
      'Move-In Inspection Checklist',
      'Move-Out Inspection Checklist',
    ]) {
      await visible(page.getByRole('heading', { level: 2, name }));
    }

    await go('/properties');
    await visible(page.getByRole('heading', { level: 2, name: PROPERTY.name }));
    await visible(page.getByText('Showing 1 of 1 properties'));
    a11y.push(...(await captureScreen(page, 'properties')));
  });

  it('builds a move-in checklist in the editor: adds, edits, reorders and deletes tasks', async () => {
    await go(`/properties/${propertyId}/checklists`);
    await page.getByRole('button', { name: 'New Checklist' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Checklist Name').fill('Quick Move-In');
    await dialog.getByRole('combobox', { name: 'Checklist Type' }).click();
    await page.getByRole('option', { name: 'Move-In' }).click();
    await dialog.getByRole('button', { name: 'Create Checklist' }).click();
    await page.waitForURL(/\/checklists\/[0-9a-f-]+\/edit$/, { timeout: UI_TIMEOUT_MS });
    await visible(page.getByRole('heading', { level: 2, name: 'Quick Move-In', exact: true }));
    await visible(page.getByText(`${PROPERTY.name} · ${PROPERTY.address}`));

    const addForm = page.getByRole('form', { name: 'Add task' });
    const addTask = async (title: string, photos: number) => {
      await addForm.getByLabel('Task title').fill(title);
      for (let i = 0; i < photos; i += 1) await addForm.getByRole('button', { name: 'More required photos' }).click();
      await addForm.getByRole('button', { name: 'Add Task' }).click();
      await visible(page.getByRole('heading', { level: 3, name: title }));
    };
    await addTask('Hand over the keys', 0);
    await addTask('Photograph the living room', 1);
    await addTask('Read the electricity meter', 0);
    expect(await addForm.getByRole('button', { name: 'Fewer required photos' }).isDisabled()).toBe(true);

    // Edit: the living room needs a second angle... then back to one photo.
    await page.getByRole('button', { name: 'Edit "Photograph the living room"' }).click();
    const editForm = page.getByRole('form', { name: 'Edit task 2' });
    await editForm.getByLabel('Task title').fill('Photograph the living room walls');
    await editForm.getByRole('button', { name: 'Save Task' }).click();
    await visible(page.getByRole('heading', { level: 3, name: 'Photograph the living room walls' }));

    // Reorder: the meter reading moves up, swapping with its neighbour.
    await page.getByRole('button', { name: 'Move "Read the electricity meter" up' }).click();
    const taskTitles = page.locator('ol > li h3');
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

    // The order is what the API keeps, not only what the page shows.
    const checklistId = page.url().split('/').at(-2) ?? '';
    const stored = await owner.get(`/api/checklists/${checklistId}`);
    expect(
      stored.body.tasks.map((task: { title: string; required_media: number }) => [task.title, task.required_media]),
    ).toEqual([
      ['Read the electricity meter', 0],
      ['Photograph the living room walls', 1],
    ]);
    a11y.push(...(await captureScreen(page, 'checklist-editor')));
  });

  it('creates a move-in run with unit and tenant in the wizard and tests its link', async () => {
    await go('/runs/create?type=move_in');
    // The type is preselected: the wizard opens on Property Details.
    await visible(page.getByRole('heading', { level: 2, name: 'Property Details' }));
    await page.getByRole('combobox', { name: 'Property' }).click();
    await page.getByRole('option', { name: new RegExp(PROPERTY.name) }).click();
    await page.getByLabel('Unit').fill('4B');
    await page.getByLabel('Tenant name').fill('Jamie Rivera');
    await page.getByRole('button', { name: 'Next' }).click();

    await visible(page.getByRole('heading', { level: 2, name: 'Template Selection' }));
    await page.getByRole('radio', { name: /Quick Move-In/ }).check();
    await page.getByRole('button', { name: 'Create Inspection' }).click();

    await visible(page.getByRole('heading', { level: 2, name: 'Share & Complete' }));
    await toast(/Inspection Created!/);
    link = await page.getByLabel('Link for the cleaner').inputValue();
    expect(link).toMatch(new RegExp(`^${api.baseUrl}/r/[A-Za-z0-9_-]{43}$`));

    await page.getByRole('button', { name: 'Test Link' }).click();
    await visible(page.getByText('The link works: a cleaner can open it.'));
    await toast('Test successful! ✅');
    a11y.push(...(await captureScreen(page, 'wizard-share-step')));
  });

  it('shows the run Completed once a cleaner has finished it, and downloads a valid PDF', async () => {
    const cleaner = Cleaner.fromLink(link);
    const opened = await cleaner.openRun();
    expect(opened.status).toBe(200);
    expect(opened.body.run.meta).toMatchObject({ unit: '4B', tenant_name: 'Jamie Rivera' });
    for (const task of opened.body.run.tasks as { id: string; task: { required_media: number } }[]) {
      for (let i = 0; i < task.task.required_media; i += 1) {
        const upload = await cleaner.uploadPhoto(task.id, await cameraPhoto(`${task.id}-${i}`));
        expect(upload.confirmed?.status).toBe(200);
      }
      expect((await cleaner.tick(task.id)).status).toBe(200);
    }
    const completed = await cleaner.complete();
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);

    await go('/runs');
    const card = page.getByRole('article', { name: PROPERTY.name });
    await visible(card.getByText(/^Completed$/));
    await visible(card.getByText('Unit 4B · Jamie Rivera'));
    await visible(page.getByText('Showing 1 of 1 inspection runs'));
    a11y.push(...(await captureScreen(page, 'runs-list')));

    const download = page.waitForEvent('download', { timeout: 90_000 });
    await card.getByRole('button', { name: 'Download PDF Report' }).click();
    const file = await (await download).path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(10_000);
    for (const action of ['Regenerate', 'Preview', 'Download']) {
      await visible(
        card
          .getByRole('link', { name: action })
          .or(card.getByRole('button', { name: action }))
          .first(),
      );
    }
  });

  it('finds no serious or critical accessibility violation on those screens', () => {
    expect(a11y).toEqual([]);
  });
});
