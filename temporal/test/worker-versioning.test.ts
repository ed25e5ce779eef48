import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { WorkflowHandle } from '@temporalio/client';
import { DeterminismViolationError } from '@temporalio/workflow';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Worker } from '@temporalio/worker';
import { loadConfig } from '@turnproof/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTemporal, createTurnproofWorker, type TemporalClient, type TurnproofActivities } from '../src/index.ts';
import { promoteNewVersion, workerDeploymentVersion } from '../src/worker-deployment.ts';
import { codeVersionQuery, releaseSignal } from './support/deploy-probe/messages.ts';

// A task queue and a deployment of its own on the shared server, new for each try of the test.
function ownDeployment() {
  return {
    ...loadConfig(),
    TEMPORAL_TASK_QUEUE: `test-versioning-${randomUUID()}`,
    WORKER_VERSIONING: true,
    WORKER_DEPLOYMENT_NAME: `test-versioning-${randomUUID()}`,
    WORKER_BUILD_ID: undefined,
  };
}
let config = ownDeployment();
const probeDir = path.join(import.meta.dirname, 'support/deploy-probe');
// The probe workflows call no activity.
const noActivities = {} as TurnproofActivities;

let temporal: TemporalClient;
let connection: NativeConnection;
const workers: { worker: Worker; running: Promise<void> }[] = [];
beforeAll(async () => {
  temporal = await connectTemporal(config);
  connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
});
afterAll(async () => {
  for (const { worker } of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
  await Promise.allSettled(workers.map(({ running }) => running));
  await connection?.close();
  await temporal?.connection.close();
});

/** A deploy: bundles `file`, starts a worker of its version beside the ones running, and promotes it. */
async function deploy(file: string) {
  const bundle = await bundleWorkflowCode({
    workflowsPath: path.join(probeDir, file),
    logger: new DefaultLogger('WARN'),
  });
  const version = workerDeploymentVersion(config, bundle.code)!;
  const worker = await createTurnproofWorker({
    config,
    connection,
    activities: noActivities,
    workflowBundle: bundle,
    deploymentVersion: version,
  });
  workers.push({ worker, running: worker.run() });
  const promotion = await promoteNewVersion({
    service: connection.workflowService,
    namespace: config.TEMPORAL_NAMESPACE,
    version,
  });
  return { bundle, version, promotion };
}

async function startProbe(workflow = 'deployProbe'): Promise<WorkflowHandle> {
  const handle = await temporal.client.workflow.start(workflow, {
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    workflowId: `deploy-probe-${randomUUID()}`,
  });
  // Answered once its first workflow task ran: the run has started on that code.
  await handle.query(codeVersionQuery);
  return handle;
}

describe('a deploy of incompatible workflow code with runs in flight', () => {
  it('finishes the runs started on N on N and starts new runs on N+1', { timeout: 120_000 }, async () => {
    config = ownDeployment();
    const n = await deploy('version-n.ts');
    expect(n.promotion).toBe('promoted');
    const startedOnN = await startProbe();
    expect(await startedOnN.query(codeVersionQuery)).toBe('N');
    const upgradingFromN = await startProbe('upgradingProbe');

    const n1 = await deploy('version-n1.ts');
    expect(n1.promotion).toBe('promoted');
    // The build id follows the workflow code.
    expect(n1.version.buildId).not.toBe(n.version.buildId);
    const startedOnN1 = await startProbe();
    expect(await startedOnN1.query(codeVersionQuery)).toBe('N+1');
    // The run started before the deploy still answers from N, with N+1 polling the same task queue.
    expect(await startedOnN.query(codeVersionQuery)).toBe('N');

    await Promise.all([startedOnN, startedOnN1, upgradingFromN].map((handle) => handle.signal(releaseSignal)));
    expect(await startedOnN.result()).toBe('finished on N');
    expect(await startedOnN1.result()).toBe('finished on N+1');
    // A long-lived workflow (upgradeWithEachVersion) moves to the new version instead.
    expect(await upgradingFromN.result()).toBe('finished on N+1');

    // No workflow task of either run failed on its way.
    for (const handle of [startedOnN, startedOnN1, upgradingFromN]) {
      const { events } = await handle.fetchHistory();
      expect(events?.filter((event) => event.workflowTaskFailedEventAttributes)).toEqual([]);
    }
    // And the change is really incompatible: N's history does not replay on N+1's code.
    await expect(
      Worker.runReplayHistory({ workflowBundle: n1.bundle }, await startedOnN.fetchHistory(), startedOnN.workflowId),
    ).rejects.toBeInstanceOf(DeterminismViolationError);

    // A restarted replica of N does not take the new runs back.
    const again = await promoteNewVersion({
      service: connection.workflowService,
      namespace: config.TEMPORAL_NAMESPACE,
      version: n.version,
    });
    expect(again).toBe('was-current-before');
  });
});
