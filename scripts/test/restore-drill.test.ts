// Issue 29, part 2: the restore drill. Owners and runs made through the real API and worker (completed
// with photos and reports, one open), `npm run backup`, the database and the media dropped, `npm run
// restore` onto a fresh Temporal server; then sign-in works, every completed run verifies, every report
// downloads with its recorded hash, and the open run completes and mails its report.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { dropDatabase } from '@turnproof/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, goodPassword, signedInOwner } from '../../api/test/support/browser.ts';
import { startTestApi, type TestApi } from '../../api/test/support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../../api/test/support/worker-process.ts';
import { cameraPhoto, Cleaner } from '../../api/test/runner/cleaner.ts';
import { completedRun, newRun, type Owner } from '../../api/test/proof/proof-support.ts';
import { startThrowawayTemporal } from '../lib/throwaway-stack.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const verificationOf = async (api: TestApi, runId: string) =>
  (await (await fetch(`${api.baseUrl}/api/public/verify/${runId}`)).json()) as { valid: boolean; problems: unknown[] };

let before: TestApi | undefined;
let beforeWorker: WorkerProcess | undefined;
let after: TestApi | undefined;
let afterWorker: WorkerProcess | undefined;
let freshTemporal: Awaited<ReturnType<typeof startThrowawayTemporal>> | undefined;
let backupDir: string;

beforeAll(async () => {
  backupDir = await mkdtemp(path.join(tmpdir(), 'turnproof-backup-'));
  // A bucket of its own in S3 mode: the drill empties its store, and other files share the test bucket.
  const s3: Record<string, string> = process.env.S3_ENDPOINT
    ? { S3_BUCKET: `drill-${randomBytes(4).toString('hex')}` }
    : {};
  before = await startTestApi({ env: s3 });
  await before.storage.prepare?.();
  beforeWorker = await startWorkerProcess(before);
});
afterAll(async () => {
  await afterWorker?.stop();
  await after?.close();
  await beforeWorker?.stop();
  await before?.close();
  await freshTemporal?.stop();
  await rm(backupDir, { recursive: true, force: true });
});

/** `npm run <script> -- <dir>` (or another argument) as an operator runs it, with the deployment's settings. */
async function operatorCommand(
  script: 'backup' | 'restore',
  env: Record<string, string>,
  argument = backupDir,
): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', `api/src/cli/${script}.ts`, argument],
    { cwd: repoRoot, env: { ...process.env, ...env }, timeout: 90_000 },
  );
  return stdout;
}

