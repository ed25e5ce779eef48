// The report-memory section of `npm run bench`: a run with 300 large photos is completed and its report
// rendered by the real worker in its own process; the worker's resident memory (VmRSS of the process
// that reads and downscales the photos) is sampled throughout and its peak compared with the bound.
import { readFile, rm } from 'node:fs/promises';
import { RUN_MEDIA_MAX_COUNT } from '@turnproof/config';
import { cameraPhoto, Cleaner } from '../../api/test/runner/cleaner.ts';
import { signedInOwner } from '../../api/test/support/browser.ts';
import { startTestApi } from '../../api/test/support/test-api.ts';
import { startWorkerProcess } from '../../api/test/support/worker-process.ts';
import { Cleanup } from './cleanup.ts';
import { expectOk } from './owner.ts';
import { seedChecklist, seedRun } from './seed.ts';
import { verdict } from './stats.ts';

const PHOTOS = RUN_MEDIA_MAX_COUNT; // the most one run can hold
const TASKS = 60;
const PHOTO = { width: 3000, height: 2250 };
/** The worker's peak RSS while it renders the report. Before photos were read one at a time it grew with every photo. */
const BOUND_MB = 700;
const REPORT_TIMEOUT_MS = 15 * 60_000;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

export async function reportMemoryFigures(): Promise<void> {
  console.log(
    `\n== report-memory: peak RSS of the worker while it renders the report of one run with ${PHOTOS} photos of ` +
      `${PHOTO.width}x${PHOTO.height} ==`,
  );
  const cleanup = new Cleanup();
  try {
    const api = await startTestApi();
    cleanup.add(() => rm(api.config.DATA_DIR, { recursive: true, force: true }));
    cleanup.add(() => api.close());
    const worker = await startWorkerProcess(api);
    cleanup.add(() => worker.stop());
    const owner = await signedInOwner(api);
    const checklist = await seedChecklist(api.orm, owner, {
      property: { name: 'Memory Villa', address: '300 Photo Way' },
      checklistName: `${PHOTOS} photo checklist`,
      tasks: TASKS,
      requiredMedia: PHOTOS / TASKS,
    });
    const run = await seedRun(owner, checklist);
    const cleaner = Cleaner.fromLink(run.magic_link);
    const tasks: { id: string }[] = expectOk(await cleaner.openRun(), 'open run').body.run.tasks;
    const photo = await cameraPhoto('report-memory', PHOTO.width, PHOTO.height);
    console.log(
      `photo: ${(photo.length / 1e6).toFixed(1)} MB JPEG, ${PHOTOS} uploads (${((photo.length * PHOTOS) / 1e9).toFixed(2)} GB)`,
    );
    for (const task of tasks) {
      for (let n = 0; n < PHOTOS / TASKS; n += 1) {
        const { confirmed } = await cleaner.uploadPhoto(task.id, photo, `room-${n}.jpg`);
        if (confirmed?.status !== 200) throw new Error(`A photo was not confirmed: ${JSON.stringify(confirmed?.body)}`);
      }
      expectOk(await cleaner.tick(task.id), 'tick');
    }
    const pid = worker.pid ?? 0;
    const idle = await rssMb(pid);
    let peak = idle;
    const sampler = setInterval(() => {
      rssMb(pid).then(
        (mb) => (peak = Math.max(peak, mb)),
        () => undefined,
      );
    }, 100);
    const started = performance.now();
    try {
      expectOk(await cleaner.complete(), 'complete');
      for (;;) {
        const reports = (await owner.get(`/api/runs/${run.id}/reports`)).body as { status: string; pdf_size: number }[];
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
    } finally {
      clearInterval(sampler);
    }
    console.log(
      `worker RSS: ${idle.toFixed(0)} MB idle, peak ${peak.toFixed(0)} MB while rendering   bound ≤ ${BOUND_MB} MB: ${verdict(peak <= BOUND_MB)}`,
    );
  } finally {
    await cleanup.run();
  }
}
