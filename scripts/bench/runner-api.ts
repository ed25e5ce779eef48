// The runner-api section of `npm run bench`: throughput and latency of POST /api/public/task (what a
// cleaner's phone sends for every tick) under load, next to two anchors on the same HTTP stack: a bare
// Koa route and a minimal durable write (one INSERT through the API's connection pool).
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createOrm } from '@turnproof/db';
import autocannon from 'autocannon';
import { API_NODE_FLAGS, API_PROCESS_ENV } from '../../api/src/api-process.ts';
import { Cleaner } from '../../api/test/runner/cleaner.ts';
import type { Browser } from '../../api/test/support/browser.ts';
import { stopProcess, type Supervised } from '../lib/processes.ts';
import { Cleanup } from './cleanup.ts';
import { confirmedOwner, expectOk } from './owner.ts';
import { verdict } from './stats.ts';

const RUNS = 50;
const CONNECTIONS = 50;
const DURATION_SECONDS = 20;
const WARMUP_SECONDS = 2;
const TARGET_P99_MS = 25;
const TARGET_RATIO = 0.3;

const repoRoot = path.resolve(import.meta.dirname, '../..');

interface SeededRun {
  token: string;
  taskIds: string[];
}

/**
 * The child server (scripts/bench/runner-api-server.ts of the checkout at `cwd`, this one by default)
 * and the ports it announced.
 */
export async function startRunnerApiServer(cleanup: Cleanup, cwd = repoRoot, env: NodeJS.ProcessEnv = {}) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_CPU_PROF] : []),
      // As every launcher of the API does (npm start, the Docker image).
      ...API_NODE_FLAGS,
      '--import',
      'tsx',
      'scripts/bench/runner-api-server.ts',
    ],
    {
      cwd,
      // Its own task queue, which no worker polls: the load's signals just wait in Temporal.
      env: { ...process.env, ...API_PROCESS_ENV, TEMPORAL_TASK_QUEUE: 'bench-runner-api', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const server: Supervised = {
    name: 'runner-api server',
    child,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  cleanup.add(() => stopProcess(server));
  const ports = await new Promise<{ api: number; bare: number; durable: number }>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The runner-api server did not start:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith('{"api":'));
      if (!line) return;
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The runner-api server exited with code ${code} (its errors are above):\n${output}`));
    });
  });
  const url = (port: number) => `http://127.0.0.1:${port}`;
  return { apiUrl: url(ports.api), bareUrl: url(ports.bare), durableUrl: url(ports.durable), pid: child.pid! };
}

/** `RUNS` runs (each starts its run/{id} workflow) of one property, with their tokens and task ids. */
export async function seedRuns(owner: Browser, count = RUNS): Promise<SeededRun[]> {
  const property = expectOk(
    await owner.post('/api/properties', { name: 'Load Cabin', address: '1 Load Rd' }),
    'property',
  );
  const filter = encodeURIComponent(JSON.stringify({ property_id: property.body.id }));
  const checklists = expectOk(await owner.get(`/api/checklists?filter=${filter}`), 'checklists').body;
  const checklist = checklists.find((candidate: { type: string }) => candidate.type === 'turnover');
  const runs: SeededRun[] = [];
  for (let i = 0; i < count; i += 1) {
    const body = { property_id: property.body.id, type: 'turnover', checklist_id: checklist.id };
    const run = expectOk(await owner.post('/api/runs', body), 'run').body;
    const cleaner = Cleaner.fromLink(run.magic_link);
    const opened = expectOk(await cleaner.openRun(), 'open run').body;
    runs.push({ token: cleaner.token, taskIds: opened.run.tasks.map((task: { id: string }) => task.id) });
  }
  return runs;
}

/** Task ticks cycling over the runs (then their tasks), each with an action id of its own. */
export function taskTicks(runs: SeededRun[], actionPrefix = 'bench-load') {
  let sent = 0;
  return () => {
    const n = sent++;
    const run = runs[n % runs.length]!;
    return {
      token: run.token,
      runTaskId: run.taskIds[Math.floor(n / runs.length) % run.taskIds.length],
      checked: true,
      comment: `Load tick ${n}`,
      duration_seconds: 30 + (n % 60),
      action_id: `${actionPrefix}-${n}`,
    };
  };
}

function post(url: string, nextBody: () => object, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Called before every request, so each one carries a fresh body.
        setupRequest: (request) => ({ ...request, body: JSON.stringify(nextBody()) }),
      },
    ],
  });
}

