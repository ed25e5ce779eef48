import {
  allHandlersFinished,
  condition,
  executeChild,
  proxyActivities,
  ParentClosePolicy,
  patched,
  setHandler,
  sleep,
  startChild,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import type { RunDurations } from '@turnproof/config';
import {
  completeRunUpdate,
  issueReportedSignal,
  runProgressQuery,
  progressSignal,
  type CompleteRequest,
  type CompleteResult,
  type ReportStatus,
  type RunKind,
  type RunStatus,
  type TrackedTask,
} from './run-messages.ts';
import { blockingTasks, incompleteRunMessage, msUntil } from './run-rules.ts';
import { outsideServiceOptions } from './outside-services.ts';
import { reportGeneration, reportWorkflowId } from './report-generation.ts';
import { claimClock, claimClockWorkflowId } from './claim-clock.ts';
import { installReviewLoop, REVIEW_LOOP_PATCH } from './run-review.ts';
import { TurnproofRunStatus } from './search-attributes.ts';
import { escalationLadder, followDispatch, LADDER_PATCH } from './escalation-ladder.ts';
import { runStartedSignal } from './dispatch-messages.ts';

export const CLAIM_CLOCK_PATCH = 'claim-clock';

export interface InspectionRunInput {
  runId: string;
  ownerId: string;
  propertyId: string;
  kind: RunKind;
  /** ISO 8601 instant, or null when the run has no due time. */
  dueAt: string | null;
  tasks: { id: string; title: string; requiredMedia: number }[];
  durations: RunDurations;
}

export interface InspectionRunResult {
  status: RunStatus;
  reportStatus: ReportStatus;
}

const { markRunCompleted, expireRunLink } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});
// These mail the host: they wait out an SMTP outage; a refused address fails them at once.
const { sendDueReminder, raiseOverdueAlert, emailIssueAlert, emailIssueAlerts, anchorCaptureHead } =
  proxyActivities<ReturnType<typeof createActivities>>(outsideServiceOptions);

/** Runs started before this had no timestamp anchor at completion. */
export const COMPLETION_ANCHOR_PATCH = 'timestamp-anchor-at-completion';

/**
 * `run/{id}`: pending -> in_progress (first task action) -> completed, the reminders around due_at,
 * the report on completion, and the link's end of life seven days later.
 */
