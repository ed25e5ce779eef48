import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { propertyIn, workedRun } from '../support/worked-runs.ts';
import { type ConsoleHarness, PHONE_390, screenshot, startConsoleHarness, UI_TIMEOUT_MS } from './console-harness.ts';

/** Issue 27 point 4 in real Chromium at 390 px: hours per cleaner, the CSV, a pay statement sent and pay rates. */
let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsoleHarness();
});
afterAll(() => harness?.close());

const SPANISH = { locale: 'es-ES', extraHTTPHeaders: { 'Accept-Language': 'es-ES,es;q=0.9' } };
const noSideScroll = (page: Page) =>
  page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number);

async function fillPeriod(page: Page, from: string, to: string, labels = ['From', 'To']) {
  await page.getByLabel(labels[0]!, { exact: true }).fill(from);
  await page.getByLabel(labels[1]!, { exact: true }).fill(to);
}

describe('the Timesheets screen', () => {
  it('totals hours per cleaner, offers the CSV, and makes and sends a pay statement, at 390 px', async () => {
    const owner = await harness.owner('flex');
    await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
    const ana = (await owner.post('/api/team', { role: 'Cleaner', name: 'Ana Lima', email: 'ana-ts@example.test' }))
      .body;
    const dune = await propertyIn(harness.api, owner.userId, 'Dune House');
    await workedRun(
      harness.api,
      dune,
      ana.id,
      { started: '2026-11-03T15:00:00Z', ended: '2026-11-03T17:00:00Z', workSeconds: null, lateMinutes: 20 },
      [['2026-11-03T15:30:00Z', '2026-11-03T16:00:00Z']],
    );
    await workedRun(harness.api, dune, ana.id, {
      started: '2026-11-05T14:00:00Z',
      ended: '2026-11-05T16:00:00Z',
      workSeconds: 2 * 3600,
    });
    await owner.put(`/api/team/${ana.id}/pay-rates`, { per_run_cents: 2000, per_hour_cents: 1500, overrides: [] });

    const page = await harness.newPage(PHONE_390, owner);
    await page.goto(harness.url('/timesheets'));
    await page.getByText('Hours of your cleaners’ completed runs').waitFor({ timeout: UI_TIMEOUT_MS });
    await fillPeriod(page, '2026-10-01', '2026-10-31');
    await page.getByRole('heading', { name: 'No completed runs in this period' }).waitFor({ timeout: UI_TIMEOUT_MS });
    await screenshot(page, 'timesheets-empty-390px');

    await fillPeriod(page, '2026-11-01', '2026-11-30');
    const card = page.getByRole('region', { name: 'Ana Lima' });
    await card.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await card.textContent()).toContain('2 runs · 3.5 h · 20 min late checkout');
    const csv = page.getByRole('link', { name: 'Download CSV' });
    expect(await csv.getAttribute('href')).toBe('/api/timesheets.csv?from=2026-11-01&to=2026-11-30');
    expect(await noSideScroll(page)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page, 'timesheets')).toEqual([]);
    await screenshot(page, 'timesheets-totals-390px');

    await card.getByRole('button', { name: 'Pay statement' }).click();
    // 2 × $20 per run + 3.5 h × $15 = $92.50
    await card.getByText('2 runs, $92.50').waitFor({ timeout: UI_TIMEOUT_MS });
    const pdf = card.getByRole('link', { name: 'PDF' });
    expect(await pdf.getAttribute('href')).toMatch(/^\/api\/pay-statements\/[0-9a-f-]{36}\/pdf$/);
    await card.getByRole('button', { name: 'Mark sent' }).click();
    await page
      .getByText('Sent to Ana Lima by e-mail; the statement no longer changes.')
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await card.getByText('Sent', { exact: true }).waitFor();
    await screenshot(page, 'timesheets-statement-sent-390px');
    const mail = await harness.api.mailbox.latest('ana-ts@example.test', /Your pay statement from/);
    expect(mail.text).toContain('2 runs, $92.50 in total');
    await page.context().close();
  });

  it('edits pay rates on the team member’s page, with a property override', async () => {
    const owner = await harness.owner('flex');
    await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
    const bea = (await owner.post('/api/team', { role: 'Cleaner', name: 'Bea Cruz', email: 'bea-ts@example.test' }))
      .body;
    const harbor = await propertyIn(harness.api, owner.userId, 'Harbor Loft');
    const page = await harness.newPage(PHONE_390, owner);
    await page.goto(harness.url(`/team/${bea.id}`));
    const rates = page.getByRole('region', { name: 'Pay rates' });
    await rates.getByLabel('Per run', { exact: true }).fill('25');
    await rates.getByLabel('Per hour', { exact: true }).fill('18.50');
    await rates.getByRole('button', { name: 'Add a property rate' }).click();
    await rates.getByRole('combobox', { name: 'Property' }).click();
    await page.getByRole('option', { name: 'Harbor Loft' }).click();
    await rates.getByLabel('Per run (Harbor Loft)').fill('40');
    await rates.getByRole('button', { name: 'Save rates' }).click();
    await page.getByText('Pay rates saved').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await noSideScroll(page)).toBeLessThanOrEqual(390);
    await screenshot(page, 'team-pay-rates-390px');
    expect((await owner.get(`/api/team/${bea.id}/pay-rates`)).body).toEqual({
      per_run_cents: 2500,
      per_hour_cents: 1850,
      overrides: [{ property_id: harbor, property_name: 'Harbor Loft', per_run_cents: 4000, per_hour_cents: 0 }],
    });
    await page.context().close();
  });

  it('speaks Spanish', async () => {
    const owner = await harness.owner('flex');
    await ownerRecords(harness.api).grantPlan(owner.userId, 'pro');
    const page = await harness.newPage({ ...PHONE_390, ...SPANISH }, owner);
    await page.goto(harness.url('/timesheets'));
    await fillPeriod(page, '2026-10-01', '2026-10-31', ['Desde', 'Hasta']);
    await page
      .getByRole('heading', { name: 'Ningún servicio completado en este periodo' })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('link', { name: 'Descargar CSV' }).waitFor();
    await screenshot(page, 'timesheets-empty-es-390px');
    await page.context().close();
  });
});
