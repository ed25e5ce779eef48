import type { Client } from '@temporalio/client';
import { photoChecks, photoChecksWorkflowId } from '@turnproof/workflows';

/** Starts the server's checks of a confirmed photo; a second start for the same photo is a no-op. */
export async function startPhotoChecks(client: Client, taskQueue: string, mediaId: string): Promise<void> {
  await client.workflow.start(photoChecks, {
    workflowId: photoChecksWorkflowId(mediaId),
    taskQueue,
    args: [mediaId],
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
}
