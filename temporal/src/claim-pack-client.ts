import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import proto from '@temporalio/proto';
import { claimPdfPath, type ClaimPackKey } from '@turnproof/platform/report';
import type { Config } from '@turnproof/config';
import { claimPack, claimPackWorkflowId, TurnproofOwnerId } from '@turnproof/workflows';

/** The owner's newest claim-pack workflow: which PDF it makes, and whether it still runs or failed. */
export type ClaimPackJob =
  | { state: 'none' }
  | { state: 'running'; pdfPath: string; printing: boolean }
  | { state: 'done' | 'failed'; pdfPath: string };

// A CommonJS package: Node's ESM loader sees only its default export.
const STARTED = proto.temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED;

export async function claimPackJob(client: Client, ownerId: string): Promise<ClaimPackJob> {
  let description;
  try {
    description = await client.workflow.getHandle(claimPackWorkflowId(ownerId)).describe();
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return { state: 'none' };
    throw error;
  }
  const pdfPath = String(description.memo?.pdfPath ?? '');
  const status = description.status.name;
  if (status === 'RUNNING') {
    // Scheduled but not yet picked up: every printer slot of the workers is busy.
    const printing = (description.raw.pendingActivities ?? []).some((activity) => activity.state === STARTED);
    return { state: 'running', pdfPath, printing };
  }
  return { state: status === 'COMPLETED' ? 'done' : 'failed', pdfPath };
}

/**
 * Starts the owner's claim-pack workflow for the key; false when one of the owner's is already running
 * (Temporal refuses a second start of the id, however many requests race).
 */
export async function startClaimPack(
  client: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  ownerId: string,
  key: ClaimPackKey,
): Promise<boolean> {
  try {
    await client.workflow.start(claimPack, {
      workflowId: claimPackWorkflowId(ownerId),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [key],
      workflowIdConflictPolicy: 'FAIL',
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      memo: { pdfPath: claimPdfPath(key) },
      typedSearchAttributes: [{ key: TurnproofOwnerId, value: ownerId }],
    });
    return true;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw error;
  }
}
