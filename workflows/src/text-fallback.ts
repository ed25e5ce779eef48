import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import { outsideServiceOptions } from './outside-services.ts';

/** One id per text: a redelivered outbox message finds the fallback started and starts nothing. */
export const textFallbackWorkflowId = (textMessageId: string) => `text-fallback/${textMessageId}`;

// It mails: an SMTP outage is waited out like any other mail's.
const { mailFailedText } = proxyActivities<ReturnType<typeof createActivities>>(outsideServiceOptions);

/** `text-fallback/{textMessageId}`: the notice of a text Twilio could not deliver goes by e-mail, once. */
export async function textFallback(textMessageId: string): Promise<void> {
  await mailFailedText(textMessageId);
}
