import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe-core's serious and critical findings on the page as it is, one line per rule with its first targets. */
export async function seriousViolations(page: Page, view: string): Promise<string[]> {
  let found = await seriousViolationsNow(page, view);
  // An element that began to fade in while axe ran (a snackbar after a save, on a busy machine) is caught
  // mid-transition too: a finding is only one once it is still there when the page has settled.
  if (found.length > 0) {
    await page.waitForTimeout(500);
    found = await seriousViolationsNow(page, `${view} (settled)`);
  }
  return found;
}

async function seriousViolationsNow(page: Page, view: string): Promise<string[]> {
  // A colour caught mid-transition is no colour a person reads: let finite animations finish first.
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined)),
  )`);
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
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
