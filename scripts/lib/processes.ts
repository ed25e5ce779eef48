import { spawn, type ChildProcess } from 'node:child_process';

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
