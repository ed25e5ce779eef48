import { CONSOLE_START_MARK, QUIET_WINDOW_MS } from '@turnproof/config/page-marks';
import { MOBILE_QUERY } from './layout/mobile-query.ts';
import { pagePath, PLAIN_PAGES } from './plain-pages.ts';

/**
 * Input that asks more of the page than the server's links and forms give: a tap, a key, a touch, the wheel.
 * A scroll on a phone begins with a touch, so reading on down the dashboard wakes the console too, and so does a
 * tap on a sign-in field (what is typed meanwhile is kept: auth/typed-before-hydration.ts).
 */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Whether the console's start waits for the visitor: on a phone, on a page the server rendered with controls
 * that work without it, since the console's JavaScript takes seconds of a phone's link and main thread. Wider
 * screens start the console at once: their sidebar and live figures are the console's, and their machines
 * spare the time.
 */
export function deferConsoleStart(container: HTMLElement): boolean {
  const marker = PLAIN_PAGES[pagePath()];
  return marker !== undefined && container.querySelector(marker) !== null && window.matchMedia(MOBILE_QUERY).matches;
}

/**
 * Resolves when the console is wanted: once the host reaches for the page (after the event's own work, so the
 * tap that asked is answered first), or at the end of the first quiet window (QUIET_WINDOW_MS without a long
 * task), so that the console's own start (a few hundred milliseconds of a phone's main thread) never falls in
 * the time the host first reads and taps the server's page. The console's files download meanwhile (index.html
 * prefetches them, preload-console.ts); only their running waits.
 */
export function whenConsoleWanted(): Promise<void> {
  return new Promise((resolve) => {
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    const watchesLongTasks = PerformanceObserver.supportedEntryTypes?.includes('longtask') ?? false;
    const start = () => {
      clearTimeout(quietTimer);
      longTasks?.disconnect();
      for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, { capture: true });
      performance.mark(CONSOLE_START_MARK);
      resolve();
    };
    const onIntent = () => setTimeout(start);
    // Every long task starts the quiet window over (the observer is told just after the task ends).
    const quietFromNow = () => {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(start, QUIET_WINDOW_MS);
    };
    const longTasks = watchesLongTasks ? new PerformanceObserver(quietFromNow) : undefined;
    longTasks?.observe({ type: 'longtask' });
    for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, { capture: true, passive: true });
    quietFromNow();
  });
}
