import { isGrpcServiceError, type Client, WorkflowUpdateFailedError } from '@temporalio/client';
import { runHandle } from '@turnproof/temporal/client';
import { completeRunUpdate, type CompleteResult } from '@turnproof/workflows';
import { conflict, serviceUnavailable } from '../http/errors.ts';

/** How long a completion may wait for the run's workflow to answer before the client is asked to retry. */
const COMPLETE_TIMEOUT_MS = 15_000;

/**
 * Completes a run through its workflow's Update: the workflow's validator decides (required tasks and
 * photos, already completed), so the runner and the host get the same rules and the same 409 sentences.
 */
export async function completeRun(temporal: Client, runId: string): Promise<CompleteResult> {
  try {
    return await temporal.connection.withDeadline(Date.now() + COMPLETE_TIMEOUT_MS, () =>
      runHandle(temporal, runId).executeUpdate(completeRunUpdate),
    );
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError)
      throw conflict(error.cause?.message ?? 'This run cannot be completed yet.');
    if (isGrpcServiceError(error) || (error instanceof Error && /deadline/i.test(error.message))) {
      throw serviceUnavailable('The run could not be completed right now. Please try again in a moment.');
    }
    throw error;
  }
}
