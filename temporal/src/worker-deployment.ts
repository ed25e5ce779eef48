import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isGrpcServiceError, type WorkflowService } from '@temporalio/client';
import type { WorkerDeploymentVersion } from '@temporalio/common';
import type { Config } from '@turnproof/config';

type DeploymentConfig = Pick<Config, 'WORKER_VERSIONING' | 'WORKER_DEPLOYMENT_NAME' | 'WORKER_BUILD_ID'>;

/**
 * The deployment version this worker declares, or undefined when versioning is off. Without
 * WORKER_BUILD_ID the build id is a hash of the workflow bundle: the version changes exactly when the
 * workflow code does, the same in every replica of an image and in every checkout of one commit, and a
 * deploy that only touches activities or the API joins the running version instead of starting another.
 */
export function workerDeploymentVersion(
  config: DeploymentConfig,
  workflowCode: string,
): WorkerDeploymentVersion | undefined {
  if (!config.WORKER_VERSIONING) return undefined;
  const buildId =
    config.WORKER_BUILD_ID ?? `workflows-${createHash('sha256').update(workflowCode).digest('hex').slice(0, 12)}`;
  return { deploymentName: config.WORKER_DEPLOYMENT_NAME, buildId };
}

export type PromotionOutcome = 'promoted' | 'already-current' | 'was-current-before';

export interface PromoteOptions {
  service: WorkflowService;
  namespace: string;
  version: WorkerDeploymentVersion;
  /** How long to wait for the server to register the version from this worker's first polls. */
  timeoutMs?: number;
}

/**
 * Makes a version that has never been current the deployment's current version: new workflows start
 * on it, and the previous version's pinned workflows drain on the previous workers. A version that was
 * current once and lost it (an operator rolled back, or a newer one took over) is left alone, so an old
 * replica that restarts does not take new work back from the newer code.
 */
export async function promoteNewVersion(options: PromoteOptions): Promise<PromotionOutcome> {
  const { service, namespace, version } = options;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    try {
      const { workerDeploymentVersionInfo: info } = await service.describeWorkerDeploymentVersion({
        namespace,
        deploymentVersion: version,
      });
      if (info?.currentSinceTime) return 'already-current';
      // Set once a version was current or ramping (firstActivationTime is not filled in by server 1.29).
      if (info?.routingChangedTime || info?.firstActivationTime) return 'was-current-before';
      await service.setWorkerDeploymentCurrentVersion({
        namespace,
        deploymentName: version.deploymentName,
        buildId: version.buildId,
        identity: `turnproof-worker ${version.buildId}`,
      });
      return 'promoted';
    } catch (error) {
      // The server knows the version only after the worker's first polls reached it; two replicas of the
      // new version starting together race here, and the loser finds the version current on its next try.
      if (!isRetryable(error) || Date.now() > deadline) throw error;
      await sleep(500);
    }
  }
}

function isRetryable(error: unknown): boolean {
  if (!isGrpcServiceError(error)) return false;
  // NOT_FOUND (no poll seen yet), FAILED_PRECONDITION (no pollers yet), ABORTED / ALREADY_EXISTS (a
  // concurrent change), UNAVAILABLE.
  return [5, 9, 10, 6, 14].includes(error.code);
}
