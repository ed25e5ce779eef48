import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeContexts, launchChromium, sharedChromium } from '../../../api/test/support/shared-chromium.ts';

/** A small Android phone, as a cleaner's might be. */
export const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 12; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
} as const;

export interface Phone {
  browser: Browser;
  /** 360x740 touch viewport, deviceScaleFactor 2, isMobile. */
  context: BrowserContext;
  close(): Promise<void>;
}

/** Chromium's built-in test camera (a moving pattern), with camera permission granted without asking. */
export const FAKE_CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** One phone-sized context in `browser`; the phone's close() is `close`. */
async function phoneIn(browser: Browser, close: () => Promise<void>): Promise<Phone> {
  try {
    return { browser, context: await browser.newContext(PHONE), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Starts headless Chromium (with `extraArgs`) of its own, with one phone-sized browser context. */
export async function launchPhone(extraArgs: string[] = []): Promise<Phone> {
  const browser = await launchChromium(extraArgs);
  return phoneIn(browser, () => browser.close());
}

/**
 * A test file's phone: a phone-sized context in its vitest worker's shared Chromium (with `extraArgs`);
 * close() closes the file's contexts and leaves the browser to the worker's next file.
 */
export async function sharedPhone(extraArgs: string[] = []): Promise<Phone> {
  const browser = await sharedChromium(extraArgs);
  return phoneIn(browser, () => closeContexts(browser));
}

/** Slows the page's CPU by `rate` (4 is roughly a cheap phone against a laptop), through the DevTools protocol. */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
}

/** A slow mobile link: bandwidth in bits per second each way, and the round trip added to every request. */
export interface NetworkProfile {
  downloadBps: number;
  uploadBps: number;
  rttMs: number;
}

/** Slows the page's network to `profile`, through the DevTools protocol. */
export async function throttleNetwork(page: Page, profile: NetworkProfile): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: profile.downloadBps / 8,
    uploadThroughput: profile.uploadBps / 8,
  });
}
