import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Cleaner } from '../runner/cleaner.ts';
import { type ConsoleHarness, DESKTOP, type Owner, startConsoleHarness, UI_TIMEOUT_MS } from './console-harness.ts';
import { screenshotFailure } from './screen-capture.ts';

/** A run's card: the Magic Link dialog (test, QR code, rotate, revoke) and the run menu (Open Run, Delete Run). */

let harness: ConsoleHarness;
let api: ConsoleHarness['api'];
let owner: Owner;
let page: Page;

beforeAll(async () => {
  harness = await startConsoleHarness();
  api = harness.api;
  owner = await harness.owner();
  page = await harness.newPage(DESKTOP, owner);
});

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await screenshotFailure(page, test.task.name);
});

afterAll(() => harness?.close());

const visible = (locator: Locator) => locator.waitFor({ timeout: UI_TIMEOUT_MS });

async function newRun(propertyName: string) {
  const property = (await owner.post('/api/properties', { name: propertyName, address: '1 Dock Rd' })).body;
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = await owner.post('/api/runs', { property_id: property.id, type: 'turnover', template_id: template.id });
  expect(run.status).toBe(201);
  return run.body as { id: string; magic_link: string; tasks: { id: string }[] };
}

const headStatus = async (link: string) =>
  (await fetch(`${api.baseUrl}/api/test-run/${link.split('/').pop()}`, { method: 'HEAD' })).status;

describe("a run's magic link in the inspections list", () => {
  it('tests, shows the QR code, rotates and revokes the link', async () => {
    const run = await newRun('Dockside Cottage');
    await page.goto(`${api.baseUrl}/runs`);
    const card = page.getByRole('article', { name: 'Dockside Cottage' });
    await card.getByRole('button', { name: 'Magic Link' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Link for the cleaner').inputValue()).toBe(run.magic_link);
    await visible(dialog.getByText('Not tested yet.'));
    await dialog.getByRole('button', { name: 'Test Link' }).click();
    await visible(dialog.getByText('The link works: a cleaner can open it.'));

    await dialog.getByRole('button', { name: 'QR Code' }).click();
    const qr = page.getByRole('img', { name: /QR code for/ });
    await visible(qr);
    expect([await qr.getAttribute('width'), await qr.getAttribute('height')]).toEqual(['300', '300']);
    expect(await page.getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(/^data:image\/png;base64,/);
    await page.getByRole('button', { name: 'Close' }).last().click();

    // Revoked behind the dialog's back: the test says the link no longer opens.
    expect((await owner.delete(`/api/runs/${run.id}/link`)).status).toBe(200);
    await dialog.getByRole('button', { name: 'Test Link' }).click();
    await visible(dialog.getByText('The link does not open. This link has been revoked or has expired.'));

    // Rotate: a new link; the old one stops opening the run.
    await dialog.getByRole('button', { name: 'Rotate Link' }).click();
    await page.getByRole('button', { name: 'Make New Link' }).click();
    await expect
      .poll(() => dialog.getByLabel('Link for the cleaner').inputValue(), { timeout: UI_TIMEOUT_MS })
      .not.toBe(run.magic_link);
    const rotated = await dialog.getByLabel('Link for the cleaner').inputValue();
    expect(await headStatus(run.magic_link)).toBe(404);
    expect(await headStatus(rotated)).toBe(200);

    // Revoke: the link answers 410 and the dialog says so.
    await dialog.getByRole('button', { name: 'Revoke Link' }).click();
    await page.getByRole('button', { name: 'Revoke Link' }).last().click();
    await visible(dialog.getByText(/This link has been revoked/));
    expect(await headStatus(rotated)).toBe(410);
  });
});

describe('the run menu', () => {
  it('offers Open Run only while the run is in progress, and deletes a run after its warning', async () => {
    const run = await newRun('Marina Suite');
    await page.goto(`${api.baseUrl}/runs`);
    const card = page.getByRole('article', { name: 'Marina Suite' });
    const menu = card.getByRole('button', { name: /More actions/ });
    await menu.click();
    await visible(page.getByRole('menuitem', { name: 'Delete Run' }));
    expect(await page.getByRole('menuitem', { name: 'Open Run' }).count()).toBe(0); // pending
    await page.keyboard.press('Escape');

    // The cleaner starts: the run is in progress and Open Run opens /run/{token}.
    const cleaner = Cleaner.fromLink(run.magic_link);
    const firstTask = (await cleaner.openRun()).body.run.tasks[0];
    expect((await cleaner.tick(firstTask.id)).status).toBe(200);
    await page.reload();
    await visible(card.getByText(/^In progress$/));
    await menu.click();
    const open = page.getByRole('menuitem', { name: 'Open Run' });
    expect(await open.getAttribute('href')).toBe(`${api.baseUrl}/run/${cleaner.token}`);
    expect(await open.getAttribute('target')).toBe('_blank');

    await page.getByRole('menuitem', { name: 'Delete Run' }).click();
    await visible(page.getByText(/All associated tasks and media \(photos and videos\) are deleted too/));
    await page.getByRole('button', { name: 'Delete Run' }).click();
    await visible(page.getByText('Run deleted successfully'));
    await card.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    await visible(page.getByText('Showing 1 of 1 inspection runs'));
    expect((await owner.get(`/api/runs/${run.id}`)).status).toBe(404);
  });
});

describe('menus and dialogs (React portals)', () => {
  it("open from a run card (react-admin's Confirm among them) and close when the owner clicks away", async () => {
    // The first test's run (a Flex owner has three properties at most).
    await page.goto(`${api.baseUrl}/runs`);
    const card = page.getByRole('article', { name: 'Dockside Cottage' });
    const clickAway = () => page.mouse.click(8, 600);

    await card.getByRole('button', { name: /More actions/ }).click();
    const deleteItem = page.getByRole('menuitem', { name: 'Delete Run' });
    await visible(deleteItem);
    await clickAway();
    await deleteItem.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

    await card.getByRole('button', { name: 'Magic Link' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog);
    await clickAway();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

    // react-admin's own <Confirm> (Delete Run) closes on a click away too, and deletes nothing.
    await card.getByRole('button', { name: /More actions/ }).click();
    await deleteItem.click();
    const confirm = page.getByRole('dialog');
    await visible(confirm.getByText(/All associated tasks and media/));
    await clickAway();
    await confirm.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    await visible(card);

    // The page is usable again: the same menu opens once more.
    await card.getByRole('button', { name: /More actions/ }).click();
    await visible(deleteItem);
    await page.keyboard.press('Escape');
    await deleteItem.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
  });
});

describe('the inspections list filters', () => {
  it('searches, filters by status, shows the no-match state and clears all filters', async () => {
    await newRun('Lighthouse Keeper Cabin');
    await page.goto(`${api.baseUrl}/runs`);
    const cabin = page.getByRole('article', { name: 'Lighthouse Keeper Cabin' });
    await visible(cabin);

    await page.getByLabel('Search').fill('Lighthouse');
    await visible(page.getByText('Showing 1 of 1 inspection runs'));

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await visible(page.getByRole('heading', { name: 'No inspection runs found' }));

    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await visible(cabin);
    expect(await page.getByLabel('Search').inputValue()).toBe('');
  });
});
