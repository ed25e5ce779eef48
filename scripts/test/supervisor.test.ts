// Issue 18: `npm start`'s supervisor starts a process that dies again (with back-off) instead of
// stopping the whole system. Played on the real API entry, killed with SIGKILL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepAlive, waitFor, type KeptAlive } from '../lib/processes.ts';
import { freePort } from '../lib/throwaway-stack.ts';

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
