import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.ts';
import { SCREENSHOT_DIR } from './console-harness.ts';

const SIZES = [
  ['desktop', { width: 1280, height: 860 }],
  ['390px', { width: 390, height: 844 }],
] as const;

/**
 * Screenshots of the screen as it is, on the desktop and at 390 px wide, each checked with axe-core;
 * the viewport is restored afterwards. Returns the serious or critical violations found on either.
 */
export async function captureScreen(page: Page, name: string): Promise<string[]> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const initial = page.viewportSize();
  const found: string[] = [];
  for (const [label, size] of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300); // MUI lays out again after a resize
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${label}.png`), fullPage: true });
    found.push(...(await seriousViolations(page, `${name} ${label}`)).map((line) => `${name} ${label}: ${line}`));
  }
  if (initial) await page.setViewportSize(initial);
  return found;
}

/** The page as it was when a test failed, for the person reading the failure. */
export async function screenshotFailure(page: Page, testName: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `failed-${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  console.log(`failure screenshot: ${file} (at ${page.url()})`);
}
