// Issue 18: `npm start`'s supervisor starts a process that dies again (with back-off) instead of
// stopping the whole system. Played on the real API entry, killed with SIGKILL. Issue 29: the supervisor
// itself killed with SIGKILL leaves nothing running (its reaper stops the rest).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepAlive, waitFor, type KeptAlive } from '../lib/processes.ts';
import { freePort, siblingDatabaseUrl } from '../lib/throwaway-stack.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
let api: KeptAlive | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  await api?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the start command's supervisor", () => {
  it('starts a killed API process again, and the API answers again', async () => {
    const port = await freePort();
    dataDir = await mkdtemp(path.join(tmpdir(), 'turnproof-supervisor-'));
    const lines: string[] = [];
    api = keepAlive(
      'api',
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'api/src/main.ts')],
      { ...process.env, PORT: String(port), METRICS_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      { backoffMs: 500, log: (line) => lines.push(line) },
    );
    const live = async () => (await fetch(`http://127.0.0.1:${port}/api/health/live`)).ok;
    await waitFor('the API to answer', live, 60_000);
    const firstPid = api.current().child.pid;

    api.current().child.kill('SIGKILL');
    await api.current().exited;
    await waitFor('the API to answer again', live, 60_000);

    expect(api.restarts()).toBe(1);
    expect(api.current().child.pid).not.toBe(firstPid);
    expect(lines.join('\n')).toMatch(/The api process exited unexpectedly \(code null\); starting it again in 0.5 s\./);
    // No worker runs here, so readiness reports PDF printing down; the API's own dependencies are up.
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    expect(await ready.json()).toMatchObject({ database: 'up', temporal: 'up' });
  });
});

/** Every process below `pid`, from /proc (children first found, then theirs). */
async function descendantsOf(pid: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The fields after the command's closing parenthesis: state, then the parent's id.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length;) {
    const children = parents.get(queue.shift()!) ?? [];
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start killed outright', () => {
  let started: ChildProcess | undefined;
  afterAll(() => {
    started?.kill('SIGKILL');
  });

  it('leaves no Temporal server, worker, API or Chromium behind', async () => {
    const [port, temporalPort, uiPort] = [await freePort(), await freePort(), await freePort()];
    const startDir = await mkdtemp(path.join(tmpdir(), 'turnproof-start-'));
    started = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/start.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: siblingDatabaseUrl('turnproof_start'),
        TEMPORAL_ADDRESS: `127.0.0.1:${temporalPort}`,
        TEMPORAL_UI_PORT: String(uiPort),
        PORT: String(port),
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        METRICS_PORT: '0',
        WORKER_METRICS_PORT: '0',
        DATA_DIR: startDir,
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        // The suite's build step made them; building again would pull the files from under the other tests.
        FRONT_ENDS_PREBUILT: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor('npm start to say it is running', async () => output.includes('Turnproof is running.'), 240_000);
    // The worker checks it can print reports: Chromium runs too.
    await waitFor(
      'the worker to start Chromium',
      async () => {
        const processes = await descendantsOf(started!.pid!);
        const commands = await Promise.all(
          processes.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')),
        );
        return commands.some((command) => /chrom/i.test(command));
      },
      60_000,
    );
    const children = await descendantsOf(started.pid!);
    const commands = await Promise.all(children.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8')));
    const joined = commands.join('\n');
    for (const part of ['temporal', 'worker-main.ts', 'api/src/main.ts', 'reaper-main.ts'])
      expect(joined).toContain(part);

    started.kill('SIGKILL');
    await waitFor('every child to be gone', async () => !children.some(alive), 40_000).catch(() => undefined);
    const left = children.filter(alive);
    const leftCommands = await Promise.all(left.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')));
    expect(leftCommands.map((command) => command.replaceAll('\0', ' ').slice(0, 120))).toEqual([]);
    await rm(startDir, { recursive: true, force: true });
  }, 360_000);
});
