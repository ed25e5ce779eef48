import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { productionDurations, type CalendarDurations, type Config, type RunDurations } from '@turnproof/config';
import {
  calendarWorkflowId,
  propertyCalendar,
  syncCalendarNowUpdate,
  TurnproofOwnerId,
  TurnproofPropertyId,
  type CalendarSyncAnswer,
} from '@turnproof/workflows';

/** The calendar timers from the environment (CALENDAR_POLL_INTERVAL_MINUTES, CALENDAR_DEFAULT_TURNAROUND_HOURS). */
export function calendarDurationsOf(
  config: Pick<Config, 'CALENDAR_POLL_INTERVAL_MINUTES' | 'CALENDAR_DEFAULT_TURNAROUND_HOURS'>,
): CalendarDurations {
  return {
    pollIntervalMs: config.CALENDAR_POLL_INTERVAL_MINUTES * 60_000,
    defaultTurnaroundMs: config.CALENDAR_DEFAULT_TURNAROUND_HOURS * 3_600_000,
  };
}

export interface CalendarStart {
  propertyId: string;
  ownerId: string;
  durations: CalendarDurations;
  runDurations?: RunDurations;
}

/** Starts `calendar/{propertyId}` unless it runs already (then it keeps its own timers). */
export async function ensurePropertyCalendar(
  client: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  start: CalendarStart,
): Promise<void> {
  await client.workflow.start(propertyCalendar, {
    workflowId: calendarWorkflowId(start.propertyId),
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [{ ...start, runDurations: start.runDurations ?? productionDurations }],
    workflowIdConflictPolicy: 'USE_EXISTING',
    typedSearchAttributes: [
      { key: TurnproofOwnerId, value: start.ownerId },
      { key: TurnproofPropertyId, value: start.propertyId },
    ],
  });
}

/** Syncs the property's calendars now (starting its workflow when needed) and answers when done. */
export async function syncPropertyCalendarNow(
  client: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  start: CalendarStart,
): Promise<CalendarSyncAnswer> {
  await ensurePropertyCalendar(client, config, start);
  const handle = client.workflow.getHandle<typeof propertyCalendar>(calendarWorkflowId(start.propertyId));
  return handle.executeUpdate(syncCalendarNowUpdate);
}

/** Ends the property's calendar workflow (the property was deleted). */
export async function stopPropertyCalendar(client: Client, propertyId: string): Promise<void> {
  try {
    await client.workflow.getHandle(calendarWorkflowId(propertyId)).terminate('The property was deleted.');
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
}
