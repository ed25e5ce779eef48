import { PDFParse } from 'pdf-parse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleHarness,
  type Owner,
  PHONE_390,
  screenshot,
  startConsoleHarness,
  UI_TIMEOUT_MS,
} from '../../../api/test/console/console-harness.ts';
import { PHONE } from './chromium.ts';
import { OFFLINE_BANNER, SYNC_TIMEOUT_MS } from './runner-harness.ts';
import { ensureBuilt as ensureRunnerBuilt } from './runner-build.ts';

/** A CSV line's cells (the exports quote every cell; these hold no commas). */
const cells = (line: string) => line.split(',').map((cell) => cell.replace(/^"|"$/g, ''));

/**
 * Supplies at par level in Chromium at 390 px: the cleaner counts the property's supplies with no signal
 * (a count, and Low with one tap), they reach the server once on reconnect, and the host opens the
 * restock list, prints it and downloads its CSV.
 */

let harness: ConsoleHarness;
let owner: Owner;
let magicLink: string;
let runId: string;

beforeAll(async () => {
  ensureRunnerBuilt();
  harness = await startConsoleHarness();
  owner = await harness.owner();
  const property = await owner.post('/api/properties', { name: 'Juniper Flat', address: '8 Juniper St, Denver CO' });
  for (const supply of [
    { name: 'Toilet paper', unit: 'rolls', par_level: 12 },
    { name: 'Coffee pods', unit: 'pods', par_level: 20 },
  ]) {
    expect((await owner.post(`/api/properties/${property.body.id}/supplies`, supply)).status).toBe(201);
  }
  const checklist = await owner.post('/api/checklists', {
    property_id: property.body.id,
    name: 'Flat turnover',
    type: 'turnover',
  });
  await owner.post('/api/tasks', { checklist_id: checklist.body.id, title: 'Strip beds', required_media: 0 });
  const run = await owner.post('/api/runs', { property_id: property.body.id, checklist_id: checklist.body.id });
  expect(run.status).toBe(201);
  magicLink = run.body.magic_link;
  runId = run.body.id;
}, 300_000);

afterAll(() => harness?.close());

const sql = <T>(query: string, params: unknown[]) => harness.api.orm.em.getConnection().execute<T[]>(query, params);
const storedCounts = () =>
  sql<{ name: string; count: number | null; level: string }>(
    `select s.name, c.count, c.level from supply_counts c join supplies s on s.id = c.supply_id
      where c.run_id = ? order by s.name`,
    [runId],
  );

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('supplies at par level in a 390 px Chromium', () => {
  it('the cleaner counts supplies offline and they sync once on reconnect', async () => {
    const page = await harness.newPage({ ...PHONE, viewport: PHONE_390.viewport });
    try {
      await page.goto(magicLink);
      const card = page.getByRole('region', { name: 'Supplies' });
      await card.getByRole('heading', { name: 'Supplies' }).waitFor({ timeout: UI_TIMEOUT_MS });

      await page.context().setOffline(true);
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
      const paper = card.getByRole('listitem').filter({ hasText: 'Toilet paper' });
      await paper.getByLabel('How many Toilet paper?').fill('3');
      await paper.getByRole('button', { name: 'Save' }).click();
      await paper.getByText('Counted: 3 rolls').waitFor({ timeout: UI_TIMEOUT_MS });
      const pods = card.getByRole('listitem').filter({ hasText: 'Coffee pods' });
      await pods.getByRole('button', { name: 'Low' }).click();
      await pods.getByText('Marked low').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByText('Waiting to upload: 2 supply counts.').waitFor({ timeout: UI_TIMEOUT_MS });
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'supplies-1-counted-offline-390px');
      expect(await storedCounts()).toEqual([]);

      await page.context().setOffline(false);
      await expect.poll(storedCounts, { timeout: SYNC_TIMEOUT_MS }).toEqual([
        { name: 'Coffee pods', count: null, level: 'low' },
        { name: 'Toilet paper', count: 3, level: 'counted' },
      ]);
      await expect.poll(() => page.getByText(OFFLINE_BANNER).count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
      await page.getByText('Waiting to upload').waitFor({ state: 'detached', timeout: SYNC_TIMEOUT_MS });
      await screenshot(page, 'supplies-2-synced-390px');
      const actions = await sql<{ kind: string }>(
        `select kind from processed_actions where run_id = ? and kind = 'supply-count'`,
        [runId],
      );
      expect(actions).toHaveLength(2);
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('the host opens the restock list at 390 px, prints it and downloads its CSV', async () => {
    const page: Page = await harness.newPage(PHONE_390, owner);
    try {
      await page.goto(harness.url('/restock'), { waitUntil: 'domcontentloaded' });
      const juniper = page.getByRole('table', { name: 'What Juniper Flat needs' });
      await juniper.waitFor({ timeout: 45_000 });
      const paper = juniper.getByRole('row').filter({ hasText: 'Toilet paper' });
      await paper.getByText('3 rolls', { exact: true }).waitFor();
      await paper.getByText('9 rolls', { exact: true }).waitFor();
      await juniper.getByRole('row').filter({ hasText: 'Coffee pods' }).getByText('Top up to 20').waitFor();
      // The page fits the phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, 'supplies-3-restock-390px');

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download CSV' }).click();
      const csv = await (await download).createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of csv) chunks.push(chunk as Buffer);
      const lines = Buffer.concat(chunks).toString('utf8').trim().split('\r\n');
      expect(cells(lines[0]!).join(',')).toBe('Property,Supply,Unit,Count,Par level,Needed,Counted');
      expect(lines.slice(1).map((line) => cells(line).slice(0, 6).join(','))).toEqual([
        'Juniper Flat,Coffee pods,pods,low,20,',
        'Juniper Flat,Toilet paper,rolls,3,12,9',
      ]);

      // Print: the list alone on paper, without the console's bars and buttons.
      await page.emulateMedia({ media: 'print' });
      await screenshot(page, 'supplies-4-restock-print-view');
      const pdf = await page.pdf({ format: 'A4' });
      const text = await pdfText(pdf);
      for (const expected of ['Restock', 'Juniper Flat', 'Toilet paper', '9 rolls', 'Top up to 20']) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Download CSV');
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('shows the empty state to a host with nothing to restock', async () => {
    const other = await harness.owner();
    const page = await harness.newPage(PHONE_390, other);
    try {
      await page.goto(harness.url('/restock'), { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { name: 'Nothing to restock' }).waitFor({ timeout: 45_000 });
      await screenshot(page, 'supplies-5-restock-empty-390px');
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
