import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Work orders a vendor finished at the run's property since the property's previous run was made (within
 * 30 days), except those fixing an issue of this very run: the cleaner of the next turnover sees "Fixed: …".
 */
export async function fixedWorkOrdersFor(
  em: EntityManager,
  run: { id: string; created_at: Date; property: { id: string } },
): Promise<{ id: string; title: string }[]> {
  return em.getConnection().execute<{ id: string; title: string }[]>(
    `select w.id, w.title from work_orders w
      where w.property_id = ? and w.status in ('done', 'approved') and w.completed_at > now() - interval '30 days'
        and w.completed_at > coalesce(
          (select max(r.created_at) from runs r where r.property_id = w.property_id and r.created_at < ? and r.id <> ?),
          '-infinity')
        and (w.issue_id is null or w.issue_id not in (select a.id from alerts a where a.run_id = ?))
      order by w.completed_at limit 20`,
    [run.property.id, run.created_at, run.id, run.id],
  );
}
