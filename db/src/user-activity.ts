import type { EntityManager } from '@mikro-orm/postgresql';
import { UserActivity } from './entities/index.ts';

/** What a user did that their profile's Activity tab lists (spec: user_activity, newest first, 10). */
export const ACTIVITY_TYPES = [
  'property_added',
  'property_deleted',
  'run_created',
  'run_completed',
  'report_downloaded',
  'template_created',
  'checkout_started',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Adds an activity to the unit of work: it is written with the change it records, by the caller's flush. */
export function recordActivity(
  em: EntityManager,
  userId: string,
  activityType: ActivityType,
  details: Record<string, unknown>,
): void {
  em.create(UserActivity, { user: userId, activity_type: activityType, details });
}

/**
 * The owner's activity for a run, in SQL for callers that write with statements (the run's completion):
 * the property and checklist names are read in the same statement.
 */
export const RUN_ACTIVITY_SQL = `insert into user_activity (id, user_id, activity_type, details, created_at)
  select gen_random_uuid(), p.owner_id, ?, jsonb_build_object('run_id', r.id, 'property_name', p.name, 'checklist_name', r.checklist_name), now()
  from runs r join properties p on p.id = r.property_id where r.id = ?`;
