import { randomUUID } from 'node:crypto';
import { link, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RUN_MEDIA_MAX_COUNT } from '@turnproof/config';
import { Media } from '@turnproof/db';
import { bundleTurnproofWorkflows } from '@turnproof/temporal';
import sharp from 'sharp';
import { Cleaner } from '../runner/cleaner.ts';
import type { Browser } from './browser.ts';
import { expectOk, seedChecklist, seedRun } from './seed-checklist.ts';
import type { TestApi } from './test-api.ts';
import { startWorkerProcess } from './worker-process.ts';

/**
 * A phone photo's size (4000x3000 JPEG, about 3 MB) with real detail, so that downscaled for the report
 * it stays about 175 KB, as a photo of a room does. `shade` makes each one different.
 */
export async function largePhoto(shade: number): Promise<Buffer> {
  const detail = { width: 1000, height: 750, channels: 3 } as const;
  const noise = await sharp({
    create: { ...detail, background: '#8a7b6c', noise: { type: 'gaussian', mean: 100 + shade * 10, sigma: 30 } },
  })
    .raw()
    .toBuffer();
  return sharp(noise, { raw: detail }).resize(4000, 3000, { kernel: 'cubic' }).jpeg({ quality: 85 }).toBuffer();
}

export interface LargePhotoRun {
  runId: string;
  cleaner: Cleaner;
  /** The bytes of all the photos the run holds. */
  photoBytes: number;
}

/**
 * A run of `tasks` tasks holding `photos` large photos, every task ticked by the cleaner through the
 * magic link; the caller completes it. The photos go straight into the media storage and their rows:
 * uploading a gigabyte over HTTP takes many minutes and is not what is measured. `distinct` different
 * photos are stored under all the keys (hard links), and the report reads and decodes every key.
 */
export async function runWithLargePhotos(
  api: TestApi,
  owner: Browser,
  { photos, tasks, distinct }: { photos: number; tasks: number; distinct: number },
): Promise<LargePhotoRun> {
  const checklist = await seedChecklist(api.orm, owner, {
    property: { name: 'Memory Villa', address: '300 Photo Way' },
    checklistName: `${photos} photo checklist`,
    tasks,
    requiredMedia: 0,
  });
  const run = await seedRun(owner, checklist);
  const cleaner = Cleaner.fromLink(run.magic_link);
  const runTasks: { id: string }[] = expectOk(await cleaner.openRun(), 'open run').body.run.tasks;
  // Beside the media, so that each hard link is moved in, not copied.
  await mkdir(api.config.mediaDir, { recursive: true });
  const folder = await mkdtemp(join(api.config.mediaDir, '.large-photos-'));
  let photoBytes = 0;
  try {
    const originals = await Promise.all(
      Array.from({ length: distinct }, async (_, shade) => {
        const file = join(folder, `${shade}.jpg`);
        const bytes = await largePhoto(shade);
        await writeFile(file, bytes);
        return { file, size: bytes.length };
      }),
    );
    const em = api.orm.em.fork();
    for (let index = 0; index < photos; index += 1) {
      const task = runTasks[index % runTasks.length]!;
      const original = originals[index % distinct]!;
      const path = `runs/${run.id}/${task.id}/${randomUUID()}-photo.jpg`;
      const copy = join(folder, `copy-${index}.jpg`);
      await link(original.file, copy);
      await api.storage.write(path, copy);
      const { size } = original;
      photoBytes += size;
      em.create(Media, {
        run: run.id,
        run_task: task.id,
        path,
        type: 'photo',
        status: 'confirmed',
        content_type: 'image/jpeg',
        size,
      });
    }
    await em.flush();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  for (const task of runTasks) expectOk(await cleaner.tick(task.id), 'tick');
  return { runId: run.id, cleaner, photoBytes };
}

/**
 * The worker process as production runs it: from a workflow bundle made beforehand (the Docker image
 * makes it at build time), so webpack's leftovers do not count in the worker's memory.
 */
export async function productionWorkerProcess(api: TestApi) {
  const bundle = join(api.config.DATA_DIR, 'workflow-bundle.js');
  await mkdir(api.config.DATA_DIR, { recursive: true });
  await writeFile(bundle, (await bundleTurnproofWorkflows()).code);
  return startWorkerProcess(api, { WORKFLOW_BUNDLE_PATH: bundle });
}

/**
 * The peak resident memory of another process from a starting point on: Linux keeps the high-water mark
 * (VmHWM) itself, so no sample can miss a short peak; writing 5 to clear_refs starts it afresh.
 */
export async function residentPeak(pid: number) {
  const status = async (field: 'VmRSS' | 'VmHWM') =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const startMb = await status('VmRSS');
  await writeFile(`/proc/${pid}/clear_refs`, '5');
  return {
    /** Resident memory when the measurement started, in MB. */
    startMb,
    /** The highest resident memory since the start, in MB. */
    peakMb: () => status('VmHWM'),
  };
}

/** The run the report-memory test and benchmark render: as many photos as a run may hold. */
export const LARGE_RUN = { photos: RUN_MEDIA_MAX_COUNT, tasks: 60, distinct: 4 } as const;

/**
 * The worker's peak resident memory while it renders the report of {@link LARGE_RUN}, in MB. Started as
 * production starts it, the idle worker holds about 380 MB and peaks near 550 MB; before the document went
 * through a file it peaked at 1.25 to 1.5 GB. Chromium is a process of its own and is not counted.
 */
export const REPORT_WORKER_RSS_BOUND_MB = 700;
