import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sharedPhone, type Phone } from './chromium.ts';
import { ensureBuilt, RUNNER_DIST } from './runner-build.ts';
import { screenshot, screenshotOnFailure, UI_TIMEOUT_MS } from './runner-harness.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

/**
 * A new version of the runner is deployed while a cleaner has it open: the service worker installs it
 * and waits, the page says 'A new version is available', and Reload switches to the new version. The
 * built app is copied to a folder served under /r/ (its worker at /sw.js) that the test changes as a
 * deploy would.
 */

const VERSION_MARK = '<meta name="turnproof-build" content="v2" />';

let phone: Phone;
let site: StaticServer;
let root: string;

// Each try of the test (vitest retries a failed one) gets a fresh copy of the app and a fresh browser: a
// try that failed after its deploy must not leave the next one starting on the new version.
beforeEach(async () => {
  ensureBuilt();
  root = await mkdtemp(join(tmpdir(), 'turnproof-runner-update-'));
  await cp(RUNNER_DIST, join(root, 'r'), { recursive: true });
  // The API serves dist/sw.js at /sw.js.
  await cp(join(RUNNER_DIST, 'sw.js'), join(root, 'sw.js'));
  site = await serveStatic(root);
  phone = await sharedPhone();
});

afterEach(async () => {
  await phone?.close();
  await site?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** A deploy that changes index.html: the new file, and the service worker's precache revision of it. */
async function deployNewVersion(): Promise<void> {
  const indexFile = join(root, 'r/index.html');
  const html = await readFile(indexFile, 'utf8');
  await writeFile(indexFile, html.replace('</head>', `  ${VERSION_MARK}\n  </head>`));
  const swFile = join(root, 'sw.js');
  const sw = await readFile(swFile, 'utf8');
  const bumped = sw.replace(/("revision":")[0-9a-f]+(","url":"\/r\/index\.html")/, '$1v2deployed$2');
  expect(bumped).not.toBe(sw);
  await writeFile(swFile, bumped);
}

/** The revisions of /r/index.html in the service worker's precache (its cache keys carry them). */
async function precachedIndexRevisions(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const revisions: string[] = [];
    // This page's registration (/r/) keeps its precache in a cache named after its scope.
    for (const name of (await caches.keys()).filter((key) => key.endsWith(`${location.origin}/r/`))) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        if (url.pathname === '/r/index.html') revisions.push(url.searchParams.get('__WB_REVISION__') ?? '');
      }
    }
    return revisions;
  });
}

describe('the runner’s update prompt', () => {
  it('appears when a new version is deployed, and Reload opens the new version', async () => {
    const page = await phone.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await screenshotOnFailure(page, 'update-failed', async () => {
      // No token in the path: the Invalid Magic Link screen, which is enough of the app here.
      await page.goto(`${site.origin}/r/`);
      await page.getByRole('heading', { name: 'Invalid Magic Link' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: UI_TIMEOUT_MS });
      expect(await page.locator('meta[name="turnproof-build"]').count()).toBe(0);

      await deployNewVersion();
      // Browsers look for a new service worker on navigations and now and then; here, at once.
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
      await prompt.waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'update-prompt');

      await Promise.all([
        page.waitForEvent('load', { timeout: UI_TIMEOUT_MS }),
        prompt.getByRole('button', { name: 'Reload' }).click(),
      ]);
      await page.locator('meta[name="turnproof-build"]').waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
      await page.getByRole('heading', { name: 'Invalid Magic Link' }).waitFor({ timeout: UI_TIMEOUT_MS });
      // The meta tag alone would come from any reload (pages are network-first): the new worker must have
      // taken over, with nothing left waiting and the old version's precached index.html gone.
      await page.waitForFunction(
        async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return (
            registration?.waiting === null &&
            registration.installing === null &&
            registration.active?.state === 'activated' &&
            navigator.serviceWorker.controller?.scriptURL === registration.active.scriptURL
          );
        },
        null,
        { timeout: UI_TIMEOUT_MS },
      );
      expect(await precachedIndexRevisions(page)).toEqual(['v2deployed']);
      expect(await page.getByText('A new version is available').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });
});