/**
 * With BENCH_CPU_PROF, the monotonic clock's bounds of `measure` in <dir>/task-load.window.json, so
 * scripts/bench/profile-summary.ts can count only the server's samples under the task load (the profile
 * also holds its start-up, the seeding and the two anchors' loads). V8's profile clock and
 * process.hrtime are both CLOCK_MONOTONIC, in microseconds there.
 */
async function profiledWindow<T>(measure: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROF;
  const micros = () => Number(process.hrtime.bigint() / 1000n);
  const from = micros();
  const result = await measure();
  if (dir) await writeFile(path.join(dir, 'task-load.window.json'), JSON.stringify({ from, to: micros() }));
  return result;
}

/** A load's figures, and the server's CPU time per answered request while it ran (when its pid is known). */
export type Measured = autocannon.Result & { serverCpuMsPerRequest: number | null };

/**
 * A process's CPU time so far, user and system, in ms (/proc's ticks of 10 ms): a cost per request that
 * a busy machine slows less than it slows the rate, since waiting for a core is not counted.
 */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // After the command name in parentheses, utime and stime are the 12th and 13th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A short unreported run first, so the figures are not those of cold JIT and empty connection pools. */
export async function load(
  url: string,
  nextBody: () => object,
  seconds = DURATION_SECONDS,
  serverPid?: number,
): Promise<Measured> {
  await post(url, nextBody, WARMUP_SECONDS);
  const cpuBefore = serverPid ? await cpuMs(serverPid) : 0;
  const result = await post(url, nextBody, seconds);
  const serverCpuMsPerRequest = serverPid
    ? ((await cpuMs(serverPid)) - cpuBefore) / Math.max(1, result.requests.total)
    : null;
  return { ...result, serverCpuMsPerRequest };
}

export function printResult(label: string, result: autocannon.Result | Measured, target = '') {
  const cpu =
    'serverCpuMsPerRequest' in result && result.serverCpuMsPerRequest !== null
      ? `  server CPU ${result.serverCpuMsPerRequest.toFixed(3)} ms/req`
      : '';
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${status}×${count}`);
  console.log(
    `${label.padEnd(22)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  ` +
      `p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}${statuses.length ? ` (${statuses.join(', ')})` : ''}  ` +
      `errors ${result.errors} (timeouts ${result.timeouts})${cpu}${target}`,
  );
}

export async function runnerApiFigures(databaseUrl: string): Promise<void> {
  console.log(
    `\n== runner-api: autocannon, ${CONNECTIONS} connections × ${DURATION_SECONDS} s each (after ${WARMUP_SECONDS} s warm-up), ` +
      `API in a child process on loopback ==`,
  );
  console.log('No worker runs here: the API only sends signals, which Temporal accepts without one.');
  const cleanup = new Cleanup();
  try {
    const { apiUrl, bareUrl, durableUrl, pid } = await startRunnerApiServer(cleanup);
    const orm = await createOrm(databaseUrl);
    cleanup.add(() => orm.close());
    const runs = await seedRuns(await confirmedOwner(apiUrl, orm, 'bench-runner'));
    const task = await profiledWindow(() => load(`${apiUrl}/api/public/task`, taskTicks(runs), undefined, pid));
    // The same bodies, so the anchors pay the same JSON parsing.
    const bare = await load(`${bareUrl}/bare`, taskTicks(runs), undefined, pid);
    const durable = await load(`${durableUrl}/durable`, taskTicks(runs), undefined, pid);
    const ratio = task.requests.average / bare.requests.average;
    printResult(
      'POST /api/public/task',
      task,
      `   target p99 ≤ ${TARGET_P99_MS} ms: ${verdict(task.latency.p99 <= TARGET_P99_MS)}`,
    );
    printResult('POST /bare', bare);
    printResult('POST /durable (INSERT)', durable);
    console.log(
      `task rps / bare rps: ${(ratio * 100).toFixed(1)} %   target ≥ ${TARGET_RATIO * 100} %: ${verdict(ratio >= TARGET_RATIO)}`,
    );
    console.log(
      `task rps / durable write rps: ${((task.requests.average / durable.requests.average) * 100).toFixed(1)} %`,
    );
  } finally {
    await cleanup.run();
  }
}
