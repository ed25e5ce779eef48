import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, DESKTOP, PHONE_390, startConsoleHarness } from './console/console-harness.ts';
import { seedChecklist, seedRun } from './support/seed-checklist.ts';

/**
 * The spec sends each page load's web vitals (LCP, CLS, INP, FCP, TTFB) to analytics: both front ends
 * post them to /api/vitals, and the API counts them by the spec's good/poor thresholds in its metrics.
 */

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsoleHarness();
});
afterAll(() => harness?.close());

const post = (body: unknown) =>
  fetch(`${harness.api.baseUrl}/api/vitals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: harness.api.baseUrl },
    body: JSON.stringify(body),
  });

/** The count of the metrics' web-vitals series with these labels. */
async function vitalsCount(app: string, metric: string, rating?: string): Promise<number> {
  const text = await harness.api.metrics.registry.metrics();
  const lines = text
    .split('\n')
    .filter((line) => line.startsWith(`turnproof_web_vitals_total{app="${app}",metric="${metric}"`))
    .filter((line) => !rating || line.includes(`rating="${rating}"`));
  return lines.reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/**
 * LCP is final at the person's first input: a key press here (it changes nothing on screen), once the
 * page has painted a largest content (an input before that leaves no LCP to report).
 */
async function firstInput(page: Page) {
  await page.evaluate(`new Promise((resolve) =>
    new PerformanceObserver(() => resolve()).observe({ type: 'largest-contentful-paint', buffered: true }))`);
  await page.keyboard.press('Shift');
}

/** CLS is final when the page is hidden, as when the person switches apps; played by the page's own event. */
async function hide(page: Page) {
  await page.evaluate(`
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));`);
}

describe('POST /api/vitals', () => {
  it('rates each value by the spec’s thresholds', async () => {
    const cases = [
      ['LCP', 2500, 'good'],
      ['LCP', 2501, 'needs-improvement'],
      ['LCP', 4001, 'poor'],
      ['CLS', 0.05, 'good'],
      ['CLS', 0.3, 'poor'],
      ['INP', 350, 'needs-improvement'],
      ['FCP', 1800, 'good'],
      ['TTFB', 1801, 'poor'],
    ] as const;
    for (const [name, value, rating] of cases) {
      const before = await vitalsCount('runner', name, rating);
      const answer = await post({ app: 'runner', name, value });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ rating });
      expect(await vitalsCount('runner', name, rating)).toBe(before + 1);
    }
  });

  it('refuses what it does not know, naming it', async () => {
    for (const [body, field] of [
      [{ app: 'console', name: 'FID', value: 10 }, 'name'],
      [{ app: 'admin', name: 'LCP', value: 10 }, 'app'],
      [{ app: 'console', name: 'LCP', value: -1 }, 'value'],
      [{ app: 'console', name: 'LCP' }, 'value'],
    ] as const) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toContain(field);
    }
  });
});

describe('the front ends', () => {
  it('report the console’s page load from Chromium', async () => {
    const host = await harness.owner('flex');
    const page = await harness.newPage(DESKTOP, host);
    const before = await vitalsCount('console', 'LCP');
    await page.goto(harness.url('/dashboard'));
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    // The reporter loads after the first paint; a busy machine may take seconds.
    await expect.poll(() => vitalsCount('console', 'TTFB'), { timeout: 20_000 }).toBeGreaterThan(0);
    await firstInput(page);
    await expect.poll(() => vitalsCount('console', 'LCP')).toBe(before + 1);
    expect(await vitalsCount('console', 'FCP')).toBeGreaterThan(0);
    await hide(page);
    await expect.poll(() => vitalsCount('console', 'CLS')).toBeGreaterThan(0);
    await page.context().close();
  });

  it('report the runner’s page load from a phone', async () => {
    const host = await harness.owner('flex');
    const checklist = await seedChecklist(harness.api.orm, host, {
      property: { name: 'Vitals Cottage', address: '1 Fast Lane' },
      checklistName: 'Turnover',
      tasks: 3,
      requiredMedia: 0,
    });
    const run = await seedRun(host, checklist);
    const page = await harness.newPage(PHONE_390);
    const [lcpBefore, fcpBefore] = [await vitalsCount('runner', 'LCP'), await vitalsCount('runner', 'FCP')];
    await page.goto(run.magic_link);
    await page.getByText('Room check 1').first().waitFor();
    // The reporter loads after hydration: wait for its first report before leaving.
    await expect.poll(() => vitalsCount('runner', 'FCP')).toBe(fcpBefore + 1);
    await firstInput(page);
    await expect.poll(() => vitalsCount('runner', 'LCP')).toBe(lcpBefore + 1);
    await page.context().close();
  });
});
