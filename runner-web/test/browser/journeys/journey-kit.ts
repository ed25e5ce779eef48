import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { PHONE } from '../chromium.ts';
import { ensureBuilt as ensureRunnerBuilt } from '../runner-build.ts';
import {
  type ConsoleHarness,
  type Owner,
  PHONE_390,
  SCREENSHOT_DIR,
  startConsoleHarness,
} from '../../../../api/test/console/console-harness.ts';
import { captureScreen, screenshotFailure } from '../../../../api/test/console/screen-capture.ts';

/**
 * What the persona journeys share: the real API with a worker process, SMTP mailbox and Temporal (the
 * console harness), both built front ends, a cleaner's phone at 390 px, and one screenshot per step.
 */

export const SYNC_TIMEOUT_MS = 45_000;

/** The console harness, with the runner built as well (a journey crosses both). */
export async function startJourney(): Promise<ConsoleHarness> {
  ensureRunnerBuilt();
  return startConsoleHarness({ worker: true });
}

/** A page of the console for `owner` (or signed out); page loads may take a minute on a busy machine. */
export async function hostPage(harness: ConsoleHarness, device: BrowserContextOptions, owner?: Owner): Promise<Page> {
  const page = await harness.newPage(device, owner);
  page.setDefaultNavigationTimeout(60_000);
  return page;
}

/** A cleaner's Android phone, 390 px wide, in a browser context of its own (service worker and offline). */
export async function cleanerPhone(harness: ConsoleHarness): Promise<{ context: BrowserContext; page: Page }> {
  const page = await hostPage(harness, { ...PHONE, viewport: PHONE_390.viewport });
  return { context: page.context(), page };
}

/** A full-page screenshot, test-output/screenshots/journey-{name}.png, for people to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `journey-${name}.png`), fullPage: true });
}

/**
 * The screen on the desktop and at 390 px wide, test-output/screenshots/journey-{name}-{size}.png; axe's
 * serious findings are logged (the screens' own tests assert them; a journey asserts the flow).
 */
export async function shotBothSizes(page: Page, name: string): Promise<void> {
  for (const finding of await captureScreen(page, `journey-${name}`)) console.log(`axe: ${finding}`);
}

/**
 * Runs one step of a journey, logging how long it took; a failure names the step and leaves a
 * screenshot of each page in play.
 */
export async function step(name: string, pages: Page[], body: () => Promise<void>): Promise<void> {
  const started = Date.now();
  try {
    await body();
  } catch (error) {
    for (const [index, page] of pages.entries()) await screenshotFailure(page, `journey ${name} ${index}`);
    throw new Error(`step "${name}" failed: ${(error as Error).message}`, { cause: error });
  }
  console.log(`journey step "${name}": ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
