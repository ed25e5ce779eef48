import { condition, patched, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import type { LadderDurations } from '@turnproof/config';
import { cancelRunSignal, cleanerDeclinedSignal, rescheduleRunSignal } from './dispatch-messages.ts';
import { ladderSchedule, stopsOnStart, type EscalationStep } from './ladder-rules.ts';
import type { RunStatus } from './run-messages.ts';
import { TurnproofEscalationStep } from './search-attributes.ts';

/** The patch id of a cleaner's decline moving the ladder on (runs started before never get one). */
export const DECLINE_PATCH = 'ladder-cleaner-declines';
/** Steps a decline brings forward, in order: the backup's offer, then the host's alert. */
const STEPS_ON_DECLINE: readonly EscalationStep[] = ['handed_over', 'host_alerted'];

/** The patch id of the ladder and the dispatch signals in `run/{id}` (runs started before keep the single reminder). */
export const LADDER_PATCH = 'dispatch-escalation-ladder';

const { remindAssignee, handOverToBackup, alertCheckInAtRisk, raiseOverdueAlert } = proxyActivities<
  ReturnType<typeof createActivities>
>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

const stepActivities: Record<EscalationStep, (runId: string) => Promise<unknown>> = {
  reminded: remindAssignee,
  handed_over: handOverToBackup,
  host_alerted: alertCheckInAtRisk,
  overdue: raiseOverdueAlert,
};

/** The due time as it moves (reservation changes, host edits) and whether the run was canceled. */
export interface Dispatch {
  dueAt: () => string | null;
  /** Grows with each move, so a waiting step notices and recomputes. */
  version: () => number;
  canceled: () => boolean;
  /** How many times an assigned cleaner has declined the run. */
  declines: () => number;
}

/**
 * Registers the dispatch signals of a run: a new due time, and cancellation (whoever cancels has
 * written it to the database already; the workflow stops its timers and makes no report).
 */
export function followDispatch(initialDueAt: string | null, onCancel: () => void): Dispatch {
  let dueAt = initialDueAt;
  let version = 0;
  let canceled = false;
  let declines = 0;
  setHandler(cleanerDeclinedSignal, () => {
    declines += 1;
  });
  setHandler(rescheduleRunSignal, ({ dueAt: next }) => {
    if (next === dueAt) return;
    dueAt = next;
    version += 1;
  });
  setHandler(cancelRunSignal, () => {
    if (canceled) return;
    canceled = true;
    onCancel();
  });
  return { dueAt: () => dueAt, version: () => version, canceled: () => canceled, declines: () => declines };
}

/**
 * The escalation ladder of a run, each step once and in order: reminder, hand-over to the backup
 * cleaner, check-in-at-risk alert to the host, overdue alert. Starting the run ends the first three at
 * once; completing or canceling it ends the ladder. A moved due time recomputes the steps still to come.
 * A cleaner's decline brings the next of the hand-over and the host's alert forward to now.
 */
export async function escalationLadder(run: {
  runId: string;
  taskCount: number;
  durations: LadderDurations;
  dispatch: Dispatch;
  status: () => RunStatus;
}): Promise<void> {
  const done = new Set<EscalationStep>();
  const finished = () => run.status() === 'completed' || run.dispatch.canceled();
  let answeredDeclines = 0;
  const step = async (next: EscalationStep) => {
    done.add(next);
    await stepActivities[next](run.runId);
    upsertSearchAttributes([{ key: TurnproofEscalationStep, value: next }]);
  };
  for (;;) {
    const dueAt = run.dispatch.dueAt();
    const version = run.dispatch.version();
    if (finished()) return;
    if (run.dispatch.declines() > answeredDeclines && patched(DECLINE_PATCH)) {
      answeredDeclines = run.dispatch.declines();
      const forward = STEPS_ON_DECLINE.find((candidate) => !done.has(candidate));
      // A reminder to someone who said no would be noise.
      done.add('reminded');
      if (forward && run.status() === 'pending') await step(forward);
      continue;
    }
    if (!dueAt) {
      await condition(() => finished() || run.dispatch.version() !== version);
      continue;
    }
    const next = ladderSchedule(Date.parse(dueAt), run.taskCount, run.durations).find(
      ({ step }) => !done.has(step) && (!stopsOnStart(step) || run.status() === 'pending'),
    );
    if (!next) return;
    const interrupted = () =>
      finished() ||
      run.dispatch.version() !== version ||
      run.dispatch.declines() !== answeredDeclines ||
      (stopsOnStart(next.step) && run.status() !== 'pending');
    const waitMs = next.atMs - Date.now();
    if (waitMs > 0 && (await condition(interrupted, waitMs))) continue;
    if (interrupted()) continue;
    await step(next.step);
  }
}
