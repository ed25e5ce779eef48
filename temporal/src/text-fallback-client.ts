import type { Client } from '@temporalio/client';
import type { Config } from '@turnproof/config';
import { textFallback, textFallbackWorkflowId } from '@turnproof/workflows';

/** Starts the e-mail fallback of a text Twilio could not deliver; a second start of the same text is a no-op. */
export async function startTextFallback(
  client: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  textMessageId: string,
): Promise<void> {
  await client.workflow.start(textFallback, {
    workflowId: textFallbackWorkflowId(textMessageId),
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [textMessageId],
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
}
