// The report section of `npm run bench`: how long after a cleaner completes a 30-task, 30-photo run
// the owner has the report e-mail with its PDF. The API runs in this process (as in the API tests),
// the real worker in its own process on the API's task queue, mailing to an SMTP mailbox in here.
import { rm } from 'node:fs/promises';
import { WorkflowNotFoundError } from '@temporalio/client';
import { photoChecksWorkflowId } from '@turnproof/workflows';
import { cameraPhoto, Cleaner } from '../../api/test/runner/cleaner.ts';
import { signedInOwner } from '../../api/test/support/browser.ts';
import { startOtlpReceiver } from '../../api/test/support/otlp-receiver.ts';
import { startTestApi, type TestApi } from '../../api/test/support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../../api/test/support/worker-process.ts';
import { Cleanup } from './cleanup.ts';
import { expectOk } from './owner.ts';
import { seedChecklist, seedRun } from './seed.ts';
import { formatPhases, medianPhases, type Phases, reportPhases } from './report-phases.ts';
import { median, ms, verdict } from './stats.ts';

const TASKS = 30;
const ITERATIONS = 5;
const PHOTO = { width: 1600, height: 1200 };
const TARGET_MS = 2000;
const MAIL_TIMEOUT_MS = 120_000;

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** What every timed run uses: the API, the worker, the owner, and the checklist the runs come from. */
interface ReportBench {
  api: TestApi;
  worker: WorkerProcess;
  /** The worker's spans (it traces as an operator's would, to this receiver). */
  spans: Awaited<ReturnType<typeof startOtlpReceiver>>['spans'];
  owner: Owner;
  propertyId: string;
  checklistId: string;
}

/** One photo per task (distinct per run and task) through upload, PUT and confirm, then every tick. */
async function doEveryTask(cleaner: Cleaner, iteration: number) {
  const tasks: { id: string }[] = expectOk(await cleaner.openRun(), 'open run').body.run.tasks;
  for (const [index, task] of tasks.entries()) {
    const photo = await cameraPhoto(`report-${iteration}-${index}`, PHOTO.width, PHOTO.height);
    const { confirmed } = await cleaner.uploadPhoto(task.id, photo, `room-${index + 1}.jpg`);
    if (confirmed?.status !== 200) throw new Error(`Photo ${index + 1} of run ${iteration + 1} was not confirmed`);
    expectOk(await cleaner.tick(task.id, { comment: `Room ${index + 1} done` }), 'tick');
  }
}

const reportMails = ({ api, owner }: ReportBench) =>
  api.mailbox.received.filter((mail) => mail.to.includes(owner.email) && mail.subject.startsWith('Inspection report:'));

/** `Date.now()` when the owner's report mail number `count + 1` (with its PDF) has arrived. */
async function reportMailAt(bench: ReportBench, count: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const mail = reportMails(bench)[count];
    if (mail) {
      const arrived = Date.now();
      if (mail.attachments[0]?.contentType !== 'application/pdf') throw new Error('The report mail has no PDF');
      return arrived;
    }
    if (performance.now() - started > MAIL_TIMEOUT_MS) {
      const output = bench.worker.output().slice(-3000);
      throw new Error(`No report mail within ${MAIL_TIMEOUT_MS / 1000} s; worker output:\n${output}`);
    }
    // Polling every 10 ms adds at most that much to a figure in seconds.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Until the worker's spans of the mail sent after `completedAt` have come in (they are exported in batches). */
async function untilSpansOf(bench: ReportBench, completedAt: number) {
  const deadline = Date.now() + 10_000;
  while (!bench.spans.some((span) => span.name === 'mail.send' && span.startMs >= completedAt)) {
    if (Date.now() > deadline) throw new Error('The worker exported no mail.send span');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Until the worker has checked every confirmed photo of the run (its photo-checks workflows have ended);
 * answers how long that took. The bench uploads 30 photos in seconds, a cleaner in half an hour: without
 * this, the report would compete with a backlog of checks no real completion finds.
 */
async function untilPhotosChecked(bench: ReportBench, runId: string): Promise<number> {
  const started = performance.now();
  const photos = await bench.api.orm.em
    .getConnection()
    .execute<{ id: string }[]>(`select id from media where run_id = ? and status = 'confirmed'`, [runId]);
  for (const { id } of photos) {
    for (;;) {
      try {
        await bench.api.temporal.workflow.getHandle(photoChecksWorkflowId(id)).result();
        break;
      } catch (error) {
        // Its start may still wait in the outbox.
        if (!(error instanceof WorkflowNotFoundError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
  return performance.now() - started;
}

/** A new run done by a cleaner; the clock starts when POST /api/public/complete has answered. */
async function completeToMail(bench: ReportBench, iteration: number): Promise<{ ms: number; phases: Phases }> {
  const run = await seedRun(bench.owner, bench);
  const cleaner = Cleaner.fromLink(run.magic_link);
  await doEveryTask(cleaner, iteration);
  console.log(`  photo checks done ${ms(await untilPhotosChecked(bench, run.id), 0)} after the last tick`);
  const before = reportMails(bench).length;
  expectOk(await cleaner.complete(), 'complete');
  const completedAt = Date.now();
  const mailedAt = await reportMailAt(bench, before);
  await untilSpansOf(bench, completedAt);
  const { phases, retries } = await reportPhases(bench.api.temporal, run.id, bench.spans, completedAt, mailedAt);
  // A retried step explains a figure far off the others.
  for (const retry of retries) console.log(`  retried: ${retry}`);
  return { ms: mailedAt - completedAt, phases };
}

export async function reportFigures(): Promise<void> {
  console.log(
    `\n== report: POST /api/public/complete returned → report e-mail with PDF in the mailbox; ${TASKS} tasks, ` +
      `${TASKS} photos of ${PHOTO.width}x${PHOTO.height}, median of ${ITERATIONS} runs (worker in its own process) ==`,
  );
  const cleanup = new Cleanup();
  try {
    const api = await startTestApi();
    cleanup.add(() => rm(api.config.DATA_DIR, { recursive: true, force: true }));
    cleanup.add(() => api.close());
    const receiver = await startOtlpReceiver();
    cleanup.add(() => receiver.close());
    const worker = await startWorkerProcess(api, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    cleanup.add(() => worker.stop());
    const owner = await signedInOwner(api);
    const checklist = await seedChecklist(api.orm, owner, {
      property: { name: 'Report Villa', address: '30 Photo Way' },
      checklistName: `${TASKS} photo checklist`,
      tasks: TASKS,
      requiredMedia: 1,
    });
    const bench: ReportBench = { api, worker, spans: receiver.spans, owner, ...checklist };
    const latencies: number[] = [];
    const phases: Phases[] = [];
    for (let iteration = 0; iteration < ITERATIONS; iteration += 1) {
      const run = await completeToMail(bench, iteration);
      latencies.push(run.ms);
      phases.push(run.phases);
      console.log(`run ${iteration + 1}: ${ms(run.ms, 0)} = ${formatPhases(run.phases)}`);
    }
    console.log(`median phases: ${formatPhases(medianPhases(phases, median))}`);
    const middle = median(latencies);
    console.log(
      `median complete → report e-mail: ${ms(middle, 0)}   target ≤ ${ms(TARGET_MS, 0)}: ${verdict(middle <= TARGET_MS)}`,
    );
  } finally {
    await cleanup.run();
  }
}
