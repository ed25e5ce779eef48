import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { fetchUtils } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, DESKTOP, type Owner, startConsoleHarness, UI_TIMEOUT_MS } from './console-harness.ts';
import { screenshotFailure } from './screen-capture.ts';

/**
 * The API speaks react-admin's simple REST protocol as react-admin uses it out of the box: a stock
 * `<ListGuesser>` per resource (console/test/stock-list, default sort id ASC, no filter) lists without
 * an error, and the real ra-data-simple-rest provider's getMany (`filter={"id":[...]}`) answers exactly
 * the records asked for on every resource.
 */

const RESOURCES = ['properties', 'runs', 'templates', 'checklists'] as const;
const repoRoot = path.resolve(import.meta.dirname, '../../..');

let harness: ConsoleHarness;
let owner: Owner;
let page: Page;
let harnessDir: string;

beforeAll(async () => {
  harnessDir = await mkdtemp(path.join(tmpdir(), 'turnproof-stock-list-'));
  await build({
    configFile: false,
    root: path.join(repoRoot, 'console/test/stock-list'),
    base: '/stock-list/',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: harnessDir, emptyOutDir: true },
  });
  harness = await startConsoleHarness();
  owner = await harness.owner();
  const property = (await owner.post('/api/properties', { name: 'Stock Cabin', address: '1 List Rd' })).body;
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = await owner.post('/api/runs', { property_id: property.id, type: 'turnover', template_id: template.id });
  expect(run.status).toBe(201);

  page = await harness.newPage(DESKTOP, owner);
  // The harness is served from the API's origin, so its requests carry the session cookie.
  await page.route(`${harness.api.baseUrl}/stock-list/**`, async (route) => {
    const file = new URL(route.request().url()).pathname.replace(/^\/stock-list\//, '') || 'index.html';
    const body = await readFile(path.join(harnessDir, file));
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
    await route.fulfill({ body, contentType: type });
  });
}, 180_000);

afterAll(async () => {
  await harness?.close();
  if (harnessDir) await rm(harnessDir, { recursive: true, force: true });
});

describe('a stock react-admin List over the API', () => {
  it.each(RESOURCES)('lists %s with the default sort and no error', async (resource) => {
    const answers: { url: string; status: number }[] = [];
    const listen = (response: { url(): string; status(): number }) => {
      if (response.url().includes(`/api/${resource}`)) answers.push({ url: response.url(), status: response.status() });
    };
    page.on('response', listen);
    try {
      await page.goto(`${harness.api.baseUrl}/stock-list/index.html#/${resource}`);
      await page.locator('table tbody tr').first().waitFor({ timeout: UI_TIMEOUT_MS });
      // The list's own request (a guessed reference field of another list may getMany this resource too).
      const listRequest = answers.find((answer) => answer.url.includes('range='));
      expect(listRequest?.url).toContain(`sort=${encodeURIComponent('["id","ASC"]')}`);
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      expect(await page.getByRole('alert').count()).toBe(0);
    } catch (error) {
      await screenshotFailure(page, `stock-list-${resource}`);
      throw error;
    } finally {
      page.off('response', listen);
    }
  });

  it.each(RESOURCES)('gets many %s by id, exactly those asked for', async (resource) => {
    const dataProvider = simpleRestProvider(`${harness.api.baseUrl}/api`, (url, options: fetchUtils.Options = {}) =>
      fetchUtils.fetchJson(url, {
        ...options,
        headers: new Headers({ Accept: 'application/json', Cookie: owner.cookie }),
      }),
    );
    const { data: all } = await dataProvider.getList(resource, {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    const ids = all.map((record) => record.id as string);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual([...ids].sort().reverse());
    const wanted = ids.slice(0, 2);
    const { data: many } = await dataProvider.getMany(resource, { ids: wanted });
    expect(many.map((record) => record.id).sort()).toEqual([...wanted].sort());
  });
});

describe('list filters', () => {
  it.each(RESOURCES)('refuses a filter key %s does not know, naming it', async (resource) => {
    const answer = await owner.get(`/api/${resource}?filter=${encodeURIComponent('{"colour":"blue"}')}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^filter has no key "colour"; it takes: id/);
  });
});
