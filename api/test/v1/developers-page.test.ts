import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConsoleBuilt } from '../console/console-build.ts';
import { SCREENSHOT_DIR } from '../console/console-harness.ts';
import { closeContexts, sharedChromium } from '../support/shared-chromium.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

let api: TestApi;
let browser: Browser;
beforeAll(async () => {
  // The page's icon is the console's.
  ensureConsoleBuilt();
  api = await startTestApi();
  browser = await sharedChromium();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  if (browser) await closeContexts(browser);
  await api?.close();
});

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name)
    ?.slice(1);

describe('GET /developers', () => {
  it('is a page whose only script is the reference renderer, from our own origin, cached for a year', async () => {
    const page = await fetch(`${api.baseUrl}/developers`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources).toEqual([expect.stringMatching(/^\/developers\/scalar-[0-9a-f]{16}\.js$/)]);
    expect(html).toContain('data-url="/api/openapi.json"');

    const policy = page.headers.get('content-security-policy') ?? '';
    expect(directive(policy, 'script-src')?.[0]).toBe("'self'");
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-eval'");
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);

    const bundle = await fetch(`${api.baseUrl}${sources[0]}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
    expect((await fetch(`${api.baseUrl}/developers/scalar-0000000000000000.js`)).status).toBe(404);
  });

  it('shows the /api/v1 operations in Chromium, with nothing blocked and nothing from another origin', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    const otherOrigins: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(api.baseUrl) && !request.url().startsWith('data:'))
        otherOrigins.push(request.url());
    });
    await page.goto(`${api.baseUrl}/developers`);
    await page.getByText('Public API (v1)').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'v1 Runs' }).first().click();
    // Each operation is shown in the section of its tag (and named in the sidebar).
    for (const operation of ['List runs, newest first', 'Create a run with its magic link', 'One run with its tasks']) {
      await page.getByText(operation).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
    }
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'developers-reference.png') });
    expect(problems).toEqual([]);
    expect(otherOrigins).toEqual([]);
    await context.close();
  });
});
