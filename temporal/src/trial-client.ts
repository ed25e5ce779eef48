import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { productionTrialDurations, type Config, type TrialDurations } from '@turnproof/config';
import { subscriptionStartedSignal, trial, trialWorkflowId, TurnproofOwnerId } from '@turnproof/workflows';

/**
 * Starts `trial/{userId}` for a trial ending at trialEnd. Safe to call again: an open trial is left as it
 * is and a finished one is never started a second time (false then).
 */
export async function startTrial(
  client: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  input: { userId: string; trialEnd: Date },
  durations: TrialDurations = productionTrialDurations,
): Promise<boolean> {
  try {
    await client.workflow.start(trial, {
      workflowId: trialWorkflowId(input.userId),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [
        {
          userId: input.userId,
          trialEnd: input.trialEnd.toISOString(),
          notices: { expiringNoticeMs: durations.expiringNoticeMs, endingSoonNoticeMs: durations.endingSoonNoticeMs },
        },
      ],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: [{ key: TurnproofOwnerId, value: input.userId }],
    });
    return true;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw error;
  }
}

/**
 * Billing calls this when the owner's paid subscription starts: the trial ends at once, with no further
 * e-mail. Nothing happens when the user has no open trial.
 */
export async function endTrialOnSubscription(client: Client, userId: string): Promise<void> {
  try {
    await client.workflow.getHandle(trialWorkflowId(userId)).signal(subscriptionStartedSignal);
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
}
