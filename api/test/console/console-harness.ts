import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@turnproof/activities';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { TestApi } from '../support/test-api.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const SCREENSHOT_DIR = path.join(repoRoot, 'test-output/screenshots');
export const UI_TIMEOUT_MS = 20_000;

export const DESKTOP = { width: 1280, height: 800 } as const;
/** The spec's narrow screen: a 390 px wide phone. */
export const PHONE = { width: 390, height: 844 } as const;

/** The API serves console/dist; build it when it is missing (`npm test` builds it before vitest). */
export function ensureConsoleBuilt(): void {
  if (existsSync(path.join(repoRoot, 'console/dist/index.html'))) return;
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@turnproof/console'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`console build failed:\n${build.stdout}\n${build.stderr}`);
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** A desktop browser context signed in with the owner's session cookie. */
export async function signedInContext(browser: Browser, api: TestApi, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: api.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return context;
}

/** axe's serious and critical findings, one line per rule with its first targets (others are logged). */
export async function seriousViolations(page: Page, view: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  console.log(
    `axe ${view}: ${results.passes.length} rules passed; violations: ${
      results.violations.map((violation) => `${violation.id} (${violation.impact})`).join(', ') || 'none'
    }`,
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${view}: ${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/**
 * Screenshots of the screen as it is, on the desktop and at 390 px wide, each checked with axe; the
 * viewport is restored afterwards. Returns the serious or critical violations found on either.
 */
export async function captureScreen(page: Page, name: string): Promise<string[]> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const found: string[] = [];
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['390px', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300); // MUI re-lays out on resize
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${label}.png`), fullPage: true });
    found.push(...(await seriousViolations(page, `${name} ${label}`)));
  }
  await page.setViewportSize(DESKTOP);
  return found;
}

/** The page as it was when a test failed, for the person reading the failure. */
export async function screenshotFailure(page: Page, testName: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `failed-${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  console.log(`failure screenshot: ${file} (at ${page.url()})`);
}
