import {
  condition,
  executeChild,
  ParentClosePolicy,
  proxyActivities,
  setHandler,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import { reportGeneration, reportWorkflowId } from './report-generation.ts';
import {
  reviewRunUpdate,
  type ReviewRequest,
  type ReviewResult,
  type RunStatus,
  type TrackedTask,
} from './run-messages.ts';

/** patched() id of the review loop; runs started before it have no reviews. */
export const REVIEW_LOOP_PATCH = 'review-loop';

const { recordReview, nextReportVersion } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

interface RunState {
  runId: string;
  tasks: TrackedTask[];
  status(): RunStatus;
  setStatus(status: RunStatus): void;
  linkExpired(): boolean;
}

/** Why a review cannot be taken now, or null; the validator's sentences reach the host as 409s. */
export function reviewRefusal(
  request: ReviewRequest,
  state: Pick<RunState, 'tasks' | 'status' | 'linkExpired'>,
): string | null {
  if (state.status() === 'revision_requested') return "This run is waiting for the cleaner's revision.";
  if (state.status() !== 'completed') return 'Only a completed run can be reviewed.';
  if (request.score !== null && !(Number.isInteger(request.score) && request.score >= 1 && request.score <= 5))
    return 'The score must be a whole number from 1 to 5.';
  if (request.decision === 'approve') return null;
  if (state.linkExpired())
    return "This run's link has expired, so it can no longer be sent back. Start a new run instead.";
  if (request.taskIds.length === 0) return 'Choose at least one task to send back.';
  if (!request.note?.trim()) return 'Write a note telling the cleaner what to redo.';
  const unknown = request.taskIds.filter((id) => !state.tasks.some((task) => task.id === id));
  if (unknown.length) return `These tasks are not part of this run: ${unknown.join(', ')}.`;
  return null;
}

/**
 * The review loop of a completed run: the host approves or sends tasks back (an Update per decision);
 * a revision reopens the run until the cleaner completes it again, which makes and mails the next report
 * version. The link stays readable until a whole readable period passes without a revision.
 */
export function installReviewLoop(state: RunState) {
  const reports: Promise<unknown>[] = [];

  setHandler(
    reviewRunUpdate,
    async (request: ReviewRequest): Promise<ReviewResult> => {
      const reviewedAt = new Date().toISOString();
      // Claimed before the first await, so a concurrent review or completion is judged on it.
      if (request.decision === 'revise') state.setStatus('revision_requested');
      await recordReview({ runId: state.runId, reviewId: uuid4(), reviewedAt, ...request });
      if (request.decision === 'revise') {
        for (const task of state.tasks.filter((candidate) => request.taskIds.includes(candidate.id))) {
          task.checked = false;
          task.changedAt = reviewedAt;
        }
      }
      return { status: state.status(), decision: request.decision, reviewedAt };
    },
    {
      validator: (request: ReviewRequest) => {
        const refusal = reviewRefusal(request, state);
        if (refusal) throw new Error(refusal);
      },
    },
  );

  return {
    /** Waits out the readable period after completion, starting it again after each revision. */
    async reviseUntilQuiet(readableMs: number): Promise<void> {
      for (;;) {
        const revised = await condition(() => state.status() === 'revision_requested', readableMs);
        if (!revised) return;
        await condition(() => state.status() === 'completed');
        const version = await nextReportVersion(state.runId);
        reports.push(
          executeChild(reportGeneration, {
            workflowId: reportWorkflowId(state.runId, version),
            args: [{ runId: state.runId, version, emailHost: true, meter: false }],
            parentClosePolicy: ParentClosePolicy.ABANDON,
            typedSearchAttributes: workflowInfo().typedSearchAttributes,
            // The report workflow records its own failure; the host can regenerate.
          }).catch(() => undefined),
        );
      }
    },
    /** The revised reports started so far, finished. */
    reportsMade: () => Promise.all(reports),
  };
}
