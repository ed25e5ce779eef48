import type { Client } from '@temporalio/client';
import { guestPresentNotice, guestPresentNoticeWorkflowId } from '@turnproof/workflows';

/** Starts the host's notice of a "Guest still here" report; a second start of the same report is a no-op. */
export async function startGuestPresentNotice(client: Client, taskQueue: string, alertId: string): Promise<void> {
  await client.workflow.start(guestPresentNotice, {
    workflowId: guestPresentNoticeWorkflowId(alertId),
    taskQueue,
    args: [alertId],
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
}
