import { createRequire } from 'node:module';
import {
  bundleWorkflowCode,
  DefaultLogger,
  Worker,
  type NativeConnection,
  type WorkflowBundle,
} from '@temporalio/worker';
import type { WorkerDeploymentVersion } from '@temporalio/common';
import type { createActivities } from '@turnproof/activities';
import type { Config } from '@turnproof/config';
import { activityOutcomes } from './worker-metrics.ts';
import { tracingActivityInterceptors, tracingSinks, tracingWorkflowModules } from './worker-tracing.ts';

/** How long running activities may go on once the worker is asked to stop (a deploy, Ctrl-C). */
export const SHUTDOWN_GRACE_MS = 10_000;

export type TurnproofActivities = ReturnType<typeof createActivities>;

export interface TurnproofWorkerOptions {
  config: Pick<Config, 'TEMPORAL_NAMESPACE' | 'TEMPORAL_TASK_QUEUE'> & Partial<Pick<Config, 'WORKFLOW_BUNDLE_PATH'>>;
  connection: NativeConnection;
  activities: TurnproofActivities;
  /** Defaults to the bundle {@link bundleTurnproofWorkflows} makes once per process. */
  workflowBundle?: WorkflowBundle;
  /** Worker Versioning (temporal/src/worker-deployment.ts); absent: an unversioned worker. */
  deploymentVersion?: WorkerDeploymentVersion;
}

let bundle: Promise<WorkflowBundle> | undefined;

/** Bundles the workflow code (webpack + swc, a few seconds) once per process. */
export function bundleTurnproofWorkflows(): Promise<WorkflowBundle> {
  bundle ??= bundleWorkflowCode({
    workflowsPath: createRequire(import.meta.url).resolve('@turnproof/workflows'),
    workflowInterceptorModules: tracingWorkflowModules,
    // webpack's report of every module is noise; its warnings and errors are not.
    logger: new DefaultLogger('WARN'),
  }).catch((error: unknown) => {
    bundle = undefined;
    throw error;
  });
  return bundle;
}

export async function createTurnproofWorker(options: TurnproofWorkerOptions): Promise<Worker> {
  const { config, connection, activities } = options;
  return Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    // Production images bundle at build time (temporal/src/bundle-main.ts); elsewhere, once per process.
    workflowBundle:
      options.workflowBundle ??
      (config.WORKFLOW_BUNDLE_PATH ? { codePath: config.WORKFLOW_BUNDLE_PATH } : await bundleTurnproofWorkflows()),
    activities,
    interceptors: { activity: [activityOutcomes, tracingActivityInterceptors] },
    sinks: tracingSinks(),
    // Lets running activities finish during a deploy instead of being cut off at once.
    shutdownGraceTime: SHUTDOWN_GRACE_MS,
    // A heartbeat reaches the server within 2 s of the activity's call, not up to 80 % of its timeout
    // later: with the render's 10 s timeout, a worker slowed by a busy machine missed it and the report
    // started over (seconds lost each time), though the worker was alive.
    maxHeartbeatThrottleInterval: '2 seconds',
    ...(options.deploymentVersion && {
      workerDeploymentOptions: {
        version: options.deploymentVersion,
        useWorkerVersioning: true,
        // A run finishes on the code it started with; the few workflows that live for weeks or for ever
        // say AUTO_UPGRADE themselves (setWorkflowOptions) and keep relying on patched().
        defaultVersioningBehavior: 'PINNED',
      },
    }),
  });
}
