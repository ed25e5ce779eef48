import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { SentBackTask } from '@turnproof/activities';
import type { DeviceSignature } from '@turnproof/config/device-signature';

export type RunKind = 'turnover' | 'move_in' | 'move_out';
export type RunStatus = 'pending' | 'in_progress' | 'completed' | 'revision_requested' | 'canceled';
/** held: counted against a flex owner's full monthly cap; made once the owner upgrades. */
export type ReportStatus = 'not_started' | 'generating' | 'held' | 'ready' | 'failed';

/** A task as the run's workflow tracks it, enough to decide whether the run may be completed. */
export interface TrackedTask {
  id: string;
  title: string;
  requiredMedia: number;
  checked: boolean;
  confirmedMedia: number;
  /** Time of the newest applied change: an older signal never overwrites newer state. */
  changedAt: string | null;
}

export interface RunProgress {
  status: RunStatus;
  startedAt: string | null;
  endedAt: string | null;
  tasksTotal: number;
  tasksChecked: number;
  /** Tasks that still block completion, with what they lack. */
  blocking: string[];
  report: { version: number; status: ReportStatus };
}

export interface TaskProgress {
  runTaskId: string;
  checked: boolean;
  /** When the change happened (the client's time when it sent one, else the server's). */
  changedAt: string;
  /** When the server recorded the run's start (set on the first task action). */
  startedAt: string;
}

export interface MediaConfirmed {
  runTaskId: string;
  /** Confirmed media of the task in the database after this confirmation. */
  confirmedMedia: number;
  startedAt: string;
}

/** The tasks as the database holds them when completion is asked for: the validator judges these. */
export interface CompleteRequest {
  tasks: { id: string; checked: boolean; confirmedMedia: number }[];
  /**
   * The cleaner's phone's signature of its completion request, verified by the API, for the run_completed
   * entry. Absent for a host's completion, an older runner's, and in Updates sent before signed completions.
   */
  deviceSignature?: DeviceSignature;
}

export interface CompleteResult {
  status: 'completed';
  endedAt: string;
}

export interface ReportProgress {
  version: number;
  status: ReportStatus;
  step: string;
  stepsDone: number;
  stepsTotal: number;
  percent: number;
}

/** What changed in a run since the last signal; the API batches it per run after answering the cleaner. */
export interface ProgressBatch {
  tasks: TaskProgress[];
  media: MediaConfirmed[];
}

export const progressSignal = defineSignal<[ProgressBatch]>('progress');
export interface IssueReported {
  alertId: string;
  severity: 'low' | 'medium' | 'high';
}

/** A cleaner reported an issue; high severity e-mails the host at once. */
export const issueReportedSignal = defineSignal<[IssueReported]>('issueReported');
/**
 * Completion validates required tasks and media in its validator, so a refused completion leaves no
 * trace. The caller may pass the tasks as stored: progress signals travel asynchronously, and the
 * stored state is the truth at the moment of completion.
 */
export const completeRunUpdate = defineUpdate<CompleteResult, [CompleteRequest]>('completeRun');
export const runProgressQuery = defineQuery<RunProgress>('runProgress');

/** The host's review of a completed run: approve it, or send chosen tasks back to the cleaner with a note. */
export interface ReviewRequest {
  decision: 'approve' | 'revise';
  /** The tasks sent back (revise only). */
  taskIds: string[];
  note: string | null;
  /** 1 to 5, optional. */
  score: number | null;
  /**
   * Tasks of taskIds with the host's note on each and the photos rejected (absent in reviews made
   * before per-task notes). The workflow passes them on to the activity that records the review.
   */
  tasks?: SentBackTask[];
}

export interface ReviewResult {
  status: RunStatus;
  decision: 'approve' | 'revise';
  reviewedAt: string;
}

/**
 * One Update per review decision; its validator refuses a review the run cannot take (not completed,
 * already waiting for a revision, unknown tasks, a score out of range), so a refused review leaves no trace.
 */
export const reviewRunUpdate = defineUpdate<ReviewResult, [ReviewRequest]>('reviewRun');
export const reportProgressQuery = defineQuery<ReportProgress>('reportProgress');
