import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@turnproof/platform/report';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

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

/** Starts headless Chromium (with `extraArgs`) with one phone-sized browser context. */
export async function launchPhone(extraArgs: string[] = []): Promise<Phone> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
  try {
    const context = await browser.newContext(PHONE);
    return { browser, context, close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
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
