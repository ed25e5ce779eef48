import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPage, buildPage } from './build-page.ts';
import { sharedPhone, type Phone, throttleCpu } from './chromium.ts';
import type { CompressPageApi, FixtureRef } from './compress-page/api.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

/** A camera-sized photo: 4000x3000 of noise, so the JPEG is a few MB and hard to encode. */
const noisyJpeg = (width: number, height: number, orientation?: number) => {
  const image = sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  }).jpeg({ quality: 80 });
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
};

const fixtures = {
  big: { url: '/fixtures/IMG_0042.JPG', name: 'IMG_0042.JPG', type: 'image/jpeg' },
  rotated: { url: '/fixtures/rotated.jpg', name: 'rotated.jpg', type: 'image/jpeg' },
  small: { url: '/fixtures/small.jpg', name: 'small.jpg', type: 'image/jpeg' },
  mediumPng: { url: '/fixtures/screen.png', name: 'screen.png', type: 'image/png' },
  smallPng: { url: '/fixtures/small-screen.png', name: 'small-screen.png', type: 'image/png' },
  video: { url: '/fixtures/clip.mp4', name: 'clip.mp4', type: 'video/mp4' },
} satisfies Record<string, FixtureRef>;

let page: BuiltPage;
let server: StaticServer;
let phone: Phone;
let tab: Page;
const bytes: Record<string, Buffer> = {};

/** Calls one of compress-page's window functions. */
function call<K extends keyof CompressPageApi>(
  name: K,
  fixture: Parameters<CompressPageApi[K]>[0],
): ReturnType<CompressPageApi[K]> {
  return tab.evaluate(
    ([fn, arg]) => (window as unknown as Record<string, (f: unknown) => Promise<unknown>>)[fn]!(arg),
    [name, fixture] as const,
  ) as ReturnType<CompressPageApi[K]>;
}

