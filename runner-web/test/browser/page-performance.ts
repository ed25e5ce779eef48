import type { Page } from 'playwright-core';

/**
 * Web vitals of one page load as the page itself sees them (for the runner-web and console benches):
 * LCP, layout shifts, long tasks, the moment the page's ready element (the runner's first task, the
 * console's dashboard figures) showed, and the scripts fetched before it.
 */

interface PagePerf {
  lcp: number;
  cls: number;
  longTasks: { start: number; duration: number }[];
  firstTask: number | null;
}

declare global {
  interface Window {
    __benchPerf: PagePerf;
  }
}

/** Runs in the page before its own scripts: observers for LCP, layout shifts and long tasks, and the ready element's arrival. */
function recordPerformance(readyElementId: string) {
  const perf: PagePerf = { lcp: 0, cls: 0, longTasks: [], firstTask: null };
  window.__benchPerf = perf;
  // No named inner functions: tsx's keepNames would wrap them in a helper the page does not have.
  const observers: [string, (entry: PerformanceEntry) => void][] = [
    ['largest-contentful-paint', (entry) => (perf.lcp = entry.startTime)],
    [
      'layout-shift',
      (entry) => {
        const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) perf.cls += shift.value;
      },
    ],
    ['longtask', (entry) => perf.longTasks.push({ start: entry.startTime, duration: entry.duration })],
  ];
  for (const [type, onEntry] of observers) {
    new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
  }
  const watcher = new MutationObserver(() => {
    if (perf.firstTask !== null || !document.getElementById(readyElementId)) return;
    perf.firstTask = performance.now();
    watcher.disconnect();
  });
  watcher.observe(document, { childList: true, subtree: true });
}

export interface LoadFigures {
  /** ms from navigation start */
  firstTaskMs: number;
  lcpMs: number;
  cls: number;
  /** Sum of long tasks' excess over 50 ms, until the first task shows or load, whichever is later. */
  tbtMs: number;
  /** URLs of the JavaScript files fetched before the first task showed. */
  initialScripts: string[];
}

/**
 * Call before navigating: the page records its own figures from its first script on. `firstTask` is
 * when the element with `readyElementId` appeared (by default the runner's current task heading).
 */
export async function recordPagePerformance(page: Page, readyElementId = 'current-task-title'): Promise<void> {
  await page.addInitScript(recordPerformance, readyElementId);
}

/** After a load: waits for the first task, then `settleMs` more (LCP and shifts may still change), and reads the figures. */
export async function readLoadFigures(page: Page, timeoutMs: number, settleMs: number): Promise<LoadFigures> {
  await page.waitForFunction(() => window.__benchPerf.firstTask !== null, null, { timeout: timeoutMs });
  await page.waitForTimeout(settleMs);
  return page.evaluate(() => {
    const perf = window.__benchPerf;
    const firstTask = perf.firstTask ?? Infinity;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const until = Math.max(firstTask, navigation?.loadEventEnd ?? 0);
    return {
      firstTaskMs: firstTask,
      lcpMs: perf.lcp,
      cls: perf.cls,
      tbtMs: perf.longTasks
        .filter((task) => task.start < until)
        .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      initialScripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.responseEnd <= firstTask)
        .map((entry) => entry.name),
    };
  });
}
