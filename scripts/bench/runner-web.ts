// The runner-web section of `npm run bench`: how fast a cheap phone on a slow mobile link shows the first
// task of a 25-task run from a magic link, with nothing cached. Chromium with the CPU slowed 4x and the
// network at 1.6 Mbps down, 750 kbps up and 150 ms round trip; the API (serving the fresh production
// build, the first screen rendered on the server) runs in this process.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchPhone, PHONE, throttleCpu, throttleNetwork } from '../../runner-web/test/browser/chromium.ts';
import {
  type LoadFigures,
  readLoadFigures,
  recordPagePerformance,
} from '../../runner-web/test/browser/page-performance.ts';
import { buildRunner } from '../../runner-web/test/browser/runner-build.ts';
import { startBenchApi } from './bench-api.ts';
import { Cleanup } from './cleanup.ts';
import { confirmedOwner } from './owner.ts';
import { seedChecklist, seedRun } from './seed.ts';
import { median, ms, verdict } from './stats.ts';

const TASKS = 25;
const ITERATIONS = 3;
const CPU_SLOWDOWN = 4;
const NETWORK = { downloadBps: 1_600_000, uploadBps: 750_000, rttMs: 150 };
const TARGETS = { lcpMs: 1000, cls: 0.02, initialJsBytes: 60 * 1024 };
/** After the first task shows, how long LCP and layout shifts may still change before they are read. */
const SETTLE_MS = 1500;
const FIRST_TASK_TIMEOUT_MS = 60_000;

interface Figures extends LoadFigures {
  /** gzip of the JavaScript fetched before the first task showed */
  initialJsGzip: number;
}

/** One cold load of the magic link in a fresh browser context (no HTTP cache, no service worker). */
async function coldLoad(page: Page, link: string): Promise<Figures> {
  await throttleCpu(page, CPU_SLOWDOWN);
  await throttleNetwork(page, NETWORK);
  await recordPagePerformance(page);
  await page.goto(link, { waitUntil: 'load' });
  const figures = await readLoadFigures(page, FIRST_TASK_TIMEOUT_MS, SETTLE_MS).catch(async (error: unknown) => {
    const shot = path.join(tmpdir(), `turnproof-bench-runner-web-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(`The first task did not show (screenshot: ${shot})`, { cause: error });
  });
  let initialJsGzip = 0;
  for (const url of figures.initialScripts) {
    const response = await fetch(url);
    initialJsGzip += gzipSync(Buffer.from(await response.arrayBuffer())).byteLength;
  }
  return { ...figures, initialJsGzip };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function runnerWebFigures(): Promise<void> {
  console.log(
    `\n== runner-web: cold load of a ${TASKS}-task magic link in Chromium (${PHONE.viewport.width}x${PHONE.viewport.height}), ` +
      `CPU ${CPU_SLOWDOWN}x slower, ${NETWORK.downloadBps / 1e6} Mbps down / ${NETWORK.uploadBps / 1e3} kbps up, ` +
      `${NETWORK.rttMs} ms RTT; median of ${ITERATIONS} loads ==`,
  );
  const cleanup = new Cleanup();
  try {
    buildRunner();
    // No worker polls this task queue: creating the run only needs its workflow to start.
    const api = await startBenchApi({ TEMPORAL_TASK_QUEUE: 'bench-runner-web' });
    cleanup.add(() => api.close());
    const owner = await confirmedOwner(api.baseUrl, api.orm, 'bench-runner-web');
    const checklist = await seedChecklist(api.orm, owner, {
      property: { name: 'Bench Cottage', address: '25 Slow Lane' },
      checklistName: `${TASKS} task checklist`,
      tasks: TASKS,
      requiredMedia: 1,
    });
    const run = await seedRun(owner, checklist);
    const phone = await launchPhone();
    cleanup.add(() => phone.close());

    const loads: Figures[] = [];
    for (let iteration = 0; iteration < ITERATIONS; iteration += 1) {
      const context = await phone.browser.newContext(PHONE);
      try {
        const figures = await coldLoad(await context.newPage(), run.magic_link);
        loads.push(figures);
        console.log(
          `load ${iteration + 1}: first task ${ms(figures.firstTaskMs, 0)}, LCP ${ms(figures.lcpMs, 0)} (${figures.lcpElement}), TTI ${ms(figures.ttiMs, 0)}, ` +
            `CLS ${figures.cls.toFixed(3)}, TBT ${ms(figures.tbtMs, 0)}, JS ${kb(figures.initialJsGzip)} gz ` +
            `(${figures.initialScripts.map((url) => new URL(url).pathname).join(', ')})`,
        );
      } finally {
        await context.close();
      }
    }
    const lcp = median(loads.map((load) => load.lcpMs));
    const cls = median(loads.map((load) => load.cls));
    const tbt = median(loads.map((load) => load.tbtMs));
    const js = median(loads.map((load) => load.initialJsGzip));
    const tti = median(loads.map((load) => load.ttiMs));
    console.log(
      `LCP                         ${ms(lcp, 0).padStart(9)}   target ≤ ${ms(TARGETS.lcpMs, 0)}: ${verdict(lcp <= TARGETS.lcpMs)}`,
    );
    console.log(
      `CLS                         ${cls.toFixed(3).padStart(9)}   target ≤ ${TARGETS.cls}: ${verdict(cls <= TARGETS.cls)}`,
    );
    console.log(
      `total blocking time         ${ms(tbt, 0).padStart(9)}   (long tasks' excess over 50 ms until the first task shows or load)`,
    );
    console.log(`time to interactive         ${ms(tti, 0).padStart(9)}   (hydrated, and the last long task over)`);
    console.log(
      `JavaScript before 1st task  ${kb(js).padStart(9)}   gzipped; target ≤ ${kb(TARGETS.initialJsBytes)}: ${verdict(js <= TARGETS.initialJsBytes)}`,
    );
  } finally {
    await cleanup.run();
  }
}
