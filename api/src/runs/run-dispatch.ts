import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { runHandle } from '@turnproof/temporal/client';
import { rescheduleRunSignal, runStartedSignal } from '@turnproof/workflows';

/** Tells the run's workflow its new due time, so its escalation ladder starts over from it. */
export async function rescheduleRun(temporal: Client, runId: string, dueAt: Date | null): Promise<void> {
  try {
    await runHandle(temporal, runId).signal(rescheduleRunSignal, { dueAt: dueAt?.toISOString() ?? null });
  } catch (error) {
    // A run whose workflow has ended (completed long ago) has no ladder left to move.
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
}

/** Tells the run's workflow the host set it in progress: its ladder stops reminding and handing over. */
export async function markRunStarted(temporal: Client, runId: string, startedAt: Date): Promise<void> {
  try {
    await runHandle(temporal, runId).signal(runStartedSignal, { startedAt: startedAt.toISOString() });
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
}
