import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, proxyActivities, startChild } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import { outsideServiceOptions } from './outside-services.ts';
import { TurnproofOwnerId } from './search-attributes.ts';
import { trial, trialWorkflowId, type TrialInput } from './trial.ts';

/** The workflows the Temporal Schedules start; the work itself is in activities. */

const { trialsInProgress, summaryRecipients, sendWeeklySummary, sendHeldTexts, runsToAnchor } = proxyActivities<
  ReturnType<typeof createActivities>
>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});
const { purgeFlexMedia, purgeUnconfirmedMedia } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 10 },
});

/**
 * Daily safety net: every user in a trial gets their `trial/{userId}` workflow, for sign-ups whose
 * start failed. An existing (or finished) trial is left alone. Answers how many it started.
 */
export async function trialSweep(input: { notices: TrialInput['notices'] }): Promise<{ started: number }> {
  let started = 0;
  for (const { userId, trialEnd } of await trialsInProgress()) {
    try {
      await startChild(trial, {
        workflowId: trialWorkflowId(userId),
        args: [{ userId, trialEnd, notices: input.notices }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        typedSearchAttributes: [{ key: TurnproofOwnerId, value: userId }],
      });
      started += 1;
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
  return { started };
}

const { backUpNow } = proxyActivities<ReturnType<typeof createActivities>>({
  // A large account's media take a while to copy; a failed attempt starts a new folder.
  startToCloseTimeout: '6 hours',
  retry: { initialInterval: '1 minute', backoffCoefficient: 2, maximumInterval: '30 minutes', maximumAttempts: 5 },
});

/** Daily when BACKUP_DIR is set: the database and media into a new folder, then the retention. */
export async function scheduledBackup(): Promise<{ folder: string; mediaFiles: number; pruned: string[] }> {
  return backUpNow();
}

/** Daily: the media of flex runs older than the retention (30 days) go; report PDFs stay. */
export async function mediaPurge(input: { retentionMs: number }): Promise<{ media: number }> {
  return purgeFlexMedia({ olderThanMs: input.retentionMs });
}

/** Hourly: media reserved but never confirmed, older than a day, go (files and rows). */
export async function unconfirmedMediaPurge(input: { olderThanMs: number }): Promise<{ media: number }> {
  return purgeUnconfirmedMedia({ olderThanMs: input.olderThanMs });
}

/** Weekly: each host who had runs gets the week's runs, issues and reports by e-mail. */
export async function weeklySummary(input: { periodMs: number }): Promise<{ sent: number }> {
  const to = new Date(Date.now());
  const window = { from: new Date(to.getTime() - input.periodMs).toISOString(), to: to.toISOString() };
  const hosts = await summaryRecipients(window);
  for (const ownerId of hosts) await sendWeeklySummary({ ownerId, ...window });
  return { sent: hosts.length };
}

/** Every quarter of an hour (08:00 somewhere): the texts quiet hours held until now go. */
export async function heldTextsRelease(): Promise<{ sent: number }> {
  return sendHeldTexts();
}

// An authority that stays down is tried again at the next hour, not waited out here.
const { anchorCaptureHead } = proxyActivities<ReturnType<typeof createActivities>>({
  ...outsideServiceOptions,
  scheduleToCloseTimeout: '10 minutes',
  retry: { ...outsideServiceOptions.retry, maximumAttempts: 3 },
});

/**
 * Hourly: the head of each open run's capture log, when it moved since its last anchor, is stamped by a
 * time-stamping authority (RFC 3161). A run whose stamp fails is tried again next hour.
 */
export async function captureAnchors(): Promise<{ anchored: number; failed: number }> {
  let anchored = 0;
  let failed = 0;
  for (const runId of await runsToAnchor()) {
    try {
      if (await anchorCaptureHead(runId)) anchored += 1;
    } catch {
      failed += 1;
    }
  }
  return { anchored, failed };
}
