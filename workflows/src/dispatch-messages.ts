import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';

/** A run's due time moved (its reservation changed, or the host edited it): the ladder starts over from it. */
export const rescheduleRunSignal = defineSignal<[{ dueAt: string | null }]>('rescheduleRun');
/** The host set the run in progress from the console: as a cleaner's first action, it stops the ladder's steps. */
export const runStartedSignal = defineSignal<[{ startedAt: string }]>('runStarted');
/**
 * The assigned cleaner said no (a text reply): the ladder does not wait for its next step, the run goes
 * to the backup cleaner at once (or the host hears at once when the backup was the one saying no).
 */
export const cleanerDeclinedSignal = defineSignal('cleanerDeclined');
/** The run is canceled (its reservation was cancelled): no more steps, no report. */
export const cancelRunSignal = defineSignal<[{ reason: string }]>('cancelRun');

export interface CalendarSyncAnswer {
  feeds: number;
  error: string | null;
  reservations: number;
  created: number;
  moved: number;
  canceled: number;
}

/** Syncs at once and answers when that sync is done. */
export const syncCalendarNowUpdate = defineUpdate<CalendarSyncAnswer>('syncCalendarNow');
export const calendarStateQuery = defineQuery<{ syncs: number; last: CalendarSyncAnswer | null }>('calendarState');
