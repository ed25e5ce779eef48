import {
  allHandlersFinished,
  condition,
  continueAsNew,
  getExternalWorkflowHandle,
  ParentClosePolicy,
  patched,
  proxyActivities,
  setHandler,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import { ActivityFailure, WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { createActivities } from '@turnproof/activities';
import type { CalendarDurations, RunDurations } from '@turnproof/config';
import {
  calendarStateQuery,
  rescheduleRunSignal,
  cancelRunSignal,
  syncCalendarNowUpdate,
  type CalendarSyncAnswer,
} from './dispatch-messages.ts';
import type { CalendarRunChange, CalendarSyncResult } from '@turnproof/activities';
import { inspectionRun } from './inspection-run.ts';
import { TurnproofOwnerId, TurnproofPropertyId, TurnproofRunKind, TurnproofRunStatus } from './search-attributes.ts';
import { upgradeWithEachVersion } from './versioning.ts';

export interface PropertyCalendarInput {
  propertyId: string;
  ownerId: string;
  durations: CalendarDurations;
  /** Timers of the runs this calendar starts. */
  runDurations: RunDurations;
}

export const calendarWorkflowId = (propertyId: string) => `calendar/${propertyId}`;

const { syncPropertyCalendar } = proxyActivities<ReturnType<typeof createActivities>>({
  // Fetching every feed (15 s each at most) and one reconciling transaction.
  startToCloseTimeout: '5 minutes',
  // Bounded: a sync that keeps failing gives up until the next poll instead of holding the worker forever.
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 4 },
});

/** The host's sentence for a sync whose activity failed every attempt. */
const CALENDAR_SYNC_FAILED = 'The calendars could not be synced this time. The next sync tries again.';

/** Run workflows signalled (or, from older answers, started) per workflow task: far below 4 MB. */
const CHANGES_PER_TASK = 100;

/** Activity calls per run before continuing as new, so the history stays short. */
const CALLS_PER_RUN = 200;

/**
 * `calendar/{propertyId}`: polls the property's booking calendars and keeps one turnover run per
 * reservation. The activity decides and writes the rows, new runs with their workflow starts in the
 * outbox; this workflow moves and cancels the runs' workflows (and starts those that older activity
 * answers listed). It ends when the property has no feeds left (saving feeds starts it again).
 */
export async function propertyCalendar(input: PropertyCalendarInput): Promise<void> {
  let syncsStarted = 0;
  let syncsDone = 0;
  let requested = false;
  let last: CalendarSyncAnswer | null = null;

  setHandler(syncCalendarNowUpdate, async () => {
    const wanted = syncsStarted + 1;
    requested = true;
    await condition(() => syncsDone >= wanted);
    return last as CalendarSyncAnswer;
  });
  setHandler(calendarStateQuery, () => ({ syncs: syncsDone, last }));

  let calls = 0;
  /**
   * One sync: a fetch, then more calls on the same reservations while new runs remain to be made.
   * It answers once the database is reconciled (the record); the runs' workflows are moved and
   * canceled right after, and all of that is done before the next poll.
   */
  const sync = async (changes: CalendarRunChange[]): Promise<CalendarSyncAnswer> => {
    const total: CalendarSyncAnswer = { error: null, reservations: 0, created: 0, moved: 0, canceled: 0, feeds: 0 };
    for (let more = true, fetch = true; more; fetch = false) {
      calls += 1;
      let result: CalendarSyncResult;
      try {
        result = await syncPropertyCalendar({
          propertyId: input.propertyId,
          syncKey: `${workflowInfo().runId}/${calls}`,
          defaultTurnaroundMs: input.durations.defaultTurnaroundMs,
          fetch,
          runDurations: input.runDurations,
        });
      } catch (error) {
        // Calendars of older code retried without end, so they never get here.
        if (!(error instanceof ActivityFailure) || !patched('calendar-sync-bounded-attempts')) throw error;
        total.error = CALENDAR_SYNC_FAILED;
        break;
      }
      changes.push(...result.changes);
      add(total, result);
      more = result.more;
    }
    return total;
  };

  for (;;) {
    requested = false;
    syncsStarted += 1;
    const changes: CalendarRunChange[] = [];
    last = await sync(changes);
    syncsDone = syncsStarted;
    // After every call (new run workflows keep the worker busy, which would hold up the next calls), and
    // in batches: the commands of one workflow task must stay under the server's message size.
    for (let i = 0; i < changes.length; i += CHANGES_PER_TASK) {
      await Promise.all(changes.slice(i, i + CHANGES_PER_TASK).map((change) => applyChange(input, change)));
    }
    if (last.feeds === 0 && !requested) break;
    if (calls >= CALLS_PER_RUN || workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof propertyCalendar>(input);
    }
    await condition(() => requested, input.durations.pollIntervalMs);
  }
  await condition(allHandlersFinished);
}
// It lives as long as the calendar.
upgradeWithEachVersion(propertyCalendar);

function add(total: CalendarSyncAnswer, result: CalendarSyncResult): void {
  const count = (action: CalendarRunChange['action']) => result.changes.filter((c) => c.action === action).length;
  total.feeds = result.feeds;
  total.error = result.error;
  total.reservations = result.reservations;
  // Newer activities start the runs from the outbox and count them; older answers listed them.
  total.created += result.created ?? count('start');
  total.moved += count('reschedule');
  total.canceled += count('cancel');
}

const runWorkflowId = (runId: string) => `run/${runId}`;

async function applyChange(input: PropertyCalendarInput, change: CalendarRunChange): Promise<void> {
  if (change.action === 'start') {
    try {
      await startChild(inspectionRun, {
        workflowId: runWorkflowId(change.run.runId),
        args: [{ ...change.run, durations: input.runDurations }],
        // The run lives on its own: it outlasts this calendar's continue-as-new and its end.
        parentClosePolicy: ParentClosePolicy.ABANDON,
        typedSearchAttributes: [
          { key: TurnproofOwnerId, value: change.run.ownerId },
          { key: TurnproofPropertyId, value: change.run.propertyId },
          { key: TurnproofRunStatus, value: 'pending' },
          { key: TurnproofRunKind, value: change.run.kind },
        ],
      });
    } catch (error) {
      // Started by an earlier attempt of this sync: nothing more to do.
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
    return;
  }
  const handle = getExternalWorkflowHandle(runWorkflowId(change.runId));
  try {
    if (change.action === 'reschedule') await handle.signal(rescheduleRunSignal, { dueAt: change.dueAt });
    else await handle.signal(cancelRunSignal, { reason: 'The reservation was cancelled.' });
  } catch {
    // The run's workflow has already ended (completed and expired): the database row is the record.
  }
}
