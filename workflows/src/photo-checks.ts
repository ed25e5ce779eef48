import { patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import { outsideServiceOptions } from './outside-services.ts';

/** One id per photo: a redelivered outbox message finds its checks started and starts nothing. */
export const photoChecksWorkflowId = (mediaId: string) => `photo-checks/${mediaId}`;

type Activities = ReturnType<typeof createActivities>;

// It reads the photo from media storage: an outage is waited out like any other read.
const { checkPhoto } = proxyActivities<Activities>(outsideServiceOptions);

// The same check as a local activity: run by the worker that runs the workflow, within its task, so
// Temporal dispatches no activity task. A check takes a tenth of a second, and a task of its own cost the
// Temporal server and the worker about as much CPU again, for every photo of every run.
const local = proxyLocalActivities<Activities>(outsideServiceOptions);

/** patched() id: checks started before it ran as an activity task. */
export const PHOTO_CHECK_LOCAL_PATCH = 'photo-check-local-activity';

/** `photo-checks/{mediaId}`: the server checks a confirmed photo, off the cleaner's request. */
export async function photoChecks(mediaId: string): Promise<void> {
  await (patched(PHOTO_CHECK_LOCAL_PATCH) ? local.checkPhoto(mediaId) : checkPhoto(mediaId));
}
