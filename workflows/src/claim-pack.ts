import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import type { ClaimPackKey } from '@turnproof/platform/report';

/** One id per owner: Temporal refuses a second start while one is running, so an owner makes one pack at a time. */
export const claimPackWorkflowId = (ownerId: string) => `claim-pack/${ownerId}`;

// Printing heartbeats as it goes, so a worker that dies mid-render is noticed in seconds, not minutes.
const { renderClaimPdf } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 3 },
});

/**
 * `claim-pack/{ownerId}`: prints the claim PDF of one run on the worker (the shared Chromium and its
 * concurrency limit) and keeps it in the media storage under its key; the API packs the ZIP around it.
 */
export async function claimPack(key: ClaimPackKey): Promise<void> {
  await renderClaimPdf(key);
}
