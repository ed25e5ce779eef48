import { compressPhoto, defaultCompressWorker, PhotoCompressor } from '../../../src/photos/compress-photo.ts';
import type { BatchScenario, CompressPageApi, CompressionRun, FallbackScenario, FixtureRef } from './api.ts';

// Registered before any compression, so every long task on this page is seen.
const longTasks: { startTime: number; duration: number }[] = [];
if (PerformanceObserver.supportedEntryTypes.includes('longtask')) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

async function loadFixture(fixture: FixtureRef): Promise<File> {
  const response = await fetch(fixture.url);
  if (!response.ok) throw new Error(`${fixture.url}: ${response.status}`);
  return new File([await response.blob()], fixture.name, { type: fixture.type, lastModified: 1_700_000_000_000 });
}

function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts the workers a compressor starts and the messages it posts to them. */
function counting(create: () => Worker) {
  const counts = { workersCreated: 0, messagesPosted: 0 };
  const factory = () => {
    counts.workersCreated += 1;
    const worker = create();
    const post = worker.postMessage.bind(worker) as (message: unknown) => void;
    worker.postMessage = (message: unknown) => {
      counts.messagesPosted += 1;
      post(message);
    };
    return worker;
  };
  return { counts, factory };
}

const scriptWorker = (source: string) =>
  new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));

async function fallback(fixture: FixtureRef, create: () => Worker): Promise<FallbackScenario> {
  const { counts, factory } = counting(create);
  const compressor = new PhotoCompressor(factory);
  const results: FallbackScenario['results'] = [];
  for (let i = 0; i < 2; i += 1) {
    const file = await loadFixture(fixture);
    const result = await compressor.compress(file);
    results.push({ compressed: result.compressed, sameFile: result.file === file });
  }
  compressor.terminate();
  return { results, ...counts };
}

const api: CompressPageApi = {
  async blockMainThread(ms) {
    // In a timer task: script run by the DevTools protocol itself (page.evaluate) is not reported as a long task.
    const { start, end } = await new Promise<{ start: number; end: number }>((resolve) =>
      setTimeout(() => {
        const start = performance.now();
        while (performance.now() - start < ms) {
          // busy
        }
        resolve({ start, end: performance.now() });
      }, 0),
    );
    await pause(100);
    return {
      supported: PerformanceObserver.supportedEntryTypes.includes('longtask'),
      longTasks: longTasks.filter((task) => task.startTime < end && task.startTime + task.duration > start),
    };
  },

  async runCompression(fixture): Promise<CompressionRun> {
    const file = await loadFixture(fixture);
    await pause(50);
    let last = performance.now();
    let maxHeartbeatGapMs = 0;
    const heartbeat = setInterval(() => {
      const now = performance.now();
      maxHeartbeatGapMs = Math.max(maxHeartbeatGapMs, now - last);
      last = now;
    }, 10);
    const start = performance.now();
    const result = await compressPhoto(file);
    const end = performance.now();
    clearInterval(heartbeat);
    maxHeartbeatGapMs = Math.max(maxHeartbeatGapMs, end - last);
    await pause(100); // long task entries are delivered after the task ends
    return {
      compressed: result.compressed,
      sameFile: result.file === file,
      name: result.file.name,
      type: result.file.type,
      size: result.file.size,
      width: result.width,
      height: result.height,
      base64: await toBase64(result.file),
      durationMs: end - start,
      longTasks: longTasks.filter((task) => task.startTime < end && task.startTime + task.duration > start),
      maxHeartbeatGapMs,
    };
  },

  async runTimeoutScenario(fixture) {
    const { counts, factory } = counting(() =>
      counts.workersCreated === 1 ? scriptWorker('self.onmessage = () => {};') : defaultCompressWorker(),
    );
    const compressor = new PhotoCompressor(factory);
    const firstError = await compressor.compress(await loadFixture(fixture), { timeoutMs: 500 }).then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    const second = await compressor.compress(await loadFixture(fixture));
    compressor.terminate();
    return {
      firstError,
      second: { compressed: second.compressed, type: second.file.type, width: second.width, height: second.height },
      workersCreated: counts.workersCreated,
    };
  },

  runUnsupportedScenario: (fixture) =>
    fallback(fixture, () =>
      scriptWorker(
        "self.onmessage = (e) => self.postMessage({ id: e.data.id, ok: false, error: 'no OffscreenCanvas', unsupported: true });",
      ),
    ),

  runBrokenWorkerScenario: (fixture) => fallback(fixture, () => new Worker('/no-such-worker.js', { type: 'module' })),

  async runBatchScenario(fixtures) {
    const files = await Promise.all(fixtures.map(loadFixture));
    let inFlight = 0;
    let maxInFlight = 0;
    const posted: BatchScenario['posted'] = [];
    const { counts, factory } = counting(() => {
      const worker = defaultCompressWorker();
      const post = worker.postMessage.bind(worker) as (message: unknown) => void;
      worker.postMessage = (message: unknown) => {
        const { quality, maxDimension } = message as BatchScenario['posted'][number];
        posted.push({ quality, maxDimension });
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        post(message);
      };
      worker.addEventListener('message', () => (inFlight -= 1));
      return worker;
    });
    // The app's concurrency: this phone profile reports no deviceMemory under 2 GB.
    const compressor = new PhotoCompressor(factory);
    const results = await Promise.all(files.map((file) => compressor.compress(file)));
    compressor.terminate();
    return {
      maxInFlight,
      workersCreated: counts.workersCreated,
      posted,
      results: results.map(({ compressed, converted, file, width, height }) => ({
        compressed,
        converted: converted === true,
        type: file.type,
        width,
        height,
      })),
    };
  },
};

Object.assign(window, api);
document.getElementById('status')!.textContent = 'ready';
