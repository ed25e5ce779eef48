// The proof section of `npm run bench`: what the capture log costs the cleaners' hottest call, and how
// long verifying a 300-entry chain takes.
// 1. POST /api/public/task under the runner-api load, against this checkout and against the code just
//    before the capture log (PRE_CHAIN_COMMIT, unpacked with `git archive` under .data/), alternately,
//    in the same run, on the same database and Temporal server.
// 2. GET /api/public/verify/{runId} of a run with 290 task actions and 10 photos (300 entries).
import { execFile } from 'node:child_process';
import { mkdir, readdir, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { createOrm } from '@turnproof/db';
import type autocannon from 'autocannon';
import { Cleaner, cameraPhoto } from '../../api/test/runner/cleaner.ts';
import { Cleanup } from './cleanup.ts';
import { confirmedOwner, expectOk } from './owner.ts';
import { load, printResult, seedRuns, startRunnerApiServer, taskTicks } from './runner-api.ts';
import { median, ms, verdict } from './stats.ts';

/** main as last merged into this branch (everything but the capture log): the "before" of the comparison. */
const PRE_CHAIN_COMMIT = 'b1122cb';
const ROUNDS = 3;
const TARGET_LOSS = 0.1;
const TARGET_VERIFY_MS = 1000;
const CHAIN_ENTRIES = 300;
const CHAIN_PHOTOS = 10;

const repoRoot = path.resolve(import.meta.dirname, '../..');
const baselineDir = path.join(repoRoot, '.data', `bench-baseline-${PRE_CHAIN_COMMIT}`);

/**
 * The pre-chain sources beside this checkout, sharing its node_modules except the workspace packages,
 * which point at the baseline's own folders (so its API runs its own code throughout).
 */
async function baselineCheckout(): Promise<string> {
  const ready = await stat(path.join(baselineDir, 'node_modules')).then(
    () => true,
    () => false,
  );
  if (ready) return baselineDir;
  await rm(baselineDir, { recursive: true, force: true });
  await mkdir(baselineDir, { recursive: true });
  const archive = path.join(baselineDir, 'sources.tar');
  await promisify(execFile)('git', ['archive', '--output', archive, PRE_CHAIN_COMMIT], { cwd: repoRoot });
  await promisify(execFile)('tar', ['-xf', archive, '-C', baselineDir]);
  const modules = path.join(baselineDir, 'node_modules');
  await mkdir(path.join(modules, '@turnproof'), { recursive: true });
  for (const entry of await readdir(path.join(repoRoot, 'node_modules'))) {
    if (entry !== '@turnproof') await symlink(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  for (const pkg of await readdir(path.join(repoRoot, 'node_modules', '@turnproof'))) {
    await symlink(path.join(baselineDir, pkg), path.join(modules, '@turnproof', pkg));
  }
  return baselineDir;
}

async function taskLoad(cwd: string, label: string, round: number): Promise<autocannon.Result> {
  const cleanup = new Cleanup();
  try {
    const { apiUrl } = await startRunnerApiServer(cleanup, cwd);
    const orm = await createOrm(process.env.DATABASE_URL!);
    cleanup.add(() => orm.close());
    const runs = await seedRuns(await confirmedOwner(apiUrl, orm, `bench-proof-${label}-${round}`));
    return await load(`${apiUrl}/api/public/task`, taskTicks(runs, `bench-proof-${label}-${round}-${randomUUID()}`));
  } finally {
    await cleanup.run();
  }
}

async function chainCost(): Promise<void> {
  const before = await baselineCheckout();
  const results: { before: autocannon.Result[]; after: autocannon.Result[] } = { before: [], after: [] };
  for (let round = 1; round <= ROUNDS; round += 1) {
    results.before.push(await taskLoad(before, 'before', round));
    results.after.push(await taskLoad(repoRoot, 'after', round));
  }
  const figure = (list: autocannon.Result[]) => ({
    rps: median(list.map((result) => result.requests.average)),
    p99: median(list.map((result) => result.latency.p99)),
  });
  results.before.forEach((result, i) => printResult(`before the chain #${i + 1}`, result));
  results.after.forEach((result, i) => printResult(`with the chain #${i + 1}`, result));
  const [b, a] = [figure(results.before), figure(results.after)];
  const rateChange = a.rps / b.rps - 1;
  const p99Change = a.p99 / b.p99 - 1;
  const signed = (change: number) => `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`;
  console.log(
    `median of ${ROUNDS}: rate ${b.rps.toFixed(0)} -> ${a.rps.toFixed(0)} req/s (${signed(rateChange)}), ` +
      `p99 ${b.p99} -> ${a.p99} ms (${signed(p99Change)})   target within ${TARGET_LOSS * 100} %: ` +
      verdict(rateChange >= -TARGET_LOSS && p99Change <= TARGET_LOSS),
  );
}

/** A run whose capture log has CHAIN_ENTRIES entries: CHAIN_PHOTOS photos, then ticks and unticks. */
async function runWith300Entries(apiUrl: string, orm: Awaited<ReturnType<typeof createOrm>>): Promise<string> {
  const owner = await confirmedOwner(apiUrl, orm, 'bench-proof-verify');
  const [run] = await seedRuns(owner, 1);
  const cleaner = new Cleaner(apiUrl, run!.token);
  for (let n = 0; n < CHAIN_PHOTOS; n += 1) {
    const upload = await cleaner.uploadPhoto(run!.taskIds[0]!, await cameraPhoto(`verify-${n}`));
    if (upload.confirmed?.status !== 200) throw new Error(`photo ${n} failed: ${JSON.stringify(upload)}`);
  }
  for (let n = 0; n < CHAIN_ENTRIES - CHAIN_PHOTOS; n += 1) {
    const taskId = run!.taskIds[n % run!.taskIds.length]!;
    expectOk(await cleaner.tick(taskId, { checked: n % 2 === 0, timestamp: Date.now() }), 'tick');
  }
  return (expectOk(await cleaner.openRun(), 'open run').body as { run: { id: string } }).run.id;
}

async function verificationTime(): Promise<void> {
  const cleanup = new Cleanup();
  try {
    const { apiUrl } = await startRunnerApiServer(cleanup);
    const orm = await createOrm(process.env.DATABASE_URL!);
    cleanup.add(() => orm.close());
    const runId = await runWith300Entries(apiUrl, orm);
    const times: number[] = [];
    let answer: { valid: boolean; entry_count: number } | null = null;
    for (let n = 0; n < 10; n += 1) {
      const started = performance.now();
      const response = await fetch(`${apiUrl}/api/public/verify/${runId}`);
      answer = (await response.json()) as { valid: boolean; entry_count: number };
      times.push(performance.now() - started);
    }
    console.log(
      `GET /api/public/verify of ${answer?.entry_count} entries (${CHAIN_PHOTOS} photos, valid: ${answer?.valid}): ` +
        `median ${ms(median(times))}, slowest ${ms(Math.max(...times))}   target ≤ ${TARGET_VERIFY_MS} ms: ` +
        verdict(Math.max(...times) <= TARGET_VERIFY_MS),
    );
  } finally {
    await cleanup.run();
  }
}

export async function proofFigures(): Promise<void> {
  console.log(
    `\n== proof: the capture log's cost on POST /api/public/task (before ${PRE_CHAIN_COMMIT} vs this checkout, ` +
      `${ROUNDS} alternating rounds) and verification of a ${CHAIN_ENTRIES}-entry chain ==`,
  );
  await chainCost();
  await verificationTime();
}
