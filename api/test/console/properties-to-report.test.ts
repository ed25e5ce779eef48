import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Cleaner, completeThroughMagicLink } from '../runner/cleaner.ts';
import { type ConsoleHarness, DESKTOP, startConsoleHarness } from './console-harness.ts';
import { addProperty, buildMoveInChecklist, createMoveInRun, downloadReport, runCard } from './journey-steps.ts';
import { captureScreen, screenshotFailure } from './screen-capture.ts';

/**
 * A host in the console, from an empty account to a downloaded report: adds a property (its default
 * checklists appear), builds a move-in checklist in the editor (add, reorder, delete tasks), creates a
 * move-in run with unit and tenant in the wizard, tests the link; a cleaner completes the run through
 * the public API; the run shows Completed and its PDF downloads. Each screen is captured on the desktop
 * and at 390 px and checked with axe-core.
 */

let harness: ConsoleHarness;
let page: Page;
const a11y: string[] = [];

const PROPERTY = { name: 'Harbor View Loft', address: '18 Harbor St, Austin TX' };

beforeAll(async () => {
  harness = await startConsoleHarness({ worker: true });
  page = await harness.newPage(DESKTOP, await harness.owner());
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`console error: ${message.text()}`);
  });
});

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await screenshotFailure(page, test.task.name);
});

afterAll(() => harness?.close());

describe('the host console, from a property to a downloaded report', () => {
  let propertyId = '';
  let link = '';

  it('adds a property; its default checklists appear', async () => {
    propertyId = await addProperty(page, harness, PROPERTY);
    a11y.push(...(await captureScreen(page, 'properties')));
  });

  it('builds a move-in checklist in the editor: adds, edits, reorders and deletes tasks', async () => {
    await buildMoveInChecklist(page, harness, { id: propertyId, ...PROPERTY }, 'Quick Move-In');
    a11y.push(...(await captureScreen(page, 'checklist-editor')));
  });

  it('creates a move-in run with unit and tenant in the wizard and tests its link', async () => {
    link = await createMoveInRun(page, harness, {
      propertyName: PROPERTY.name,
      checklistName: 'Quick Move-In',
      unit: '4B',
      tenant: 'Jamie Rivera',
    });
    a11y.push(...(await captureScreen(page, 'wizard-share-step')));
  });

  it('shows the run Completed once a cleaner has finished it, and downloads a valid PDF', async () => {
    const run = await completeThroughMagicLink(Cleaner.fromLink(link));
    expect(run.meta).toMatchObject({ unit: '4B', tenant_name: 'Jamie Rivera' });

    await page.goto(harness.url('/runs'));
    const card = runCard(page, PROPERTY.name);
    await card.getByText(/^Completed$/).waitFor();
    await card.getByText('Unit 4B · Jamie Rivera').waitFor();
    await page.getByText('Showing 1 of 1 inspection runs').waitFor();
    a11y.push(...(await captureScreen(page, 'runs-list')));

    await downloadReport(page, card);
  });

  it('finds no serious or critical accessibility violation on those screens', () => {
    expect(a11y).toEqual([]);
  });
});
