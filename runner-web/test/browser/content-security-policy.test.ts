import { Writable } from 'node:stream';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureConsoleBuilt } from '../../../api/test/console/console-build.ts';
import {
  addCameraPhoto,
  openControlledRun,
  screenshot,
  useRunnerHarness,
  TASKS,
  UI_TIMEOUT_MS,
} from './runner-harness.ts';

/**
 * Both front ends in Chromium under the Content-Security-Policy the API sends (inline scripts allowed
 * by hash only): the console's dashboard and settings, and a cleaner's whole run through the magic
 * link, with every CSP violation the browser reports collected. The API's request log of that run is
 * captured too: no magic link or signed upload or media token may appear in it.
 */

const logLines: string[] = [];

beforeAll(() => {
  ensureConsoleBuilt();
});
const harness = useRunnerHarness({
  logStream: new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  }),
});

/** Every violation Chromium reports, through the DOM event and the console message it also writes. */
async function watchViolations(context: BrowserContext): Promise<(page: Page) => Promise<string[]>> {
  const messages: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = ((window as unknown as { __violations?: string[] }).__violations ??= []);
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  return async (page) => [
    ...messages,
    ...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])),
  ];
}

/** Whether a script that an XSS would add to the page runs: under the policy it must not. */
function injectedScriptRuns(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.head.append(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
}

describe('the Content-Security-Policy in a real browser', () => {
  it("lets a cleaner do a whole run with photos without one violation, and the log keeps none of the run's tokens", async () => {
    const { phone, newRun } = harness();
    const violations = await watchViolations(phone.context);
    const run = await newRun();
    const page = await phone.context.newPage();
    try {
      // The service worker installs (precaching the app) under its own script's policy, too.
      await openControlledRun(page, run.magic_link);
      const currentTask = page.getByRole('region', { name: /^(Strip|Photograph|Lock)/ });
      for (const [index, task] of TASKS.entries()) {
        await currentTask.getByRole('heading', { level: 2, name: task.title }).waitFor({ timeout: UI_TIMEOUT_MS });
        if (task.required_media > 0) await addCameraPhoto(currentTask, 'Add photos or video', `csp-${index}`);
        await currentTask.getByRole('button', { name: 'Complete Task' }).click({ timeout: UI_TIMEOUT_MS });
      }
      await page.getByRole('button', { name: 'Mark Run as Complete' }).click({ timeout: UI_TIMEOUT_MS });
      await page
        .getByRole('status')
        .filter({ hasText: 'Run completed successfully!' })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'csp-runner-complete');
      expect(await violations(page)).toEqual([]);
      expect(await injectedScriptRuns(page)).toBe(false);
    } finally {
      await page.close();
    }

    const token = new URL(run.magic_link).pathname.split('/').pop()!;
    const [photo] = await harness().sql<{ path: string }>('select path from media where run_id = ?', [run.id]);
    const log = logLines.join('');
    expect(log).toContain('"path":"/r/:secret"');
    expect(log).toContain('"path":"/api/public/upload/:secret"');
    expect(log).not.toContain(token);
    expect(log).not.toContain(photo!.path);
  });

  it('runs the public site and the console (dashboard, settings) without one violation', async () => {
    const context = await harness().phone.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const violations = await watchViolations(context);
    const [name, value] = harness().owner.cookie.split('=');
    await context.addCookies([{ name: name!, value: value!, url: harness().api.baseUrl }]);
    const page = await context.newPage();
    try {
      await page.goto(harness().api.baseUrl);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForLoadState('networkidle');
      await page.goto(`${harness().api.baseUrl}/dashboard`);
      await page
        .getByRole('heading', { name: /Dashboard|Welcome/ })
        .first()
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await page.goto(`${harness().api.baseUrl}/settings`);
      await page.getByRole('button', { name: 'Sign Out Everywhere' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await screenshot(page, 'csp-console-settings');
      expect(await violations(page)).toEqual([]);
      expect(await injectedScriptRuns(page)).toBe(false);
    } finally {
      await context.close();
    }
  });
});
