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
    // One that failed to start or went away (a crash, closeSharedChromiums) is launched afresh for the next file.
    const forget = () => {
      if (sharedBrowsers.get(key) === browser) sharedBrowsers.delete(key);
    };
    browser.then((started) => started.on('disconnected', forget), forget);
  }
  return browser;
}

/** Closes every context of a shared browser: at a file's end, all of them are that file's. */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()));
}

/**
 * Closes the worker's shared browsers now (the next file that asks launches its own): for a file that checks
 * which Chromium processes run below the test process, where an earlier file's browser would be counted.
 */
export async function closeSharedChromiums(): Promise<void> {
  const browsers = [...sharedBrowsers.values()];
  sharedBrowsers.clear();
  await Promise.all(browsers.map(async (browser) => (await browser.catch(() => undefined))?.close()));
}
