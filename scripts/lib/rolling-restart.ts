// A rolling restart of two API processes behind a round-robin proxy, under load: what a deploy of the
// API does (docs/operations.md), measured for `npm run bench -- rolling-restart` and its test.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@turnproof/config';
import { createOrm } from '@turnproof/db';
import { API_NODE_FLAGS, API_PROCESS_ENV } from '../../api/src/api-process.ts';
import { confirmedOwner } from '../bench/owner.ts';
import { OutageLoad, sleep } from '../test/support/outage-load.ts';
import { startRoundRobinProxy } from './round-robin-proxy.ts';
import { freePort } from './throwaway-stack.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

interface ApiProcess {
  backend: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

export interface RollingRestartOptions {
  /** Beside this process's environment (its database, Temporal and secret), for the APIs. */
  env?: NodeJS.ProcessEnv;
  /** Console tabs that keep opening the owner's lists, each in a loop (OutageLoad.ownerLoop). */
  tabs?: number;
  /** Load before, between and after the restarts. */
  settleMs?: number;
}

export interface RollingRestartFigures {
  load: OutageLoad;
  /** Answers that were not 2xx (network failures count as status 0). */
  failed: number;
  /** Requests the proxy sent again after a reset (RoundRobinProxy.retriedAfterConnect). */
  retried: number;
  /**
   * Per restarted process: requests it had in flight at SIGTERM, ms from SIGTERM to its exit and to its
   * replacement answering, and its exit code.
   */
  restarts: { inFlight: number; drainMs: number; replacedMs: number; exitCode: number | null }[];
}

/** Starts two API processes and a proxy, loads them, restarts each in turn, and reports what clients saw. */
export async function rollingRestart(options: RollingRestartOptions = {}): Promise<RollingRestartFigures> {
  const settleMs = options.settleMs ?? 2_000;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'turnproof-rolling-'));
  const env = { ...options.env, DATA_DIR: dataDir };
  const apis: ApiProcess[] = [];
  const proxy = await startRoundRobinProxy([]);
  const orm = await createOrm(loadConfig({ ...process.env, ...env }).DATABASE_URL);
  try {
    const started = await Promise.allSettled([startApi(env, proxy.url), startApi(env, proxy.url)]);
    for (const result of started) if (result.status === 'fulfilled') apis.push(result.value);
    if (apis.length < 2) throw new Error('The two APIs did not both start');
    proxy.backends.push(...apis.map((api) => api.backend));
    // One account (sign-ups per address are limited), open in several tabs at once.
    const owner = await confirmedOwner(proxy.url, orm, 'rolling');
    const load = new OutageLoad();
    const loops = Array.from({ length: options.tabs ?? 8 }, () => load.ownerLoop(owner, 0));
    const restarts: RollingRestartFigures['restarts'] = [];
    try {
      await sleep(settleMs);
      for (let n = 0; n < apis.length; n += 1) {
        const old = apis[n]!;
        const stopping = Date.now();
        const inFlight = proxy.inFlight(old.backend);
        old.child.kill('SIGTERM');
        const exitCode = await old.exited;
        const drainMs = Date.now() - stopping;
        // A new process on a new port, as a new container would be; the proxy learns of it once it answers.
        const fresh = await startApi(env, proxy.url);
        proxy.backends.splice(proxy.backends.indexOf(old.backend), 1, fresh.backend);
        apis[n] = fresh;
        restarts.push({ inFlight, drainMs, replacedMs: Date.now() - stopping, exitCode });
        await sleep(settleMs);
      }
    } finally {
      load.stop();
      await Promise.all(loops);
    }
    const failed = load.answers.filter((answer) => answer.status < 200 || answer.status >= 300).length;
    return { load, failed, retried: proxy.retriedAfterConnect(), restarts };
  } finally {
    for (const api of apis) api.child.kill('SIGTERM');
    await Promise.all(apis.map((api) => api.exited));
    await Promise.allSettled([proxy.close(), orm.close()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The real API entry (api/src/main.ts) as every launcher starts it, resolved once it answers. */
async function startApi(env: NodeJS.ProcessEnv, publicOrigin: string): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...API_NODE_FLAGS, '--import', 'tsx', 'api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...API_PROCESS_ENV,
      ...env,
      PORT: String(port),
      PUBLIC_ORIGIN: publicOrigin,
      METRICS_PORT: '0',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const backend = `127.0.0.1:${port}`;
  // A cold start compiles the API's TypeScript (tsx): tens of seconds on a busy two-core machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const live = await fetch(`http://${backend}/api/health/live`).catch(() => undefined);
    if (live?.ok) return { backend, child, exited };
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The API on ${backend} did not start`);
    }
    await sleep(100);
  }
}
