// The photo-checks section of `npm run bench`: what the server's checks of a confirmed photo cost.
// 1. Per photo: the check activity itself (createPhotoCheckActivities().checkPhoto: read from storage,
//    sharpness, brightness, perceptual hash and its reuse lookup, EXIF time and camera, the row update),
//    run in this process one photo at a time on photos confirmed through the API: phone-sized
//    4032×3024 JPEGs made from the fixtures (smooth upscales: about 0.4 MB, where a phone's are 2-4 MB;
//    decoding scales with the pixels more than the bytes), and the fixtures themselves; and the change map
//    of 20 pairs of those photos (computeChangeMap, made by the check when a photo has a reference photo).
// 2. The tick path (POST /api/public/task under the runner-api load) while a cleaner uploads and confirms
//    photos one after another, with the real worker polling the API's task queue on the same machine,
//    checks on vs off. There is no switch for the checks, so "off" is the same load with the photo_checks
//    outbox row never written (a bench-only trigger drops it): the confirm does everything else, and no
//    photo-checks workflow starts. The worker handles the runs' workflows in both. Phases in ABBA order, twice.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '@turnproof/config';
import { createOrm } from '@turnproof/db';
import { computeChangeMap } from '@turnproof/platform/change-map';
import { configuredMediaStorage } from '@turnproof/platform/configured-storage';
import type autocannon from 'autocannon';
import sharp from 'sharp';
import { createPhotoCheckActivities } from '../../activities/src/photo-check-activities.ts';
import { Cleaner } from '../../api/test/runner/cleaner.ts';
import { startWorkerProcess } from '../../api/test/support/worker-process.ts';
import { Cleanup } from './cleanup.ts';
import { confirmedOwner } from './owner.ts';
import { load, printResult, seedRuns, startRunnerApiServer, taskTicks } from './runner-api.ts';
import { median, ms, percentile, verdict } from './stats.ts';

const PHONE = { width: 4032, height: 3024 };
const PHONE_PHOTOS = 40;
const TASK_QUEUE = 'bench-photo-checks';
// Eight phases of 10 s (ABBA twice): the rates of one setting swing by 10-15 % between phases on a 2-core
// machine, so each side's median is of four.
const LOAD_SECONDS = 10;
const PHASES = [false, true, true, false, false, true, true, false];
const TARGET_LOSS = 0.1;
const DRAIN_TIMEOUT_MS = 180_000;
const fixturesDir = path.resolve(import.meta.dirname, '../../api/test/fixtures/photos');

type Orm = Awaited<ReturnType<typeof createOrm>>;

const fixtures = async () =>
  Promise.all((await readdir(fixturesDir)).sort().map((name) => readFile(path.join(fixturesDir, name))));

/** A fixture scaled up to a phone's 12 MP, mirrored every other time so the copies differ, with a camera's EXIF. */
async function phonePhotos(sources: Buffer[]): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (let n = 0; n < PHONE_PHOTOS; n += 1) {
    const image = sharp(sources[n % sources.length]!).resize(PHONE.width, PHONE.height, { fit: 'fill' });
    photos.push(
      await (n % 2 ? image.flop() : image)
        .jpeg({ quality: 85 })
        .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, IFD2: { DateTimeOriginal: exifNow() } })
        .toBuffer(),
    );
  }
  return photos;
}

const exifNow = () => new Date().toISOString().slice(0, 19).replace('T', ' ').replaceAll('-', ':');

/** The photo_checks outbox row dropped on insert (checks off), or written as usual (on). */
async function setChecks(orm: Orm, on: boolean): Promise<void> {
  const connection = orm.em.getConnection();
  if (on) {
    await connection.execute('drop trigger if exists bench_photo_checks_off on workflow_outbox');
    return;
  }
  await connection.execute(
    `create or replace function bench_drop_photo_checks() returns trigger language plpgsql as $$ begin return null; end $$`,
  );
  await connection.execute(
    `create or replace trigger bench_photo_checks_off before insert on workflow_outbox for each row
     when (new.kind = 'photo_checks') execute function bench_drop_photo_checks()`,
  );
}

/** Uploads and confirms the photos in turn (cycling) on the run's tasks while `more(n)`; the media ids. */
async function uploadAll(
  cleaner: Cleaner,
  taskIds: string[],
  photos: Buffer[],
  more = (n: number) => n < photos.length,
) {
  const mediaIds: string[] = [];
  for (let n = 0; more(n); n += 1) {
    const photo = photos[n % photos.length]!;
    const { confirmed } = await cleaner.uploadPhoto(taskIds[n % taskIds.length]!, photo, `photo-${n}.jpg`);
    if (confirmed?.status !== 200) throw new Error(`Photo ${n} was not confirmed: ${JSON.stringify(confirmed)}`);
    mediaIds.push((confirmed.body as { media: { id: string } }).media.id);
  }
  return mediaIds;
}

