import type { EntityManager } from '@mikro-orm/postgresql';
import type { Run } from '@turnproof/db';

/**
 * Notes that the cleaner opened the run's link (its first time is the timeline's 'Link opened') and in
 * which language the runner showed it (their mails are written in it). Writes only when either is new.
 */
export async function noteRunOpened(
  em: EntityManager,
  run: Pick<Run, 'id' | 'opened_at' | 'cleaner_language'>,
  language: string | null,
): Promise<void> {
  if (run.opened_at && (!language || language === run.cleaner_language)) return;
  await em
    .getConnection()
    .execute(
      `update runs set opened_at = coalesce(opened_at, now()), cleaner_language = coalesce(?, cleaner_language) where id = ?`,
      [language, run.id],
    );
}
