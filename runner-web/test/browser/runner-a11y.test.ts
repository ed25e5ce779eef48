import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { OFFLINE_BANNER, screenshot, useRunnerHarness, UI_TIMEOUT_MS } from './runner-harness.ts';

/**
 * Accessibility of the runner's screens, as axe-core sees them in the phone-sized Chromium: no serious
 * or critical violation (WCAG 2.x A/AA and axe's best practices) on the online view, the offline view,
 * the Run Complete screen and the Invalid Magic Link screen. Moderate and minor findings are logged.
 */

const harness = useRunnerHarness();

/** axe's serious and critical findings on the page as it is, one line per rule with its first targets. */
async function seriousViolations(page: Page, view: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  console.log(
    `axe ${view}: ${results.passes.length} rules passed; violations: ${
      results.violations.map((violation) => `${violation.id} (${violation.impact})`).join(', ') || 'none'
    }`,
  );
  const found = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
  if (found.length > 0) await screenshot(page, `a11y-${view}`);
  return found;
}

/** Two tasks with no photo required, so a run can be completed quickly. */
const PLAIN_TASKS = [
  { title: 'Strip and remake the beds', required_media: 0 },
  { title: 'Lock the back door', required_media: 0 },
];

describe('the runner PWA, checked with axe-core', () => {
  it('has no serious or critical violation online and offline', async () => {
    const { phone, newRun } = harness();
    const run = await newRun(); // its second task needs a photo: the photo task's current card and picker
    const page = await phone.context.newPage();
    try {
      await page.goto(run.magic_link);
      await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('region', { name: 'All Tasks' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await seriousViolations(page, 'online')).toEqual([]);

      await phone.context.setOffline(true);
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await seriousViolations(page, 'offline')).toEqual([]);
    } finally {
      await phone.context.setOffline(false);
      await page.close();
    }
  });

  it('has no serious or critical violation on Run Complete', async () => {
    const { phone, newRun } = harness();
    const run = await newRun(PLAIN_TASKS);
    const page = await phone.context.newPage();
    try {
      await page.goto(run.magic_link);
      await page.getByRole('heading', { level: 1, name: 'Quick Turnover' }).waitFor({ timeout: UI_TIMEOUT_MS });
      const currentTask = page.getByRole('region', { name: /^(Strip|Lock)/ });
      for (const task of PLAIN_TASKS) {
        await currentTask.getByRole('heading', { level: 2, name: task.title }).waitFor({ timeout: UI_TIMEOUT_MS });
        await currentTask.getByRole('button', { name: 'Complete Task' }).click({ timeout: UI_TIMEOUT_MS });
      }
      await page.getByRole('button', { name: 'Mark Run as Complete' }).click({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('heading', { name: 'Run Complete' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page
        .getByRole('status')
        .filter({ hasText: 'Run completed successfully!' })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await seriousViolations(page, 'complete')).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('has no serious or critical violation on Invalid Magic Link', async () => {
    const page = await harness().phone.context.newPage();
    try {
      await page.goto(`${harness().api.baseUrl}/r/not-a-real-token-0000000000`);
      await page.getByRole('heading', { name: 'Invalid Magic Link' }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await seriousViolations(page, 'invalid-link')).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
