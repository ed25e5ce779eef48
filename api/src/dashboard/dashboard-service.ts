import type { EntityManager } from '@mikro-orm/postgresql';
import { Property, readRunHours, Run } from '@turnproof/db';

/** The spec's dashboard sizes: 3 properties in the card, the 5 latest runs. */
export const DASHBOARD_PROPERTIES = 3;
export const DASHBOARD_RUNS = 5;
/** Open runs whose cleaner found the guest still there, newest report first. */
export const DASHBOARD_LATE_CHECKOUTS = 5;

export interface DashboardData {
  stats: { properties: number; runs: number; in_progress: number; pending: number; completed_today: number };
  properties: { id: string; name: string; address: string }[];
  recent_runs: {
    id: string;
    type: string;
    status: string;
    checklist_name: string;
    property_id: string;
    property_name: string;
    /** The property's zone, which the card shows the run's time in. */
    property_timezone: string;
    created_at: string;
    ended_at: string | null;
  }[];
  /**
   * Open runs whose cleaner reported "Guest still here": the slack left before the next check-in,
   * recomputed now (negative: the check-in is at risk).
   */
  late_checkouts: {
    run_id: string;
    property_name: string;
    property_timezone: string;
    guest_present_at: string | null;
    slack_minutes: number | null;
  }[];
}

/**
 * The owner's dashboard figures. The Template Collection (the system property) is left out; 'Completed
 * Today' counts runs ended since `since`, the owner's local midnight sent by the browser.
 */
export async function dashboardOf(em: EntityManager, ownerId: string, since: Date): Promise<DashboardData> {
  const ownProperties = { owner: ownerId, is_system_property: false };
  const ownRuns = { property: { owner: ownerId } };
  // The run counts by status in one index-only pass over the owner's runs (runs_property_id_status_index),
  // side by side with the other three reads.
  const byStatusRead = em.getConnection().execute<{ status: string; count: number }[]>(
    `select r.status, count(*)::int as count
         from runs r join properties p on p.id = r.property_id
        where p.owner_id = ?
        group by r.status`,
    [ownerId],
  );
  const completedTodayRead = em.count(Run, { ...ownRuns, status: 'completed', ended_at: { $gte: since } });
  const propertiesRead = em.findAndCount(Property, ownProperties, {
    orderBy: { created_at: 'desc', id: 'asc' },
    limit: DASHBOARD_PROPERTIES,
  });
  const recentRead = em.find(Run, ownRuns, {
    populate: ['property'],
    orderBy: { created_at: 'desc', id: 'asc' },
    limit: DASHBOARD_RUNS,
  });
  const [byStatus, completedToday, [properties, propertyCount], recent, lateCheckouts] = await Promise.all([
    byStatusRead,
    completedTodayRead,
    propertiesRead,
    recentRead,
    lateCheckoutsOf(em, ownerId),
  ]);
  const runsIn = (status: string) => byStatus.find((row) => row.status === status)?.count ?? 0;
  return {
    stats: {
      properties: propertyCount,
      runs: byStatus.reduce((sum, row) => sum + row.count, 0),
      in_progress: runsIn('in_progress'),
      pending: runsIn('pending'),
      completed_today: completedToday,
    },
    properties: properties.map(({ id, name, address }) => ({ id, name, address })),
    recent_runs: recent.map((run) => ({
      id: run.id,
      type: run.type,
      status: run.status,
      checklist_name: run.checklist_name,
      property_id: run.property.id,
      property_name: run.property.name,
      property_timezone: run.property.timezone,
      created_at: run.created_at.toISOString(),
      ended_at: run.ended_at?.toISOString() ?? null,
    })),
    late_checkouts: lateCheckouts,
  };
}

/** The open runs with a "Guest still here" report, each with its slack as the run page shows it. */
async function lateCheckoutsOf(em: EntityManager, ownerId: string): Promise<DashboardData['late_checkouts']> {
  const runs = await em.getConnection().execute<{ id: string; property_name: string; timezone: string }[]>(
    // From the few guest reports to their runs, not from every open run of a large account to its alerts.
    `select r.id, p.name as property_name, p.timezone
       from alerts a join runs r on r.id = a.run_id join properties p on p.id = r.property_id
      where a.kind = 'guest_present' and p.owner_id = ? and r.status in ('pending', 'in_progress')
      group by r.id, p.name, p.timezone
      order by max(a.created_at) desc
      limit ${DASHBOARD_LATE_CHECKOUTS}`,
    [ownerId],
  );
  return Promise.all(
    runs.map(async (run) => {
      const hours = await readRunHours(em, run.id);
      return {
        run_id: run.id,
        property_name: run.property_name,
        property_timezone: run.timezone,
        guest_present_at: hours.guest_present_at,
        slack_minutes: hours.slack_minutes,
      };
    }),
  );
}