beforeAll(async () => {
  const gradient = await sharp({
    create: {
      width: 1200,
      height: 900,
      channels: 3,
      background: '#3070b0',
      noise: { type: 'gaussian', mean: 0, sigma: 6 },
    },
  })
    .png()
    .toBuffer();
  // A flat screenshot-like PNG under 100 KB: a WebP of it is much smaller.
  const smallPng = sharp({ create: { width: 600, height: 400, channels: 3, background: '#f4f6f8' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="600" height="400"><rect x="40" y="40" width="300" height="120" fill="#3070b0"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  [bytes.big, bytes.rotated, bytes.small, bytes.mediumPng, bytes.smallPng] = await Promise.all([
    noisyJpeg(4000, 3000),
    noisyJpeg(4000, 3000, 6),
    noisyJpeg(360, 280),
    Promise.resolve(gradient),
    smallPng,
  ]);
  bytes.video = Buffer.alloc(300 * 1024, 7);
  [page, phone] = await Promise.all([buildPage('compress-page'), sharedPhone()]);
  server = await serveStatic(page.dir);
  for (const [key, fixture] of Object.entries(fixtures)) server.add(fixture.url, bytes[key]!, fixture.type);
  tab = await phone.context.newPage();
  // e.g. PHONE_CPU_THROTTLE=4 to feel like a cheap phone (slows the page's main thread; timings are printed).
  const throttle = Number(process.env.PHONE_CPU_THROTTLE ?? 1);
  if (throttle > 1) await throttleCpu(tab, throttle);
  await tab.goto(`${server.origin}/`);
  await tab.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
});

afterAll(async () => {
  await phone?.close();
  await server?.close();
  await page?.remove();
});

describe('compressPhoto in Chromium (phone viewport)', () => {
  it('sees main-thread long tasks on this page (so "no long task" below means something)', async () => {
    const seen = await tab.evaluate((ms) => (window as unknown as CompressPageApi).blockMainThread(ms), 300);
    expect(seen.supported).toBe(true);
    expect(seen.longTasks.some((task) => task.duration >= 250)).toBe(true);
  });

  it('turns a 4000x3000 camera JPEG into a 1600x1200 WebP without blocking the main thread', async () => {
    expect(bytes.big!.length).toBeGreaterThan(2_000_000);
    const run = await call('runCompression', fixtures.big);
    console.log(
      `compressPhoto 4000x3000 JPEG ${(bytes.big!.length / 1e6).toFixed(2)} MB -> ${run.width}x${run.height} ` +
        `${run.type} ${(run.size / 1e6).toFixed(2)} MB in ${run.durationMs.toFixed(0)} ms; ` +
        `main-thread long tasks: ${JSON.stringify(run.longTasks.map((task) => Math.round(task.duration)))}, ` +
        `longest heartbeat gap ${run.maxHeartbeatGapMs.toFixed(0)} ms`,
    );
    expect(run).toMatchObject({ compressed: true, sameFile: false, name: 'IMG_0042.webp', type: 'image/webp' });
    expect([run.width, run.height]).toEqual([1600, 1200]);
    expect(run.size).toBeLessThan(bytes.big!.length);

    // The bytes really are a 1600x1200 WebP.
    const meta = await sharp(Buffer.from(run.base64, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 1200]);

    expect(run.longTasks.filter((task) => task.duration > 200)).toEqual([]);
  });

  it('applies the EXIF orientation (a portrait photo stored sideways comes out 1200x1600)', async () => {
    const run = await call('runCompression', fixtures.rotated);
    expect(run).toMatchObject({ compressed: true, type: 'image/webp', width: 1200, height: 1600 });
    const meta = await sharp(Buffer.from(run.base64, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
  });

  it('never enlarges: a 1200x900 PNG over 100 KB becomes a 1200x900 WebP', async () => {
    expect(bytes.mediumPng!.length).toBeGreaterThan(100 * 1024);
    const run = await call('runCompression', fixtures.mediumPng);
    expect(run).toMatchObject({ compressed: true, name: 'screen.webp', type: 'image/webp', width: 1200, height: 900 });
  });

  it('passes a JPEG under 100 KB through untouched', async () => {
    expect(bytes.small!.length).toBeGreaterThan(30 * 1024);
    expect(bytes.small!.length).toBeLessThan(100 * 1024);
    const run = await call('runCompression', fixtures.small);
    expect(run).toMatchObject({ compressed: false, sameFile: true, name: 'small.jpg', type: 'image/jpeg' });
    expect(run.width).toBeUndefined();
    expect(Buffer.from(run.base64, 'base64').equals(bytes.small!)).toBe(true);
  });

  it('converts a PNG under 100 KB to a WebP of the same size at quality 0.85 (the separate conversion)', async () => {
    expect(bytes.smallPng!.length).toBeLessThan(100 * 1024);
    const batch = await call('runBatchScenario', [fixtures.smallPng]);
    expect(batch.posted).toEqual([{ quality: 0.85, maxDimension: null }]);
    expect(batch.results).toEqual([
      { compressed: false, converted: true, type: 'image/webp', width: 600, height: 400 },
    ]);
    const run = await call('runCompression', fixtures.smallPng);
    expect(run).toMatchObject({ compressed: false, name: 'small-screen.webp', type: 'image/webp' });
    expect(run.size).toBeLessThan(bytes.smallPng!.length);
    const meta = await sharp(Buffer.from(run.base64, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 400]);
  });

  it('compresses photos picked together in batches of 3, one worker each, at quality 0.82', async () => {
    const picked = [fixtures.big, fixtures.rotated, fixtures.big, fixtures.mediumPng, fixtures.big];
    const batch = await call('runBatchScenario', picked);
    console.log(`batch of ${picked.length}: at most ${batch.maxInFlight} at once, ${batch.workersCreated} workers`);
    expect(batch.maxInFlight).toBe(3);
    expect(batch.workersCreated).toBe(3);
    expect(batch.posted).toEqual(picked.map(() => ({ quality: 0.82, maxDimension: 1600 })));
    expect(batch.results.map((result) => [result.compressed, result.type, result.width, result.height])).toEqual([
      [true, 'image/webp', 1600, 1200],
      [true, 'image/webp', 1200, 1600],
      [true, 'image/webp', 1600, 1200],
      [true, 'image/webp', 1200, 900],
      [true, 'image/webp', 1600, 1200],
    ]);
  });

  it('passes a video through untouched', async () => {
    const run = await call('runCompression', fixtures.video);
    expect(run).toMatchObject({ compressed: false, sameFile: true, name: 'clip.mp4', type: 'video/mp4' });
    expect(Buffer.from(run.base64, 'base64').equals(bytes.video!)).toBe(true);
  });

  it("rejects with 'Compression timeout' when the worker hangs, then restarts the worker", async () => {
    const result = await call('runTimeoutScenario', fixtures.big);
    expect(result).toEqual({
      firstError: 'Compression timeout',
      second: { compressed: true, type: 'image/webp', width: 1600, height: 1200 },
      workersCreated: 2,
    });
  });

  it('passes files through when the worker cannot compress in this browser, and stops asking', async () => {
    const result = await call('runUnsupportedScenario', fixtures.big);
    expect(result.results).toEqual([
      { compressed: false, sameFile: true },
      { compressed: false, sameFile: true },
    ]);
    expect(result).toMatchObject({ workersCreated: 1, messagesPosted: 1 });
  });

  it('passes files through when the worker script cannot load', async () => {
    const result = await call('runBrokenWorkerScenario', fixtures.big);
    expect(result.results).toEqual([
      { compressed: false, sameFile: true },
      { compressed: false, sameFile: true },
    ]);
  });
});
