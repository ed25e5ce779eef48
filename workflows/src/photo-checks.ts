import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import { outsideServiceOptions } from './outside-services.ts';

/** One id per photo: a redelivered outbox message finds its checks started and starts nothing. */
export const photoChecksWorkflowId = (mediaId: string) => `photo-checks/${mediaId}`;

// It reads the photo from media storage: an outage is waited out like any other read.
const { checkPhoto } = proxyActivities<ReturnType<typeof createActivities>>(outsideServiceOptions);

/** `photo-checks/{mediaId}`: the server checks a confirmed photo, off the cleaner's request. */
export async function photoChecks(mediaId: string): Promise<void> {
  await checkPhoto(mediaId);
}
