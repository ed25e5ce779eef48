import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import { tracingEnabled } from '@turnproof/platform/tracing';
import {
  Client,
  Connection,
  isGrpcServiceError,
  WorkflowNotFoundError,
  type WorkflowHandleWithFirstExecutionRunId,
} from '@temporalio/client';
import {
  productionBillingDurations,
  productionDurations,
  type BillingDurations,
  type Config,
  type RunDurations,
} from '@turnproof/config';
import {
  billingAccount,
  type BillingAccountInput,
  billingWorkflowId,
  stripeEventSignal,
  type BillingEvent,
  TurnproofPlan,
  inspectionRun,
  reportGeneration,
  reportWorkflowId,
  type ReportGenerationInput,
  TurnproofOwnerId,
  TurnproofPropertyId,
  TurnproofRunKind,
  TurnproofRunStatus,
  type InspectionRunInput,
} from '@turnproof/workflows';
import { temporalConnectionOptions, type TemporalTransportConfig } from './connection-options.ts';

export type TemporalConfig = TemporalTransportConfig & Pick<Config, 'TEMPORAL_NAMESPACE'>;

export interface TemporalClient {
  connection: Connection;
  client: Client;
}

/**
 * A client of the configured namespace. `lazy` connects on first use instead of now, so a process that
 * can do useful work without Temporal (the API) starts and stays up while Temporal is away.
 */
export async function connectTemporal(
  config: TemporalConfig,
  options: { lazy?: boolean } = {},
): Promise<TemporalClient> {
  const connection = options.lazy
    ? Connection.lazy(temporalConnectionOptions(config))
    : await Connection.connect(temporalConnectionOptions(config));
  const client = new Client({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    // With tracing on, a workflow started or signalled inside a trace carries it in its headers.
    interceptors: tracingEnabled() ? { workflow: [new OpenTelemetryWorkflowClientInterceptor()] } : {},
  });
  return { connection, client };
}

export function runWorkflowId(runId: string): string {
  return `run/${runId}`;
}

/**
 * Starts the run's workflow. Starting the same run again while it is open returns the open one, so a
 * retried API call does no harm; a run id never starts a second workflow after the first closed.
 */
export async function startInspectionRun(
  client: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  input: Omit<InspectionRunInput, 'durations'>,
  durations: RunDurations = productionDurations,
): Promise<WorkflowHandleWithFirstExecutionRunId<typeof inspectionRun>> {
  return client.workflow.start(inspectionRun, {
    workflowId: runWorkflowId(input.runId),
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [{ ...input, durations }],
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    typedSearchAttributes: [
      { key: TurnproofOwnerId, value: input.ownerId },
      { key: TurnproofPropertyId, value: input.propertyId },
      { key: TurnproofRunStatus, value: 'pending' },
      { key: TurnproofRunKind, value: input.kind },
    ],
  });
}

/** Ends a workflow by its id. False when no open workflow was there. */
export async function terminateWorkflow(client: Client, workflowId: string, reason: string): Promise<boolean> {
  try {
    await client.workflow.getHandle(workflowId).terminate(reason);
    return true;
  } catch (error) {
    // A workflow that already ended (or never started) has nothing left to stop.
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

/** Ends the run's workflow when the host deletes the run. False when no open workflow was there. */
export function terminateRun(client: Client, runId: string): Promise<boolean> {
  return terminateWorkflow(client, runWorkflowId(runId), 'The host deleted the run.');
}

export const runHandle = (client: Client, runId: string) =>
  client.workflow.getHandle<typeof inspectionRun>(runWorkflowId(runId));

/** Starts one version of a run's report; the workflow id makes a repeated call start nothing new. */
export async function startReportGeneration(
  client: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  input: ReportGenerationInput,
) {
  return client.workflow.start(reportGeneration, {
    workflowId: reportWorkflowId(input.runId, input.version),
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [input],
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
  });
}

export const reportHandle = (client: Client, runId: string, version: number) =>
  client.workflow.getHandle<typeof reportGeneration>(reportWorkflowId(runId, version));

/**
 * Hands a verified Stripe event to the owner's `billing/{userId}` workflow, starting it when it is not
 * running (the durations count only then; a running workflow keeps its own).
 */
export async function sendBillingEvent(
  client: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  userId: string,
  event: BillingEvent,
  durations: BillingDurations = productionBillingDurations,
): Promise<void> {
  await client.workflow.signalWithStart(billingAccount, {
    workflowId: billingWorkflowId(userId),
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [{ userId, durations }],
    signal: stripeEventSignal,
    signalArgs: [event],
    typedSearchAttributes: [
      { key: TurnproofOwnerId, value: userId },
      { key: TurnproofPlan, value: 'none' },
    ],
  });
}

/**
 * Starts the owner's `billing/{userId}` workflow from the state stored in the database (a restore onto
 * a Temporal that lost it); a running one is left as it is.
 */
export async function resumeBillingAccount(
  client: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  userId: string,
  carried: NonNullable<BillingAccountInput['carried']>,
  durations: BillingDurations = productionBillingDurations,
): Promise<void> {
  await client.workflow.start(billingAccount, {
    workflowId: billingWorkflowId(userId),
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [{ userId, durations, carried }],
    workflowIdConflictPolicy: 'USE_EXISTING',
    typedSearchAttributes: [
      { key: TurnproofOwnerId, value: userId },
      { key: TurnproofPlan, value: carried.view.planStatus === 'none' ? 'none' : carried.view.planKey },
    ],
  });
}

export const billingHandle = (client: Client, userId: string) =>
  client.workflow.getHandle<typeof billingAccount>(billingWorkflowId(userId));

// gRPC status codes DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, UNAVAILABLE.
const unavailableStatus = new Set([4, 8, 14]);

/** True when the error (or one it wraps) says Temporal did not answer in time or could not be reached. */
export function isTemporalUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (isGrpcServiceError(current) && unavailableStatus.has(current.code)) return true;
    if (/deadline exceeded/i.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** True when the server answers for the client's namespace within a couple of seconds. */
export async function temporalHealth(client: Client, timeoutMs = 2000): Promise<boolean> {
  try {
    await client.connection.withDeadline(Date.now() + timeoutMs, () =>
      client.workflowService.describeNamespace({ namespace: client.options.namespace }),
    );
    return true;
  } catch {
    return false;
  }
}
export { startTrial, endTrialOnSubscription } from './trial-client.ts';
export { applyPromoCode, startPromoRedemption } from './promo-client.ts';
export { claimPackJob, type ClaimPackJob, startClaimPack } from './claim-pack-client.ts';
export { printStoredPage } from './page-print-client.ts';
export { startTextFallback } from './text-fallback-client.ts';
export { startGuestPresentNotice } from './guest-present-client.ts';
export { startPhotoChecks } from './photo-checks-client.ts';
export { startWebhookDelivery } from './webhook-client.ts';
export { startWorkOrder } from './work-order-client.ts';