async function checkTimes(orm: Orm, config: ReturnType<typeof loadConfig>, mediaIds: string[]) {
  const { checkPhoto } = createPhotoCheckActivities({ orm, storage: configuredMediaStorage(config) });
  const times: number[] = [];
  for (const mediaId of mediaIds) {
    const started = performance.now();
    await checkPhoto(mediaId);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/**
 * The change map of each phone photo against the next one (a mirrored copy, or the next fixture): the
 * alignment search runs in full either way, and it is most of a map's time.
 */
async function changeMapTimes(photos: Buffer[]): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; n + 1 < photos.length; n += 2) {
    const started = performance.now();
    await computeChangeMap(photos[n]!, photos[n + 1]!);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function checkedCount(orm: Orm, mediaIds: string[]): Promise<number> {
  const [row] = await orm.em
    .getConnection()
    .execute<{ count: number }[]>(`select count(*)::int as count from media where id in (?) and checks is not null`, [
      mediaIds,
    ]);
  return row!.count;
}

/** Until the worker has checked every photo of `mediaIds` (so one phase's backlog does not run into the next). */
async function drained(orm: Orm, mediaIds: string[]): Promise<number> {
  const started = performance.now();
  for (;;) {
    const left = mediaIds.length - (await checkedCount(orm, mediaIds));
    if (left === 0) return performance.now() - started;
    if (performance.now() - started > DRAIN_TIMEOUT_MS) throw new Error(`${left} photos still unchecked`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Phase {
  on: boolean;
  result: autocannon.Result;
  uploaded: number;
  checkedDuringLoad: number;
  /** How long after the load the worker took to check the rest (checks on). */
  backlogMs: number | null;
}

export async function photoChecksFigures(): Promise<void> {
  console.log(
    `\n== photo-checks: checkPhoto per photo (${PHONE_PHOTOS} of ${PHONE.width}x${PHONE.height} and the fixtures), ` +
      `and POST /api/public/task under load while photos are confirmed, checks on vs off (ABBA twice, real worker) ==`,
  );
  const cleanup = new Cleanup();
  try {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'turnproof-bench-photo-checks-'));
    cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
    const { apiUrl } = await startRunnerApiServer(cleanup, undefined, {
      TEMPORAL_TASK_QUEUE: TASK_QUEUE,
      BENCH_DATA_DIR: dataDir,
    });
    const config = loadConfig({
      ...process.env,
      SMTP_URL: '',
      TEMPORAL_TASK_QUEUE: TASK_QUEUE,
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: apiUrl,
    });
    const orm = await createOrm(config.DATABASE_URL);
    cleanup.add(() => orm.close());
    cleanup.add(() => setChecks(orm, true));
    const owner = await confirmedOwner(apiUrl, orm, 'bench-photo-checks');
    const [photoRun] = await seedRuns(owner, 1);
    const cleaner = new Cleaner(apiUrl, photoRun!.token);

    // 1. Confirmed with checks off, so only this process checks them.
    const sources = await fixtures();
    const phone = await phonePhotos(sources);
    await setChecks(orm, false);
    const phoneIds = await uploadAll(cleaner, photoRun!.taskIds, phone);
    const fixtureIds = await uploadAll(cleaner, photoRun!.taskIds, sources);
    for (const [label, ids] of [
      [`${PHONE.width}x${PHONE.height} (${(median(phone.map((p) => p.length)) / 1e6).toFixed(1)} MB)`, phoneIds],
      [`fixtures (${sources.length}, ${(median(sources.map((p) => p.length)) / 1e3).toFixed(0)} KB)`, fixtureIds],
    ] as const) {
      const times = await checkTimes(orm, config, ids);
      console.log(
        `checkPhoto, ${label.padEnd(22)} p50 ${ms(percentile(times, 50), 0)}, p95 ${ms(percentile(times, 95), 0)} ` +
          `over ${times.length} photos`,
      );
    }
    const mapTimes = await changeMapTimes(phone);
    console.log(
      `computeChangeMap, ${PHONE.width}x${PHONE.height} pairs p50 ${ms(percentile(mapTimes, 50), 0)}, ` +
        `p95 ${ms(percentile(mapTimes, 95), 0)} over ${mapTimes.length} pairs`,
    );

    // 2. The worker polls the API's queue from here on.
    // At production's priority: below the API's, as a machine running both has it.
    const worker = await startWorkerProcess({ config }, { WORKER_NICENESS: String(config.WORKER_NICENESS) });
    cleanup.add(() => worker.stop());
    const phases: Phase[] = [];
    for (const on of PHASES) {
      await setChecks(orm, on);
      // Fresh runs for each phase: a run takes at most 3,000 actions, and later phases would meet the cap.
      const runs = await seedRuns(owner);
      // And a fresh run for the phase's photos: a link's uploads are rate-limited too.
      const [phaseRun] = await seedRuns(owner, 1);
      let loading = true;
      const uploads = uploadAll(new Cleaner(apiUrl, phaseRun!.token), phaseRun!.taskIds, phone, () => loading);
      const result = await load(
        `${apiUrl}/api/public/task`,
        taskTicks(runs, `bench-photo-checks-${randomUUID()}`),
        LOAD_SECONDS,
      );
      loading = false;
      const mediaIds = await uploads;
      const checked = await checkedCount(orm, mediaIds);
      const backlogMs = on ? await drained(orm, mediaIds) : null;
      phases.push({ on, result, uploaded: mediaIds.length, checkedDuringLoad: checked, backlogMs });
    }
    for (const phase of phases) {
      printResult(`checks ${phase.on ? 'on' : 'off'}`, phase.result);
      console.log(
        `  photos confirmed during the load (incl. warm-up): ${phase.uploaded}, checked by its end: ` +
          `${phase.checkedDuringLoad}${phase.backlogMs === null ? '' : `, the rest ${ms(phase.backlogMs, 0)} later`}`,
      );
    }
    const rate = (on: boolean) => median(phases.filter((p) => p.on === on).map((p) => p.result.requests.average));
    const [off, onRate] = [rate(false), rate(true)];
    const change = onRate / off - 1;
    console.log(
      `tick rate, checks off -> on (median of ${PHASES.length / 2} each): ${off.toFixed(0)} -> ${onRate.toFixed(0)} req/s ` +
        `(${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %)   ` +
        `target within ${TARGET_LOSS * 100} %: ${verdict(change >= -TARGET_LOSS)}`,
    );
  } finally {
    await cleanup.run();
  }
}
