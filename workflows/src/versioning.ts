import { setWorkflowOptions, workflowInfo } from '@temporalio/workflow';

/**
 * For a workflow that lives for weeks or for ever: on versioned workers (WORKER_VERSIONING) it moves to
 * each new version instead of staying pinned to the one it started on, which would have to run as long
 * as it does (docs/operations.md, Deploying new code with runs in flight); its changes stay behind
 * patched(). Unversioned workers refuse a versioning behavior, so it is declared only on versioned ones.
 */
export function upgradeWithEachVersion<A extends unknown[], R>(workflow: (...args: A) => Promise<R>): void {
  setWorkflowOptions(
    () => (workflowInfo().currentDeploymentVersion?.deploymentName ? { versioningBehavior: 'AUTO_UPGRADE' } : {}),
    workflow,
  );
}
