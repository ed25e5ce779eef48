import type { EntityManager } from '@mikro-orm/postgresql';
import { knownZone } from '@turnproof/config/time-format';

/**
 * The time zone an owner's account-level times (trial end, payment grace, weekly summary, export) are
 * shown in: the zone set in Settings; else ('auto', the browser's, which the server cannot know) the zone
 * most of the owner's properties are in; else UTC, which the formats then name.
 */
export async function ownerTimeZone(em: EntityManager, ownerId: string): Promise<string> {
  const [row] = await em.getConnection().execute<{ preference: string | null; property_zone: string | null }[]>(
    `select (select timezone from user_preferences where user_id = ? and timezone <> 'auto') as preference,
            (select timezone from properties where owner_id = ? group by timezone order by count(*) desc, timezone limit 1) as property_zone`,
    [ownerId, ownerId],
  );
  return knownZone(row?.preference ?? row?.property_zone);
}
