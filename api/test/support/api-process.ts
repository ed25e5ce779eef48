import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { API_NODE_FLAGS, API_PROCESS_ENV } from '../../src/api-process.ts';
import type { TestApi } from './test-api.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A port free on loopback right now (for a process that must be told its port). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ApiProcess = Awaited<ReturnType<typeof startApiProcess>>;

/**
 * The real API entry (`api/src/main.ts`) as its own process, started as `npm start` starts it, on the test
 * API's database, Temporal namespace, task queue and mail catcher, with its own port and origin. `env`
 * adds settings; a setting given as undefined is taken away. Answers once /api/health does.
 */
export async function startApiProcess(api: TestApi, env: Record<string, string | undefined> = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const environment: Record<string, string | undefined> = {
    ...process.env,
    ...API_PROCESS_ENV,
    DATABASE_URL: api.config.DATABASE_URL,
    TEMPORAL_ADDRESS: api.config.TEMPORAL_ADDRESS,
    TEMPORAL_NAMESPACE: api.config.TEMPORAL_NAMESPACE,
    TEMPORAL_TASK_QUEUE: api.config.TEMPORAL_TASK_QUEUE,
    SMTP_URL: api.config.SMTP_URL ?? '',
    DATA_DIR: api.config.DATA_DIR,
    SECRET_KEY: api.config.SECRET_KEY,
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    LOG_LEVEL: 'warn',
    // Off unless a test asks: two API processes would fight over the default metrics port.
    METRICS_PORT: '0',
    ...env,
  };
  for (const [name, value] of Object.entries(environment)) if (value === undefined) delete environment[name];
  const child = spawn(process.execPath, [...API_NODE_FLAGS, '--import', 'tsx', 'api/src/main.ts'], {
    cwd: repoRoot,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 100_000;
  while (
    !(await fetch(`${origin}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The API did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    output: () => output,
    /** SIGTERM, as a deploy stops it; resolves once the process has ended. */
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
