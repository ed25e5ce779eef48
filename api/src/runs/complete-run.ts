import {
  isGrpcServiceError,
  type Client,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { isTemporalUnavailable, runHandle } from '@turnproof/temporal/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeviceSignature } from '@turnproof/config/device-signature';
import { completeRunUpdate, type CompleteRequest, type CompleteResult } from '@turnproof/workflows';
import { conflict, serviceUnavailable } from '../http/errors.ts';

/** How long a completion may wait for the run's workflow to answer before the client is asked to retry. */
const COMPLETE_TIMEOUT_MS = 8_000;

/** Each task of the run as stored: checked, and how many of its media are confirmed. */
async function storedTasks(em: EntityManager, runId: string): Promise<CompleteRequest['tasks']> {
  const rows = await em.getConnection().execute<{ id: string; checked: boolean; confirmed_media: string }[]>(
    `select t.id, t.checked, count(m.id) filter (where m.status = 'confirmed' and m.rejected_at is null) as confirmed_media
     from run_tasks t left join media m on m.run_task_id = t.id
     where t.run_id = ? group by t.id`,
    [runId],
  );
  return rows.map((row) => ({ id: row.id, checked: row.checked, confirmedMedia: Number(row.confirmed_media) }));
}

/**
 * Completes a run through its workflow's Update: the workflow's validator decides (required tasks and
 * photos, already completed), so the runner and the host get the same rules and the same 409 sentences.
 */
export async function completeRun(
  temporal: Client,
  em: EntityManager,
  runId: string,
  /** Same id, same Update: a retried completion gets the first one's answer instead of a refusal. */
  updateId?: string,
  /** The cleaner's phone's signature of the completion, verified: recorded on the run_completed entry. */
  deviceSignature?: DeviceSignature | null,
): Promise<CompleteResult> {
  const tasks = await storedTasks(em, runId);
  try {
    return await temporal.connection.withDeadline(Date.now() + COMPLETE_TIMEOUT_MS, () =>
      runHandle(temporal, runId).executeUpdate(completeRunUpdate, {
        args: [{ tasks, ...(deviceSignature ? { deviceSignature } : {}) }],
        ...(updateId ? { updateId } : {}),
      }),
    );
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError)
      throw conflict(error.cause?.message ?? 'This run cannot be completed yet.');
    // Temporal away, the run's workflow not started yet (its start waits in the outbox), or a busy worker
    // that did not answer within the deadline: the cleaner's work is stored, and the same completion (the
    // same Update id) succeeds once the workflow answers.
    if (
      isTemporalUnavailable(error) ||
      isGrpcServiceError(error) ||
      error instanceof WorkflowNotFoundError ||
      error instanceof WorkflowUpdateRPCTimeoutOrCancelledError
    ) {
      throw serviceUnavailable(
        'The run could not be completed right now. Your work is saved; please try again in a moment.',
      );
    }
    throw error;
  }
}
