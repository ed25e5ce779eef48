import { Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import { reportPhotoCopyPath } from '@turnproof/platform/report';

const BATCH = 200;

/**
 * Media retention: the photos and videos (files, thumbnails, report copies and rows) of runs on the flex plan older than
 * the retention. Report PDFs live apart (reports/...) and are kept. Admins and owners on a trial or a
 * paid plan keep everything.
 */
export function createMediaRetentionActivities({ orm, storage }: { orm: MikroORM; storage: MediaStorage }) {
  /** Removes the media a query selects, BATCH at a time, files first; answers how many went. */
  async function purgeInBatches(select: string, params: unknown[]): Promise<{ media: number }> {
    const connection = orm.em.getConnection();
    let purged = 0;
    for (;;) {
      const batch = await connection.execute<{ id: string; path: string; thumbnail_path: string | null }[]>(
        `${select} limit ${BATCH}`,
        params,
      );
      if (batch.length === 0) return { media: purged };
      // Files first: a row without its file is harmless, a file without a row would never be found again.
      for (const item of batch) {
        await storage.remove(item.path);
        if (item.thumbnail_path) await storage.remove(item.thumbnail_path);
        // Made for confirmed photos only, when they were checked; removing one that is not there is nothing.
        await storage.remove(reportPhotoCopyPath(item.path));
      }
      await connection.execute(
        `delete from media where id in (${batch.map(() => '?').join(', ')})`,
        batch.map((item) => item.id),
      );
      purged += batch.length;
      Context.current().heartbeat(purged);
    }
  }

  return {
    async purgeFlexMedia({ olderThanMs }: { olderThanMs: number }): Promise<{ media: number }> {
      return purgeInBatches(
        `select m.id, m.path, m.thumbnail_path
           from media m
           join runs on runs.id = m.run_id
           join properties p on p.id = runs.property_id
           left join billing_accounts a on a.user_id = p.owner_id
           left join profiles pr on pr.user_id = p.owner_id
           where runs.created_at < now() - (? * interval '1 millisecond')
             and coalesce(a.plan_key, 'flex') = 'flex'
             and (a.trial_ends_at is null or a.trial_ends_at <= now())
             and coalesce(pr.role, '') <> 'admin'`,
        [olderThanMs],
      );
    },

    /**
     * Media reserved but never confirmed (abandoned uploads, refused files, photos of issues never sent):
     * they count against the run's quota and take disk, and no report or runner ever shows them.
     */
    async purgeUnconfirmedMedia({ olderThanMs }: { olderThanMs: number }): Promise<{ media: number }> {
      return purgeInBatches(
        `select id, path, thumbnail_path from media
         where status <> 'confirmed' and created_at < now() - (? * interval '1 millisecond')`,
        [olderThanMs],
      );
    },
  };
}
