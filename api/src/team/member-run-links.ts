import type { EntityManager } from '@mikro-orm/postgresql';
import { OPEN_RUN_STATUSES, rotateRunLinks } from '@turnproof/platform/run-link-rotation';
import type { Config } from '@turnproof/config';

/**
 * New magic links for the member's open runs (removed from the team, schedule link revoked): the links
 * they hold answer 410 from now on. Answers the ids of the runs whose link changed.
 */
export async function rotateMemberRunLinks(config: Config, em: EntityManager, memberId: string): Promise<string[]> {
  const runs = await em.execute<{ id: string }[]>(
    `select id from runs where assigned_to_id = ? and status in (${OPEN_RUN_STATUSES.map(() => '?').join(', ')})`,
    [memberId, ...OPEN_RUN_STATUSES],
    'all',
  );
  const ids = runs.map((run) => run.id);
  await rotateRunLinks(em, ids, { publicOrigin: config.publicOrigin, secretKey: config.SECRET_KEY });
  return ids;
}