describe('the restore drill', () => {
  it('brings back every account, proof and report, and the open run finishes on a fresh Temporal', async () => {
    const api = before!;
    const started = Date.now();
    const hosts: Owner[] = [await signedInOwner(api), await signedInOwner(api)];
    const completed = [
      await completedRun(api, hosts[0]!, beforeWorker!),
      await completedRun(api, hosts[1]!, beforeWorker!, 'move_out'),
    ];
    // The open run: half its tasks done (a photo each where asked) before the disaster.
    const open = await newRun(hosts[1]!, 'turnover', {}, undefined);
    const tasks = (await open.cleaner.openRun()).body.run.tasks as { id: string; task: { required_media: number } }[];
    const half = tasks.slice(0, Math.ceil(tasks.length / 2));
    for (const task of half) {
      for (let n = 0; n < task.task.required_media; n += 1)
        expect((await open.cleaner.uploadPhoto(task.id, await cameraPhoto(`open-${n}`))).confirmed?.status).toBe(200);
      expect((await open.cleaner.tick(task.id)).status).toBe(200);
    }
    const reports = await api.orm.em.getConnection().execute<{ run_id: string; version: number; pdf_sha256: string }[]>(
      `select run_id, version, pdf_sha256 from reports where run_id in (?, ?)`,
      completed.map((run) => run.run.id),
    );
    expect(reports).toHaveLength(2);
    for (const run of completed) expect(sha256(run.pdf)).toBe(reports.find((r) => r.run_id === run.run.id)?.pdf_sha256);
    console.log(`data made in ${Math.round((Date.now() - started) / 1000)} s`);

    // The backup, encrypted, as the operator (or the daily schedule) makes it.
    const settings = {
      DATABASE_URL: api.config.DATABASE_URL,
      DATA_DIR: api.config.DATA_DIR,
      ...(api.config.S3_BUCKET ? { S3_BUCKET: api.config.S3_BUCKET } : {}),
      BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    await beforeWorker!.stop();
    beforeWorker = undefined;
    const backedUp = await operatorCommand('backup', settings);
    expect(backedUp).toMatch(/^Backup written to .+ media files .+ encrypted \(AES-256-GCM\)\.$/m);

    // The disaster: the database, every media file and the Temporal server with its workflows are gone.
    const storage = api.storage;
    await api.close();
    before = undefined;
    await dropDatabase(settings.DATABASE_URL);
    for await (const key of storage.list()) await storage.remove(key);
    freshTemporal = await startThrowawayTemporal(api.config.TEMPORAL_NAMESPACE);

    const restoreStarted = Date.now();
    const restored = await operatorCommand('restore', {
      ...settings,
      TEMPORAL_ADDRESS: freshTemporal.address,
      TEMPORAL_TASK_QUEUE: api.config.TEMPORAL_TASK_QUEUE,
    });
    const restoreSeconds = (Date.now() - restoreStarted) / 1000;
    console.log(restored);
    console.log(`restore took ${restoreSeconds.toFixed(1)} s`);
    expect(restored).toContain('every checksum and row count as recorded');
    // The open run gets its workflow back; every owner's trial too. The counts are at least this test's own:
    // the vitest worker's database holds the rows of the files that ran in it before this one.
    const startedAgain = (what: string) =>
      Number(new RegExp(`${what}: (\\d+) workflows started again, 0 already there`).exec(restored)?.[1] ?? 0);
    expect(startedAgain('runs')).toBeGreaterThanOrEqual(1);
    expect(startedAgain('trials')).toBeGreaterThanOrEqual(2);
    expect(restored).toContain(`Open runs with their workflows so far: ${startedAgain('runs')}`);
    // A restore stopped while giving workflows back resumes with that step alone; what is there stays.
    const resumed = await operatorCommand(
      'restore',
      { ...settings, TEMPORAL_ADDRESS: freshTemporal.address, TEMPORAL_TASK_QUEUE: api.config.TEMPORAL_TASK_QUEUE },
      '--workflows-only',
    );
    expect(resumed).not.toContain('Restored the backup');
    expect(resumed).toContain(`runs: 0 workflows started again, ${startedAgain('runs')} already there`);

    after = await startTestApi({
      env: {
        ...settings,
        TEMPORAL_ADDRESS: freshTemporal.address,
        TEMPORAL_TASK_QUEUE: api.config.TEMPORAL_TASK_QUEUE,
      },
    });
    afterWorker = await startWorkerProcess(after);

    // Every owner signs in with the password they had.
    const signedIn: Browser[] = [];
    for (const host of hosts) {
      const browser = new Browser(after.baseUrl);
      const login = await browser.post('/api/auth/login', { email: host.email, password: goodPassword });
      expect(login.status).toBe(200);
      signedIn.push(browser);
    }
    // Every completed run verifies, and its report downloads with the hash recorded at its making.
    for (const run of completed) {
      const verification = await verificationOf(after, run.run.id);
      expect(verification.problems).toEqual([]);
      expect(verification.valid).toBe(true);
      const owner = signedIn[completed.indexOf(run)]!;
      const pdf = await fetch(`${after.baseUrl}/api/runs/${run.run.id}/reports/1/pdf`, {
        headers: { Cookie: owner.cookie },
      });
      expect(pdf.status).toBe(200);
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(sha256(bytes)).toBe(reports.find((r) => r.run_id === run.run.id)?.pdf_sha256);
    }

    // The open run: the cleaner carries on with the same link and completes it; the host gets the report.
    const cleaner = new Cleaner(after.baseUrl, open.cleaner.token);
    for (const task of tasks.slice(half.length)) {
      for (let n = 0; n < task.task.required_media; n += 1)
        expect((await cleaner.uploadPhoto(task.id, await cameraPhoto(`late-${n}`))).confirmed?.status).toBe(200);
      expect((await cleaner.tick(task.id)).status).toBe(200);
    }
    expect((await cleaner.completeWhenAccepted()).status).toBe(200);
    const mail = await after.mailbox.latest(hosts[1]!.email, /^Inspection report: Harbour Loft/, 90_000);
    expect(
      mail.attachments.some((attachment) => attachment.contentType === 'application/pdf') || mail.text,
    ).toBeTruthy();
    expect((await verificationOf(after, open.run.id)).valid).toBe(true);
  }, 300_000);
});
