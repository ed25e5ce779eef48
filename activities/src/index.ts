export { createActivities, type ActivityDeps } from './activities.ts';
export type { SyncRequest, SyncResult } from './subscription-activities.ts';
export type { CalendarRunChange, CalendarRunStart, CalendarSyncResult } from './calendar/calendar-activities.ts';
export type { SentBackTask } from './review-activities.ts';
