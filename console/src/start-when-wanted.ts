import { CONSOLE_START_MARK, QUIET_WINDOW_MS } from '@turnproof/config/page-marks';
import { MOBILE_QUERY, PLAIN_MENU_ID } from './layout/mobile-query.ts';

/**
 * Input that asks more of the page than the server's links and forms give: a tap, a key, a touch, the wheel.
 * A scroll on a phone begins with a touch, so reading on down the dashboard wakes the console too.
 */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Whether this page is the server-rendered dashboard on a phone: its greeting, figures, menu (a plain menu
 * shown by CSS), tab bar and Sign Out (a form) all work from the HTML alone (console-without-script.test.ts),
 * while the console's JavaScript takes seconds of a phone's link and main thread. Wider screens start the
 * console at once: their sidebar and live figures are the console's, and their machines spare the time.
 */
export function deferConsoleStart(container: HTMLElement): boolean {
  // The server laid the page out for a phone (its plain menu is there) and the screen is one.
  return (
    window.location.pathname.replace(/\/+$/, '') === '/dashboard' &&
    container.querySelector(`#${PLAIN_MENU_ID}`) !== null &&
    window.matchMedia(MOBILE_QUERY).matches
  );
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
