// The report-memory section of `npm run bench`: a run with 300 large photos is completed and its report
// rendered by the real worker in its own process; the worker's peak resident memory (VmHWM of the process
// that reads and downscales the photos and writes the document; Chromium is a process of its own) is
// compared with the bound the test api/test/runner/report-memory.test.ts asserts.
import { rm } from 'node:fs/promises';
import { signedInOwner } from '../../api/test/support/browser.ts';
import {
  LARGE_RUN,
  productionWorkerProcess,
  REPORT_WORKER_RSS_BOUND_MB,
  residentPeak,
  runWithLargePhotos,
} from '../../api/test/support/large-photo-run.ts';
import { startTestApi } from '../../api/test/support/test-api.ts';
import { Cleanup } from './cleanup.ts';
import { expectOk } from './owner.ts';
import { verdict } from './stats.ts';

const REPORT_TIMEOUT_MS = 15 * 60_000;

export async function reportMemoryFigures(): Promise<void> {
  console.log(
    `\n== report-memory: peak RSS of the worker while it renders the report of one run with ${LARGE_RUN.photos} ` +
      `photos of 4000x3000 ==`,
  );
  const cleanup = new Cleanup();
  try {
    const api = await startTestApi();
    cleanup.add(() => rm(api.config.DATA_DIR, { recursive: true, force: true }));
    cleanup.add(() => api.close());
    const worker = await productionWorkerProcess(api);
    cleanup.add(() => worker.stop());
    const owner = await signedInOwner(api);
    const run = await runWithLargePhotos(api, owner, LARGE_RUN);
    console.log(`photos: ${LARGE_RUN.photos} (${(run.photoBytes / 1e9).toFixed(2)} GB of JPEG)`);
    const memory = await residentPeak(worker.pid ?? 0);
    const started = performance.now();
    expectOk(await run.cleaner.complete(), 'complete');
    for (;;) {
      const reports = (await owner.get(`/api/runs/${run.runId}/reports`)).body as {
        status: string;
        pdf_size: number;
      }[];
      if (reports[0]?.status === 'ready') {
        console.log(
          `report ready in ${((performance.now() - started) / 1000).toFixed(0)} s, PDF ${(reports[0].pdf_size / 1e6).toFixed(1)} MB`,
        );
        break;
      }
      if (reports[0]?.status === 'failed' || performance.now() - started > REPORT_TIMEOUT_MS)
        throw new Error(`No report: ${JSON.stringify(reports)}\n${worker.output().slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const peak = await memory.peakMb();
    console.log(
      `worker RSS: ${memory.startMb.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB while rendering   ` +
        `bound < ${REPORT_WORKER_RSS_BOUND_MB} MB: ${verdict(peak < REPORT_WORKER_RSS_BOUND_MB)}`,
    );
  } finally {
    await cleanup.run();
  }
}
