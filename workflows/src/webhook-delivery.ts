import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { WebhookDurations } from '@turnproof/config';
import type { createActivities } from '@turnproof/activities';
import { outsideServiceOptions } from './outside-services.ts';

/** One workflow per event and endpoint: a redelivered outbox message finds it started and starts nothing. */
export const webhookDeliveryWorkflowId = (eventId: string, endpointId: string) => `webhook/${eventId}/${endpointId}`;

export interface WebhookDeliveryInput {
  deliveryId: string;
  durations: WebhookDurations;
}

// Giving up writes rows and mails the owner: an SMTP outage is waited out like any other mail's.
const { giveUpWebhookDelivery } = proxyActivities<ReturnType<typeof createActivities>>(outsideServiceOptions);

/**
 * `webhook/{eventId}/{endpointId}`: POSTs the event to the endpoint until it answers 2xx. Each failed attempt
 * is retried by Temporal's policy (the first about `firstRetryMs` later, then twice as late each time, capped);
 * when `giveUpAfterMs` has passed the delivery fails and the endpoint is disabled, with a mail to its owner.
 */
export async function webhookDelivery({ deliveryId, durations }: WebhookDeliveryInput): Promise<void> {
  const { deliverWebhook } = proxyActivities<ReturnType<typeof createActivities>>({
    // The POST has 10 s; the rest is reading and writing the delivery's row.
    startToCloseTimeout: '30 seconds',
    scheduleToCloseTimeout: durations.giveUpAfterMs,
    retry: {
      initialInterval: durations.firstRetryMs,
      backoffCoefficient: 2,
      maximumInterval: durations.maxRetryIntervalMs,
    },
  });
  try {
    await deliverWebhook(deliveryId);
  } catch (error) {
    // The retry window ran out: every attempt failed for `giveUpAfterMs`.
    if (!(error instanceof ActivityFailure)) throw error;
    await giveUpWebhookDelivery(deliveryId);
  }
}
