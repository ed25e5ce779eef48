import { spawn, type ChildProcess } from 'node:child_process';
import type { Reaper } from './reaper.ts';

export interface Supervised {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/**
 * Starts a long-running child with prefixed output; `exited` settles with its exit code. The child
 * has its own process group, so Ctrl-C reaches only the supervisor, which stops children in order.
 */
export function supervise(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Supervised {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, exited };
}

export interface KeptAlive {
  name: string;
  /** The child running now (a new one after each restart). */
  current(): Supervised;
  /** How many times the process was started again after it died. */
  restarts(): number;
  /** Stops restarting and stops the child (SIGTERM, then SIGKILL after the grace time). */
  stop(graceMs?: number): Promise<void>;
}

export interface KeepAliveOptions {
  /** First wait before a restart, doubled after each quick death up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A process that ran this long before dying counts as healthy: the back-off starts over. */
  healthyAfterMs?: number;
  log?: (line: string) => void;
  /** Told of each process started, so none outlives a supervisor that is killed. */
  reaper?: Reaper;
}

/**
 * A long-running child that is started again when it dies (a crash, an out-of-memory kill), with
 * back-off so a process that cannot start does not spin; the rest of the system keeps running.
 */
export function keepAlive(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: KeepAliveOptions = {},
): KeptAlive {
  const { backoffMs = 1_000, maxBackoffMs = 30_000, healthyAfterMs = 60_000, log = console.error, reaper } = options;
  const start = () => {
    const started = supervise(name, command, args, env);
    reaper?.adopt(started.child.pid);
    void started.exited.then(() => reaper?.release(started.child.pid));
    return started;
  };
  let child = start();
  let restarts = 0;
  let wait = backoffMs;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const watch = (started: number) => {
    void child.exited.then((code) => {
      if (stopped) return;
      if (Date.now() - started > healthyAfterMs) wait = backoffMs;
      log(`The ${name} process exited unexpectedly (code ${code}); starting it again in ${wait / 1000} s.`);
      timer = setTimeout(() => {
        if (stopped) return;
        restarts += 1;
        child = start();
        watch(Date.now());
      }, wait);
      wait = Math.min(wait * 2, maxBackoffMs);
    });
  };
  watch(Date.now());
  return {
    name,
    current: () => child,
    restarts: () => restarts,
    async stop(graceMs?: number) {
      stopped = true;
      clearTimeout(timer);
      await stopProcess(child, graceMs);
    },
  };
}

/** SIGTERM, then SIGKILL if the process has not gone within the grace time. */
export async function stopProcess(process: Supervised, graceMs = 15_000): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill('SIGTERM');
  const timer = setTimeout(() => process.child.kill('SIGKILL'), graceMs);
  await process.exited;
  clearTimeout(timer);
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
