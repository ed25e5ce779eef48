import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { WORKER_PROCESS_ENV } from '@turnproof/temporal';
import type { TestApi } from './test-api.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The real worker entry (`temporal/src/worker-main.ts`) as its own process, configured like the
 * test API (database, Temporal, task queue, media folder or bucket, SMTP), so a test can SIGKILL it. `extraEnv`
 * adds or overrides settings (CHROMIUM_PATH, WORKER_METRICS_PORT).
 */
export async function startWorkerProcess(api: Pick<TestApi, 'config'>, extraEnv: Record<string, string> = {}) {
  const env = {
    ...process.env,
    DATABASE_URL: api.config.DATABASE_URL,
    TEMPORAL_ADDRESS: api.config.TEMPORAL_ADDRESS,
    TEMPORAL_NAMESPACE: api.config.TEMPORAL_NAMESPACE,
    TEMPORAL_TASK_QUEUE: api.config.TEMPORAL_TASK_QUEUE,
    SMTP_URL: api.config.SMTP_URL ?? '',
    DATA_DIR: api.config.DATA_DIR,
    PUBLIC_ORIGIN: api.config.publicOrigin,
    STRIPE_SECRET_KEY: api.config.STRIPE_SECRET_KEY ?? '',
    STRIPE_API_BASE: api.config.STRIPE_API_BASE ?? '',
    ...Object.fromEntries(
      (
        [
          'TWILIO_ACCOUNT_SID',
          'TWILIO_AUTH_TOKEN',
          'TWILIO_FROM_NUMBER',
          'TWILIO_MESSAGING_SERVICE_SID',
          'TWILIO_WHATSAPP_FROM',
          'TWILIO_API_URL',
          'VAPID_PUBLIC_KEY',
          'VAPID_PRIVATE_KEY',
          'VAPID_SUBJECT',
        ] as const
      ).map((name) => [name, api.config[name] ?? '']),
    ),
    SECRET_KEY: api.config.SECRET_KEY,
    S3_ENDPOINT: api.config.S3_ENDPOINT ?? '',
    S3_BUCKET: api.config.S3_BUCKET ?? '',
    S3_REGION: api.config.S3_REGION,
    S3_ACCESS_KEY_ID: api.config.S3_ACCESS_KEY_ID ?? '',
    S3_SECRET_ACCESS_KEY: api.config.S3_SECRET_ACCESS_KEY ?? '',
    NODE_ENV: 'production',
    CALENDAR_ALLOW_PRIVATE_ADDRESSES: api.config.CALENDAR_ALLOW_PRIVATE_ADDRESSES ? 'true' : 'false',
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: api.config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES ? 'true' : 'false',
    TSA_URL: api.config.TSA_URL.join(','),
    TSA_CA_FILE: api.config.TSA_CA_FILE ?? '',
    TSA_ALLOW_PRIVATE_ADDRESSES: api.config.TSA_ALLOW_PRIVATE_ADDRESSES ? 'true' : 'false',
    // Off unless a test asks: parallel test runs would fight over one metrics port.
    WORKER_METRICS_PORT: '0',
    // Production's worker yields the CPU to the API's requests; a test's worker beside a busy suite would
    // only wait longer, and its waits have deadlines. A bench passes production's setting.
    WORKER_NICENESS: '0',
    // As every launcher of the worker does (npm start, the Docker image).
    ...WORKER_PROCESS_ENV,
    // The workflow code the test run bundled once (vitest.global-setup.ts), as the Docker image carries it.
    ...(process.env.TEST_WORKFLOW_BUNDLE_PATH ? { WORKFLOW_BUNDLE_PATH: process.env.TEST_WORKFLOW_BUNDLE_PATH } : {}),
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'temporal/src/worker-main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Seconds when the machine is idle; a loaded one (two test files at a time, other work beside) may need
  // more than a minute. Within the 120 s hook timeout of vitest.config.ts.
  const deadline = Date.now() + 100_000;
  while (!output.includes('Turnproof worker ready')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The worker did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    output: () => output,
    /** The worker's process id (to read its memory, say). */
    pid: child.pid,
    /** The same process still runs (null), or how it ended. */
    exitCode: () => child.exitCode ?? child.signalCode,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    /** SIGTERM, as a deploy stops it; SIGKILL after 60 s, so that a worker stuck in its shutdown fails no teardown. */
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const stuck = setTimeout(() => child.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(stuck);
    },
  };
}

export type WorkerProcess = Awaited<ReturnType<typeof startWorkerProcess>>;
