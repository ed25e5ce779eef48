import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import {
  LARGE_RUN,
  productionWorkerProcess,
  REPORT_WORKER_RSS_BOUND_MB,
  residentPeak,
  runWithLargePhotos,
} from '../support/large-photo-run.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import type { WorkerProcess } from '../support/worker-process.ts';
import { pdfText, reportPdf, waitFor } from '../proof/proof-support.ts';

let api: TestApi;
let worker: WorkerProcess;

beforeAll(async () => {
  api = await startTestApi();
  worker = await productionWorkerProcess(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

describe('the report of a run with 300 large photos', () => {
  it(
    `is made by a worker whose resident memory stays under ${REPORT_WORKER_RSS_BOUND_MB} MB, and shows every photo`,
    { timeout: 240_000 },
    async () => {
      const owner = await signedInOwner(api);
      const run = await runWithLargePhotos(api, owner, LARGE_RUN);
      const memory = await residentPeak(worker.pid ?? 0);

      expect((await run.cleaner.completeWhenAccepted()).status).toBe(200);
      let reports: { status: string; has_html: boolean }[];
      let peakMb: number;
      try {
        reports = await waitFor(
          'the report',
          async () => {
            const list = (await owner.get(`/api/runs/${run.runId}/reports`)).body;
            return list[0]?.status === 'ready' || list[0]?.status === 'failed' ? list : undefined;
          },
          worker,
          180_000,
        );
      } finally {
        peakMb = await memory.peakMb();
        console.log(
          `${LARGE_RUN.photos} photos (${(run.photoBytes / 1e9).toFixed(2)} GB): worker ${memory.startMb.toFixed(0)} MB ` +
            `before, peak ${peakMb.toFixed(0)} MB while rendering (bound ${REPORT_WORKER_RSS_BOUND_MB} MB)`,
        );
      }
      expect(reports[0]).toMatchObject({ status: 'ready', has_html: true });
      expect(peakMb).toBeLessThan(REPORT_WORKER_RSS_BOUND_MB);

      // What the host gets is unchanged: the preview shows all 300 photos, the PDF embeds them.
      const preview = await owner.request('GET', `/api/runs/${run.runId}/reports/1/html`, undefined, {
        Accept: 'text/html',
      });
      expect(preview.status).toBe(200);
      const previewHtml = String(preview.body);
      expect(previewHtml).toContain('Memory Villa');
      expect(previewHtml.match(/<img src="data:image\/jpeg;base64,/g)).toHaveLength(LARGE_RUN.photos);
      expect(previewHtml).not.toContain('could not be displayed');

      const pdf = await reportPdf(owner, run.runId, 1, worker);
      const text = await pdfText(pdf);
      expect(text).toContain('Room check 60');
      expect(text).toContain('5 photos');
      // Chromium stores an image once however often it appears: the distinct photos and the QR code.
      expect(pdf.toString('latin1').match(/\/Subtype\s*\/Image/g)?.length).toBeGreaterThanOrEqual(LARGE_RUN.distinct);
    },
  );
});
