import type { Client } from '@temporalio/client';
import type { WebhookDurations } from '@turnproof/config';
import { webhookDelivery, webhookDeliveryWorkflowId } from '@turnproof/workflows';

export interface WebhookDeliveryStart {
  deliveryId: string;
  eventId: string;
  endpointId: string;
}

/**
 * Starts the delivery of one event to one endpoint. While it runs a second start is a no-op; once it has
 * closed (delivered, or given up) a start runs it again: that is a resend.
 */
export async function startWebhookDelivery(
  client: Client,
  taskQueue: string,
  delivery: WebhookDeliveryStart,
  durations: WebhookDurations,
): Promise<void> {
  await client.workflow.start(webhookDelivery, {
    workflowId: webhookDeliveryWorkflowId(delivery.eventId, delivery.endpointId),
    taskQueue,
    args: [{ deliveryId: delivery.deliveryId, durations }],
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
  });
}
