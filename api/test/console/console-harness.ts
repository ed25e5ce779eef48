import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { setBillingState } from '../support/billing-state.ts';
import { goodPassword, signedInOwner } from '../support/browser.ts';
import { linkIn } from '../support/mailbox.ts';
import { closeContexts, sharedChromium } from '../support/shared-chromium.ts';
import { startTestApi, type TestApiOptions } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';
import { ensureConsoleBuilt } from './console-build.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const SCREENSHOT_DIR = path.join(repoRoot, 'test-output/screenshots');
export const UI_TIMEOUT_MS = 20_000;

export const DESKTOP = { viewport: { width: 1280, height: 860 } };
export const PHONE_390 = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

export type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/**
 * What the console's browser tests share: the built console served by the real test API (optionally
 * with a worker process, for runs that complete), and the vitest worker's shared headless Chromium.
 */
export async function startConsoleHarness(options: { worker?: boolean; api?: TestApiOptions } = {}) {
  ensureConsoleBuilt();
  const api = await startTestApi(options.api);
  // The API loads the console's server bundle on the first page it renders, seconds on a busy machine:
  // here, rather than within a test's first navigation.
  await (await fetch(`${api.baseUrl}/auth`)).text();
  const worker: WorkerProcess | undefined = options.worker ? await startWorkerProcess(api) : undefined;
  const browser = await sharedChromium();
  const url = (pathname: string) => `${api.baseUrl}${pathname}`;

  /** A fresh browser context (its own cookies and storage), optionally signed in as `owner`. */
  async function newPage(device: BrowserContextOptions = DESKTOP, owner?: Owner): Promise<Page> {
    const context = await browser.newContext(device);
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    if (owner) {
      const [name, value] = owner.cookie.split('=');
      await context.addCookies([{ name: name!, value: value!, url: api.baseUrl }]);
    }
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
    return page;
  }

  /**
   * An owner signed up and confirmed through the API: on Flex (picked in onboarding), still on the
   * sign-up trial with onboarding to do, or with neither plan nor trial.
   */
  async function owner(state: 'flex' | 'trial' | 'no-plan' = 'flex'): Promise<Owner> {
    const signedIn = await signedInOwner(api);
    if (state === 'flex') await signedIn.post('/api/onboarding/plan', { plan_key: 'flex' });
    if (state === 'no-plan') await setBillingState(api, signedIn.userId, { trial_ends_at: null });
    return signedIn;
  }

  /** The confirmation link of the newest sign-up mail to `email`. */
  const confirmationLink = async (email: string) => linkIn(await api.mailbox.latest(email, /Confirm/));

  return {
    api,
    worker,
    url,
    newPage,
    owner,
    confirmationLink,
    password: goodPassword,
    async close() {
      await closeContexts(browser);
      await worker?.stop();
      await api.close();
    },
  };
}

export type ConsoleHarness = Awaited<ReturnType<typeof startConsoleHarness>>;

/** A full-page screenshot in test-output/screenshots/ (gitignored), for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`screenshot: ${file}`);
  return file;
}

/** The value shown on a dashboard stat card. */
export const statValue = (page: Page, label: string) =>
  page.locator(`[data-stat="${label}"] .stat-value`).textContent();
