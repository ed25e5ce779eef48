// The proof section of `npm run bench`: what the capture log costs the cleaners' hottest call, and how
// long verifying a 300-entry chain takes.
// 1. POST /api/public/task under the runner-api load, against this checkout ("with the chain") and
//    against the same commit with the capture-log part of the task statement taken out
//    (without-capture-log.patch, applied to a `git archive` of HEAD under .data/): the only difference
//    is the chain. Both servers run side by side on the same database and Temporal server; the loads
//    alternate in ABBA order over ROUNDS rounds so drift and a busy machine hit both alike, and the
//    medians (and the median of each round's paired ratio) are compared.
// 2. GET /api/public/verify/{runId} of a run with 290 task actions and 10 photos (300 entries).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { createOrm } from '@turnproof/db';
import type autocannon from 'autocannon';
import { Cleaner, cameraPhoto } from '../../api/test/runner/cleaner.ts';
import { archivedCheckout } from './archived-checkout.ts';
import { Cleanup } from './cleanup.ts';
import { confirmedOwner, expectOk } from './owner.ts';
import { load, printResult, seedRuns, startRunnerApiServer, taskTicks } from './runner-api.ts';
import { median, ms, verdict } from './stats.ts';

const ROUNDS = 6;
const TARGET_LOSS = 0.1;
const TARGET_VERIFY_MS = 1000;
const CHAIN_ENTRIES = 300;
const CHAIN_PHOTOS = 10;

const repoRoot = path.resolve(import.meta.dirname, '../..');
const withoutChainPatch = path.join(import.meta.dirname, 'without-capture-log.patch');
const run = promisify(execFile);

/** HEAD's sources beside this checkout with the capture log taken out of the task statement. */
function checkoutWithoutChain(): Promise<{ dir: string; commit: string }> {
  return archivedCheckout('HEAD', 'bench-without-chain', async (dir) => {
    try {
      await run('git', ['apply', withoutChainPatch], { cwd: dir });
    } catch (error) {
      throw new Error(
        `scripts/bench/without-capture-log.patch no longer applies to the task statement; make it again ` +
          `(remove the capture-log CTEs and entries from api/src/public/task-action-statement.ts, git diff).`,
        { cause: error },
      );
    }
  });
}

interface Side {
  label: string;
  apiUrl: string;
  owner: Awaited<ReturnType<typeof confirmedOwner>>;
  results: autocannon.Result[];
}

async function startSide(cleanup: Cleanup, cwd: string, label: string, orm: Awaited<ReturnType<typeof createOrm>>) {
  const { apiUrl } = await startRunnerApiServer(cleanup, cwd);
  const owner = await confirmedOwner(apiUrl, orm, `bench-proof-${label}`);
  const side: Side = { label, apiUrl, owner, results: [] };
  return side;
}

const signed = (change: number) => `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`;

async function chainCost(): Promise<void> {
  const cleanup = new Cleanup();
  try {
    const without = await checkoutWithoutChain();
    const orm = await createOrm(process.env.DATABASE_URL!);
    cleanup.add(() => orm.close());
    const before = await startSide(cleanup, without.dir, 'without-chain', orm);
    const after = await startSide(cleanup, repoRoot, 'with-chain', orm);
    for (let round = 0; round < ROUNDS; round += 1) {
      // ABBA: each side goes first in half the rounds.
      for (const side of round % 2 === 0 ? [before, after] : [after, before]) {
        // Fresh runs for each load: six loads on the same runs would bring them to their cap of actions (429).
        const ticks = taskTicks(await seedRuns(side.owner), `bench-proof-${side.label}-${round}-${randomUUID()}`);
        side.results.push(await load(`${side.apiUrl}/api/public/task`, ticks));
      }
    }
    before.results.forEach((result, i) => printResult(`without the chain #${i + 1}`, result));
    after.results.forEach((result, i) => printResult(`with the chain #${i + 1}`, result));
    const figure = (side: Side) => ({
      rps: median(side.results.map((result) => result.requests.average)),
      p99: median(side.results.map((result) => result.latency.p99)),
    });
    const [b, a] = [figure(before), figure(after)];
    const rateChange = a.rps / b.rps - 1;
    const p99Change = a.p99 / b.p99 - 1;
    // Each round's pair ran back to back: its ratio is the least disturbed by the machine's load.
    const pairedRate =
      median(after.results.map((r, i) => r.requests.average / before.results[i]!.requests.average)) - 1;
    const pairedP99 = median(after.results.map((r, i) => r.latency.p99 / before.results[i]!.latency.p99)) - 1;
    const errors = [...before.results, ...after.results].reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    console.log(
      `median of ${ROUNDS} rounds (HEAD ${without.commit} without vs with the chain): ` +
        `rate ${b.rps.toFixed(0)} -> ${a.rps.toFixed(0)} req/s (${signed(rateChange)}), ` +
        `p99 ${b.p99} -> ${a.p99} ms (${signed(p99Change)}); paired per round: rate ${signed(pairedRate)}, ` +
        `p99 ${signed(pairedP99)}; non-2xx and errors ${errors}   target within ${TARGET_LOSS * 100} %: ` +
        verdict(rateChange >= -TARGET_LOSS && p99Change <= TARGET_LOSS && errors === 0),
    );
  } finally {
    await cleanup.run();
  }
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
    `\n== proof: the capture log's cost on POST /api/public/task (this commit without vs with the chain, ` +
      `${ROUNDS} rounds in ABBA order) and verification of a ${CHAIN_ENTRIES}-entry chain ==`,
  );
  await chainCost();
  await verificationTime();
}
