import type { CDPSession, Page } from 'playwright-core';

/**
 * Web vitals of one page load as the page itself sees them (for the runner-web bench): LCP, layout
 * shifts, long tasks, the moment the first task showed, and the scripts fetched before it.
 */

interface PagePerf {
  lcp: number;
  lcpElement: string;
  cls: number;
  longTasks: { start: number; duration: number }[];
  firstTask: number | null;
}

declare global {
  interface Window {
    __benchPerf: PagePerf;
  }
}

/**
 * Runs in the page before its own scripts: observers for LCP, layout shifts and long tasks, and the ready
 * element's arrival. Plain JavaScript source: a compiled function could carry helpers of the Node side's
 * transpiler (tsx adds `__name(...)` calls) that do not exist in the page.
 */
const recordPerformance = (readyElementId: string) => `(() => {
  const perf = { lcp: 0, lcpElement: '', cls: 0, longTasks: [], firstTask: null };
  window.__benchPerf = perf;
  const observe = (type, onEntry) =>
    new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
  observe('largest-contentful-paint', (entry) => {
    perf.lcp = entry.startTime;
    const element = entry.element;
    perf.lcpElement = element ? element.tagName.toLowerCase() + (element.id ? '#' + element.id : element.className ? '.' + String(element.className).split(' ')[0] : '') : '';
  });
  observe('layout-shift', (entry) => { if (!entry.hadRecentInput) perf.cls += entry.value; });
  observe('longtask', (entry) => perf.longTasks.push({ start: entry.startTime, duration: entry.duration }));
  const watcher = new MutationObserver(() => {
    if (perf.firstTask !== null || !document.getElementById(${JSON.stringify(readyElementId)})) return;
    perf.firstTask = performance.now();
    watcher.disconnect();
  });
  watcher.observe(document, { childList: true, subtree: true });
})();`;

export interface LoadFigures {
  /** ms from navigation start */
  firstTaskMs: number;
  lcpMs: number;
  /** The largest contentful paint's element, as tag#id or tag.class. */
  lcpElement: string;
  cls: number;
  /** Sum of long tasks' excess over 50 ms, until the first task shows or load, whichever is later. */
  tbtMs: number;
  /** URLs of the JavaScript files fetched before the first task showed. */
  initialScripts: string[];
  /**
   * Time to interactive: the latest of the first task showing, the app's `turnproof-interactive` mark
   * (the runner sets it once React has hydrated the server's HTML) and the end of the last long task (before
   * the first quiet window, when readLoadFigures is given one).
   */
  ttiMs: number;
  /** Every long task seen (start and duration, ms from navigation start). */
  longTasks: { start: number; duration: number }[];
}

/**
 * Call before navigating: the page records its own figures from its first script on. `firstTask` is
 * when the element with `readyElementId` appeared (by default the runner's current task heading).
 */
export async function recordPagePerformance(page: Page, readyElementId = 'current-task-title'): Promise<void> {
  await page.addInitScript({ content: recordPerformance(readyElementId) });
}

/**
 * The value of `expression` in the page, asked through the DevTools protocol. Playwright's evaluate and
 * waitForFunction inject their helper scripts into each new document first: one task of 100-250 ms on the
 * slowed phone just after the load, a long task of the bench's own making that counted in the time to
 * interactive.
 */
async function pageValue<T>(session: CDPSession, expression: string): Promise<T> {
  const { result, exceptionDetails } = await session.send('Runtime.evaluate', { expression, returnByValue: true });
  if (exceptionDetails) throw new Error(`The page could not evaluate ${expression}: ${exceptionDetails.text}`);
  return result.value as T;
}

/** Asks the page for `condition` every `intervalMs` until it is true; fails after `timeoutMs`. */
async function waitInPage(session: CDPSession, condition: string, timeoutMs: number, intervalMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await pageValue<boolean>(session, condition))) {
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms in the page for ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * After a load: waits for the first task, then `settleMs` more (LCP and shifts may still change), and reads the
 * figures. With `quietWindowMs` (Lighthouse's definition of the time to interactive, which uses 5 s), it first
 * waits for that long a window without a long task after the first task, and the time to interactive is the end
 * of the last long task before the first such window (work that comes after one, a deferred start, is outside
 * it); without, the end of the last long task seen. Page source as text, as for recordPerformance.
 */
export async function readLoadFigures(
  page: Page,
  timeoutMs: number,
  settleMs: number,
  quietWindowMs?: number,
): Promise<LoadFigures> {
  const session = await page.context().newCDPSession(page);
  try {
    await waitInPage(session, 'window.__benchPerf.firstTask !== null', timeoutMs, 50);
    if (quietWindowMs !== undefined)
      await waitInPage(
        session,
        `(() => {
          const perf = window.__benchPerf;
          const busyUntil = Math.max(perf.firstTask ?? 0, ...perf.longTasks.map((task) => task.start + task.duration));
          return performance.now() - busyUntil >= ${quietWindowMs};
        })()`,
        timeoutMs,
        100,
      );
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return await pageValue<LoadFigures>(session, readFigures(quietWindowMs ?? null));
  } finally {
    await session.detach();
  }
}

/** The page's figures (LoadFigures), as an expression. */
const readFigures = (quiet: number | null) => `(() => {
  const quiet = ${JSON.stringify(quiet)};
  const perf = window.__benchPerf;
  const firstTask = perf.firstTask ?? Infinity;
  const navigation = performance.getEntriesByType('navigation')[0];
  const until = Math.max(firstTask, navigation?.loadEventEnd ?? 0);
  const interactive = performance.getEntriesByName('turnproof-interactive')[0]?.startTime ?? 0;
  let ttiMs = Math.max(firstTask, interactive);
  for (const task of [...perf.longTasks].sort((a, b) => a.start - b.start)) {
    if (quiet !== null && task.start - ttiMs >= quiet) break;
    ttiMs = Math.max(ttiMs, task.start + task.duration);
  }
  return {
    ttiMs,
    longTasks: perf.longTasks,
    firstTaskMs: firstTask,
    lcpMs: perf.lcp,
    lcpElement: perf.lcpElement,
    cls: perf.cls,
    tbtMs: perf.longTasks
      .filter((task) => task.start < until)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    initialScripts: performance.getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.responseEnd <= firstTask)
      .map((entry) => entry.name),
  };
})()`;
