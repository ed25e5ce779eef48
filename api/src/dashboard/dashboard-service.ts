import type { EntityManager } from '@mikro-orm/postgresql';
import { Property, Run } from '@turnproof/db';

/** The spec's dashboard sizes: 3 properties in the card, the 5 latest runs. */
export const DASHBOARD_PROPERTIES = 3;
export const DASHBOARD_RUNS = 5;

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
    created_at: string;
    ended_at: string | null;
  }[];
}

/**
 * The owner's dashboard figures. The Template Collection (the system property) is left out; 'Completed
 * Today' counts runs ended since `since`, the owner's local midnight sent by the browser.
 */
export async function dashboardOf(em: EntityManager, ownerId: string, since: Date): Promise<DashboardData> {
  const ownProperties = { owner: ownerId, is_system_property: false };
  // The four run counts in one pass over the owner's runs (not four), side by side with the two short reads.
  const countsRead = em
    .getConnection()
    .execute<{ runs: number; in_progress: number; pending: number; completed_today: number }[]>(
      `select count(*)::int as runs,
            count(*) filter (where r.status = 'in_progress')::int as in_progress,
            count(*) filter (where r.status = 'pending')::int as pending,
            count(*) filter (where r.status = 'completed' and r.ended_at >= ?)::int as completed_today
       from runs r join properties p on p.id = r.property_id
      where p.owner_id = ?`,
      [since, ownerId],
    );
  const propertiesRead = em.findAndCount(Property, ownProperties, {
    orderBy: { created_at: 'desc', id: 'asc' },
    limit: DASHBOARD_PROPERTIES,
  });
  const recentRead = em.find(
    Run,
    { property: { owner: ownerId } },
    { populate: ['property'], orderBy: { created_at: 'desc', id: 'asc' }, limit: DASHBOARD_RUNS },
  );
  const [[counts], [properties, propertyCount], recent] = await Promise.all([countsRead, propertiesRead, recentRead]);
  return {
    stats: {
      properties: propertyCount,
      runs: counts?.runs ?? 0,
      in_progress: counts?.in_progress ?? 0,
      pending: counts?.pending ?? 0,
      completed_today: counts?.completed_today ?? 0,
    },
    properties: properties.map(({ id, name, address }) => ({ id, name, address })),
    recent_runs: recent.map((run) => ({
      id: run.id,
      type: run.type,
      status: run.status,
      checklist_name: run.checklist_name,
      property_id: run.property.id,
      property_name: run.property.name,
      created_at: run.created_at.toISOString(),
      ended_at: run.ended_at?.toISOString() ?? null,
    })),
  };
}
