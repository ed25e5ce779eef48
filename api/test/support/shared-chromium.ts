import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@turnproof/platform/report';
import { type Browser, chromium } from 'playwright-core';

/** Starts headless Chromium with the project's arguments and `extraArgs`. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

const sharedBrowsers = new Map<string, Promise<Browser>>();

/**
 * Headless Chromium shared by the test files of one vitest worker, one per set of extra arguments. A worker
 * runs its files one after another in one process (`isolate: false`), and a launch with its close cost
 * about 1.8 s of CPU on a loaded CI machine, once for each of some seventy browser test files. A file works
 * in browser contexts of its own (own cookies, storage and service workers) and closes them at its end with
 * `closeContexts`; the browser ends with its worker process (Playwright closes what it launched).
 */
export function sharedChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const key = extraArgs.join(' ');
  let browser = sharedBrowsers.get(key);
  if (!browser) {
    browser = launchChromium(extraArgs);
    sharedBrowsers.set(key, browser);
    // One that failed to start or went away (a crash) is launched afresh for the next file.
    browser.then(
      (started) => started.on('disconnected', () => sharedBrowsers.delete(key)),
      () => sharedBrowsers.delete(key),
    );
  }
  return browser;
}

/** Closes every context of a shared browser: at a file's end, all of them are that file's. */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()));
}
