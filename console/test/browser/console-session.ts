import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@turnproof/activities';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { setBillingState } from '../../../api/test/support/billing-state.ts';
import { signedInOwner } from '../../../api/test/support/browser.ts';
import { ownerRecords } from '../../../api/test/support/owner-records.ts';
import { startTestApi, type TestApi } from '../../../api/test/support/test-api.ts';

/**
 * What the console's browser tests share: the console built from the current sources and served by
 * the real test API, headless Chromium, and signed-in owners with a plan whose session cookie a
 * browser context carries.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const SCREENSHOT_DIR = join(repoRoot, 'test-output/screenshots');
export const UI_TIMEOUT_MS = 20_000;
export const DESKTOP = { viewport: { width: 1280, height: 900 } };
export const PHONE_390 = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** The API serves console/dist: build it from the sources under test. */
function buildConsole(): void {
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@turnproof/console'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`console build failed:\n${build.stdout}\n${build.stderr}`);
}

export type Owner = Awaited<ReturnType<typeof signedInOwner>>;

export interface ConsoleSession {
  api: TestApi;
  browser: Browser;
  records: ReturnType<typeof ownerRecords>;
  /** A signed-in owner past onboarding, on `plan` (pro unless told), without the sign-up trial. */
  newOwner(plan?: 'pro' | 'starter'): Promise<Owner>;
  /** A browser context (desktop unless told) carrying the owner's session cookie. */
  contextFor(owner: Owner, options?: typeof DESKTOP | typeof PHONE_390): Promise<BrowserContext>;
  close(): Promise<void>;
}

export async function startConsoleSession(): Promise<ConsoleSession> {
  buildConsole();
  const api = await startTestApi();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const records = ownerRecords(api);
  return {
    api,
    browser,
    records,
    async newOwner(plan = 'pro') {
      const owner = await signedInOwner(api);
      // The plan given, without the sign-up trial's professional access on top of it.
      await setBillingState(api, owner.userId, { trial_ends_at: null });
      await records.grantPlan(owner.userId, plan);
      await api.orm.em
        .getConnection()
        .execute('update profiles set onboarding_completed = true, onboarding_completed_at = now() where user_id = ?', [
          owner.userId,
        ]);
      return owner;
    },
    async contextFor(owner, options = DESKTOP) {
      const context = await browser.newContext(options);
      const [name, value] = owner.cookie.split('=');
      await context.addCookies([{ name: name ?? '', value: value ?? '', url: api.baseUrl }]);
      return context;
    },
    async close() {
      await browser.close();
      await api.close();
    },
  };
}

/** A full-page screenshot under test-output/screenshots (gitignored); its path is logged. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot: ${path}`);
  return path;
}

/**
 * axe's serious and critical findings in the screen's content (the layout's `#main-content`, dialogs
 * included), one line per rule with its first targets. The sidebar and tab bar belong to the layout's tests.
 */
export async function seriousViolations(page: Page, view: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('#main-content').include('[role="dialog"]').analyze();
  console.log(
    `axe ${view}: ${results.passes.length} rules passed; violations: ${
      results.violations.map((violation) => `${violation.id} (${violation.impact})`).join(', ') || 'none'
    }`,
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
