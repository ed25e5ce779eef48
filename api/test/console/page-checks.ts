import { CONSOLE_START_MARK } from '@turnproof/config/page-marks';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A message key left untranslated: polyglot shows the key itself. */
const RAW_KEY = /\b(?:ra|resources|tp)\.[A-Za-z_]+(?:\.[A-Za-z_]+)+/;

/** What a person sees and what a screen reader says: the page's text and its elements' accessible labels. */
export const shownText = (page: Page) =>
  page.evaluate(() => {
    // Runs in the page: the DOM's types are not this file's.
    const dom = globalThis as any;
    const labelled: any[] = [...dom.document.querySelectorAll('[aria-label],[title],[placeholder]')];
    const labels = labelled.map((element) =>
      ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? '').join(' '),
    );
    return `${dom.document.body.innerText}\n${labels.join('\n')}`;
  });

/** Resolves once React has taken the server's element over (its nodes carry React's keys). */
export const hydrated = (page: Page, selector: string, timeout?: number) =>
  page.waitForFunction(
    (selected) => {
      const element = (globalThis as any).document.querySelector(selected);
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    },
    selector,
    { timeout },
  );

/** When a phone's deferred console started (ms from navigation start), or null while it has not. */
export const consoleStartedAt = (page: Page) =>
  page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? null, CONSOLE_START_MARK);

/** Neither a raw message key nor any of `english` (whole phrases) in `text`. */
export function expectTranslated(text: string, english: string[], where: string) {
  expect(text, `a message key on ${where}`).not.toMatch(RAW_KEY);
  for (const phrase of english) expect(text, `English on ${where}`).not.toContain(phrase);
}

/** Console errors and warnings (React names a hydration mismatch there) and uncaught errors of `page`. */
export function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
