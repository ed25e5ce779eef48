import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import { outsideServiceOptions } from './outside-services.ts';

/** One id per report: a redelivered outbox message finds the notice started and starts nothing. */
export const guestPresentNoticeWorkflowId = (alertId: string) => `guest-present/${alertId}`;

// It mails: an SMTP outage is waited out like any other mail's.
const { notifyGuestPresent } = proxyActivities<ReturnType<typeof createActivities>>(outsideServiceOptions);

/** `guest-present/{alertId}`: the host hears at once that the cleaner found the guest still in the unit. */
export async function guestPresentNotice(alertId: string): Promise<void> {
  await notifyGuestPresent(alertId);
}
