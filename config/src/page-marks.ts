/**
 * What a console page and the benches that time it agree on (console/src/start-when-wanted.ts,
 * scripts/bench/console.ts).
 */

/**
 * Lighthouse's quiet window: a main thread this long without a long task is a page that answers. Its time to
 * interactive is the end of the last long task before the first such window.
 */
export const QUIET_WINDOW_MS = 5000;

/** The performance mark a phone's server-rendered dashboard sets as its deferred console starts. */
export const CONSOLE_START_MARK = 'turnproof-console-start';