export async function inspectionRun(input: InspectionRunInput): Promise<InspectionRunResult> {
  let status: RunStatus = 'pending';
  let startedAt: string | null = null;
  let endedAt: string | null = null;
  /** The completion's transaction (status, hours, capture-log entry) has committed. */
  let completionRecorded = false;
  let reportStatus: ReportStatus = 'not_started';
  let linkExpired = false;
  const tasks: TrackedTask[] = input.tasks.map((task) => ({
    ...task,
    checked: false,
    confirmedMedia: 0,
    changedAt: null,
  }));

  const setStatus = (next: RunStatus) => {
    status = next;
    upsertSearchAttributes([{ key: TurnproofRunStatus, value: next }]);
  };
  const noteStart = (at: string) => {
    startedAt ??= at;
    if (status === 'pending') setStatus('in_progress');
  };
  const taskById = (id: string) => tasks.find((task) => task.id === id);
  const dispatch = followDispatch(input.dueAt, () => setStatus('canceled'));

  setHandler(progressSignal, ({ tasks: taskChanges, media }) => {
    for (const change of taskChanges) {
      noteStart(change.startedAt);
      const task = taskById(change.runTaskId);
      if (!task || (task.changedAt && task.changedAt > change.changedAt)) continue;
      task.checked = change.checked;
      task.changedAt = change.changedAt;
    }
    for (const change of media) {
      noteStart(change.startedAt);
      const task = taskById(change.runTaskId);
      // Media are never taken away by the cleaner, so the largest count is the newest.
      if (task) task.confirmedMedia = Math.max(task.confirmedMedia, change.confirmedMedia);
    }
  });
  setHandler(runStartedSignal, ({ startedAt: at }) => noteStart(at));
  const issueMails = new IssueMailBatcher(input.durations.issueMailIntervalMs ?? DEFAULT_ISSUE_MAIL_INTERVAL_MS);
  setHandler(issueReportedSignal, async ({ alertId, severity }) => {
    if (severity !== 'high') return;
    // Runs started before this mailed every high issue on its own.
    if (patched('coalesced-issue-mails')) issueMails.add(alertId);
    else await emailIssueAlert(alertId);
  });
  /** The tracked tasks, overlaid with the stored state the caller sent along (if any). */
  const tasksWith = (request: CompleteRequest): TrackedTask[] =>
    tasks.map((task) => {
      const stored = request.tasks.find((candidate) => candidate.id === task.id);
      return stored ? { ...task, checked: stored.checked, confirmedMedia: stored.confirmedMedia } : task;
    });

  setHandler(
    completeRunUpdate,
    async (request: CompleteRequest): Promise<CompleteResult> => {
      tasks.splice(0, tasks.length, ...tasksWith(request));
      // Claimed before the first await: concurrent completions see it and are refused by the validator.
      setStatus('completed');
      endedAt = new Date().toISOString();
      startedAt ??= endedAt;
      // No patched(): only the activity's input gains a field, which replay does not compare with history.
      await markRunCompleted({ runId: input.runId, startedAt, endedAt, deviceSignature: request.deviceSignature });
      completionRecorded = true;
      return { status: 'completed', endedAt };
    },
    {
      validator: (request: CompleteRequest) => {
        if (status === 'completed') throw new Error('This run is already completed.');
        if (status === 'canceled') throw new Error('This run was canceled.');
        const blocking = blockingTasks(tasksWith(request));
        if (blocking.length) throw new Error(incompleteRunMessage(blocking));
      },
    },
  );
  setHandler(runProgressQuery, () => ({
    status,
    startedAt,
    endedAt,
    tasksTotal: tasks.length,
    tasksChecked: tasks.filter((task) => task.checked).length,
    blocking: blockingTasks(tasks),
    report: { version: 1, status: reportStatus },
  }));

  // Decided before the first command, so a run keeps the behaviour it started with.
  const reviews = patched(REVIEW_LOOP_PATCH)
    ? installReviewLoop({ runId: input.runId, tasks, status: () => status, setStatus, linkExpired: () => linkExpired })
    : null;
  upsertSearchAttributes([{ key: TurnproofRunStatus, value: status }]);
  const dueWatch = dueTimeWatch(input, dispatch, () => status);

  await condition(() => (status === 'completed' && endedAt !== null) || dispatch.canceled());
  if (dispatch.canceled()) {
    await condition(allHandlersFinished);
    return { status, reportStatus };
  }
  // The completed log's head, stamped by a time-stamping authority beside the report (which does not wait
  // for it); an authority down for days leaves the run without this anchor, never failed.
  const anchor = patched(COMPLETION_ANCHOR_PATCH)
    ? // After the completion's own entry is in the log: the handler records it after setting the status.
      condition(() => completionRecorded)
        .then(() => anchorCaptureHead(input.runId))
        .then(
          () => undefined,
          () => undefined,
        )
    : undefined;
  reportStatus = 'generating';
  const report = executeChild(reportGeneration, {
    workflowId: reportWorkflowId(input.runId, 1),
    args: [{ runId: input.runId, version: 1, emailHost: true, meter: true }],
    parentClosePolicy: ParentClosePolicy.ABANDON,
    typedSearchAttributes: workflowInfo().typedSearchAttributes,
  }).then(
    () => (reportStatus = 'ready'),
    // The report workflow records its own failure; the run stays completed and can be regenerated.
    () => (reportStatus = 'failed'),
  );
  // Runs started before the claim clock (without its durations) have none.
  if (input.durations.claimRemindBeforeMs && patched(CLAIM_CLOCK_PATCH)) {
    await startChild(claimClock, {
      workflowId: claimClockWorkflowId(input.runId),
      args: [{ runId: input.runId, remindBeforeMs: input.durations.claimRemindBeforeMs }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      typedSearchAttributes: workflowInfo().typedSearchAttributes,
    });
  }
  // A report held at the flex cap waits for an upgrade; the link still expires on time. Runs started
  // before this waited for their report first.
  if (!patched('link-expiry-apart-from-report')) await report;

  await dueWatch;
  if (reviews) await reviews.reviseUntilQuiet(input.durations.linkReadableAfterCompletionMs);
  else await sleep(input.durations.linkReadableAfterCompletionMs);
  linkExpired = true;
  await expireRunLink(input.runId);
  await issueMails.flushed();
  await report;
  await reviews?.reportsMade();
  await anchor;
  await condition(allHandlersFinished);
  return { status, reportStatus };
}

/**
 * Runs started with ladder durations (and after the ladder existed) escalate; older ones keep the
 * single reminder and the overdue alert.
 */
function dueTimeWatch(
  input: InspectionRunInput,
  dispatch: ReturnType<typeof followDispatch>,
  currentStatus: () => RunStatus,
): Promise<void> {
  if (input.durations.ladder && patched(LADDER_PATCH)) {
    return escalationLadder({
      runId: input.runId,
      taskCount: input.tasks.length,
      durations: input.durations.ladder,
      dispatch,
      status: currentStatus,
    });
  }
  return input.dueAt ? watchDueTime(input, currentStatus) : Promise.resolve();
}

/** At most one high-severity issue mail per run in this interval; it lists every issue since the last. */
const DEFAULT_ISSUE_MAIL_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Coalesces high-severity issue mails: the first issue is mailed at once, the ones reported in the
 * following interval go together in the next mail, so a link holder cannot flood the host's inbox.
 */
class IssueMailBatcher {
  private readonly pending: string[] = [];
  private sending: Promise<void> | null = null;

  constructor(private readonly intervalMs: number) {}

  add(alertId: string) {
    this.pending.push(alertId);
    this.sending ??= this.send();
  }

  async flushed() {
    while (this.sending) await this.sending;
  }

  private async send() {
    while (this.pending.length > 0) {
      await emailIssueAlerts(this.pending.splice(0));
      await sleep(this.intervalMs);
    }
    this.sending = null;
  }
}

/** A reminder before due_at while the run has not started; an overdue alert at due_at unless completed. */
async function watchDueTime(input: InspectionRunInput, currentStatus: () => RunStatus): Promise<void> {
  const dueAt = input.dueAt as string;
  const beforeReminder = msUntil(dueAt, Date.now(), input.durations.reminderBeforeDueMs);
  if (beforeReminder > 0) {
    const started = await condition(() => currentStatus() !== 'pending', beforeReminder);
    if (!started) await sendDueReminder(input.runId);
  }
  const completed = await condition(() => currentStatus() === 'completed', msUntil(dueAt, Date.now()));
  if (!completed) await raiseOverdueAlert(input.runId);
}
