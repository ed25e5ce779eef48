import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConsoleBuilt } from '../console/console-build.ts';
import { SCREENSHOT_DIR } from '../console/console-harness.ts';
import { closeContexts, sharedChromium } from '../support/shared-chromium.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * The public header's Online/Offline badge with what this browser's runner has not sent yet, and the
 * landing page's 'See sample report' as a dialog (the PDF stays a link, and is the page without JavaScript).
 */

let api: TestApi;
let browser: Browser;
beforeAll(async () => {
  ensureConsoleBuilt();
  api = await startTestApi();
  browser = await sharedChromium();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  if (browser) await closeContexts(browser);
  await api?.close();
});

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DEVICES = [
  [DESKTOP, 'desktop'],
  [PHONE, '390'],
] as const;

async function open(pathname: string, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await page.goto(`${api.baseUrl}${pathname}`);
  return page;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `site-${name}.png`), fullPage: false });

/**
 * The runner's offline store as the runner makes it (runner-web/src/offline/offline-db.ts, version 1), with
 * two actions and a photo not yet sent and one action already synced. Page source as text: the test's
 * Node types have no IndexedDB.
 */
const seedRunnerQueue = `new Promise((resolve, reject) => {
  const opening = indexedDB.open('turnproofOffline', 1);
  opening.onupgradeneeded = () => {
    const db = opening.result;
    db.createObjectStore('runCache', { keyPath: 'token' });
    db.createObjectStore('actions', { keyPath: 'id', autoIncrement: true }).createIndex('token', 'token');
    db.createObjectStore('media', { keyPath: 'id', autoIncrement: true }).createIndex('token', 'token');
  };
  opening.onerror = () => reject(opening.error);
  opening.onsuccess = () => {
    const db = opening.result;
    const tx = db.transaction(['actions', 'media'], 'readwrite');
    tx.objectStore('actions').add({ token: 't', synced: false });
    tx.objectStore('actions').add({ token: 't', synced: false });
    tx.objectStore('actions').add({ token: 't', synced: true });
    tx.objectStore('media').add({ token: 't', synced: false });
    tx.oncomplete = () => { db.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  };
})`;

describe('the public header’s connection badge', () => {
  it('says Online or Offline, with the runner’s queued count, and creates no runner database', async () => {
    for (const [device, label] of DEVICES) {
      const page = await open('/', device);
      const badge = page.getByRole('banner').getByRole('status');
      await expect.poll(() => badge.textContent()).toBe('Online');
      // Reading the count left no empty database behind for the runner to trip over.
      expect(await page.evaluate('indexedDB.databases().then((all) => all.map((db) => db.name))')).toEqual([]);

      await page.context().setOffline(true);
      await expect.poll(() => badge.textContent()).toBe('Offline');
      await page.evaluate(seedRunnerQueue);
      // Refreshed every 10 s (and on each change of connection).
      await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe('Offline · 3 queued');
      await shot(page, `header-badge-offline-${label}`);
      await page.context().setOffline(false);
      await expect.poll(() => badge.textContent()).toBe('Online · 3 queued');
      await shot(page, `header-badge-${label}`);
      await page.context().close();
    }
  });

  it('is not shown without JavaScript (it could not update)', async () => {
    const page = await open('/', { ...DESKTOP, javaScriptEnabled: false });
    expect(await page.getByRole('banner').getByRole('status').count()).toBe(0);
    await page.context().close();
  });
});

describe('See sample report', () => {
  it('opens the sample report in a dialog, with the PDF a link away, and closes', async () => {
    for (const [device, label] of DEVICES) {
      const page = await open('/', device);
      await page.getByRole('link', { name: 'See sample report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sample report' });
      await dialog.waitFor();
      const report = page.frameLocator('iframe[title="Sample inspection report"]');
      await report.getByText('Sample: Ocean Drive Loft').first().waitFor({ timeout: 60_000 });
      expect(await dialog.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
        '/api/site/sample-report.pdf',
      );
      // No second tab: the visitor stays on the landing page.
      expect(page.context().pages()).toHaveLength(1);
      await shot(page, `sample-report-dialog-${label}`);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.context().close();
    }
  });

  it('serves the report HTML framed by this origin only, sandboxed', async () => {
    const response = await fetch(`${api.baseUrl}/api/site/sample-report.html`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
    expect(await response.text()).toContain('Sample: Ocean Drive Loft');
  });

  it('is the PDF link without JavaScript', async () => {
    const page = await open('/', { ...DESKTOP, javaScriptEnabled: false });
    expect(await page.getByRole('link', { name: 'See sample report' }).getAttribute('href')).toBe(
      '/api/site/sample-report.pdf',
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });
});
