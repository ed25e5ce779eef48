import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleTurnproofWorkflows } from '@turnproof/temporal';
import type { TestProject } from 'vitest/node';
import { ensureConsoleFresh, ensureFrontEndsBuilt } from './api/test/console/console-build.ts';
import { startS3Store } from './api/test/support/s3-store.ts';
import {
  cloneDatabase,
  freshDatabase,
  siblingDatabaseUrl,
  startThrowawayTemporal,
  suffixedDatabaseUrl,
} from './scripts/lib/throwaway-stack.ts';

/**
 * Once per `vitest run`, before any test file: one Temporal dev server that every file shares; for each
 * vitest worker (files run in parallel, one at a time per worker) its own fresh database and Temporal
 * namespace, so files side by side never see each other's rows, schedules or workflows; the workflow code
 * bundled once for the worker processes; with TEST_MEDIA_STORE=s3, an S3-compatible server for media.
 * They reach the test processes through the environment (read by loadConfig()), which the forked workers
 * inherit; vitest.worker-setup.ts picks the worker's own database and namespace.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The browser tests of the console need a build of the current sources, and a build in the middle of
  // the run would empty a dist/ folder under the files running beside it.
  ensureConsoleFresh();
  ensureFrontEndsBuilt();
  // Worker processes run with NODE_ENV=production, which refuses the public development key; the test
  // API (in-process) and its workers share this one.
  process.env.SECRET_KEY ??= randomBytes(48).toString('base64');

  const workers = Array.from({ length: project.config.maxWorkers }, (_, index) => index + 1);
  const templateUrl = process.env.TEST_DATABASE_URL ?? siblingDatabaseUrl('turnproof_test');
  const databaseOf = (worker: number) => suffixedDatabaseUrl(templateUrl, `_w${worker}`);
  const namespaceOf = (worker: number) => `turnproof-test-${worker}`;
  const bundleDir = await mkdtemp(path.join(tmpdir(), 'turnproof-workflows-'));
  const bundlePath = path.join(bundleDir, 'workflows.js');

  const [temporal] = await Promise.all([
    startThrowawayTemporal(undefined, workers.map(namespaceOf)),
    freshDatabase(templateUrl).then(() =>
      Promise.all(workers.map((worker) => cloneDatabase(templateUrl, databaseOf(worker)))),
    ),
    // A worker process that bundles at its start (npm start, the smoke and chaos runs) takes seconds of
    // CPU; the tests' worker processes load this bundle instead (api/test/support/worker-process.ts).
    bundleTurnproofWorkflows().then(({ code }) => writeFile(bundlePath, code)),
  ]);
  process.env.TEMPORAL_ADDRESS = temporal.address;
  process.env.TEST_WORKFLOW_BUNDLE_PATH = bundlePath;
  process.env.TURNPROOF_TEST_WORKERS = JSON.stringify(
    Object.fromEntries(
      workers.map((worker) => [worker, { DATABASE_URL: databaseOf(worker), TEMPORAL_NAMESPACE: namespaceOf(worker) }]),
    ),
  );
  // TEST_MEDIA_STORE=s3: every test API and worker keeps media in a real S3-compatible server.
  const store = process.env.TEST_MEDIA_STORE === 's3' ? await startS3Store() : null;
  if (store) Object.assign(process.env, store.env);
  return async () => {
    await store?.close();
    await temporal.stop();
    await rm(bundleDir, { recursive: true, force: true });
  };
}
