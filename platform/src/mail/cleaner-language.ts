import type { EntityManager } from '@mikro-orm/postgresql';
import { isLanguage, type Language } from '@turnproof/config/languages';
import { hostLanguage } from './host-language.ts';

/**
 * The language a message to a team member is written in: the one the host chose for them
 * (`team_members.language`), else the one the runner showed them on this run (`runLanguage`,
 * `runs.cleaner_language`), else the one it last showed them on another run, else the host's (a member who
 * never opened a run reads what the host would write to them). A run just handed to them is `newRunId`: the
 * language it holds is its previous cleaner's.
 */
export async function cleanerLanguage(
  em: EntityManager,
  cleaner: { memberId: string; ownerId: string; runLanguage?: string | null; newRunId?: string },
): Promise<Language> {
  const [chosen] = await em
    .getConnection()
    .execute<{ language: string | null }[]>(`select language from team_members where id = ?`, [cleaner.memberId]);
  if (isLanguage(chosen?.language)) return chosen.language;
  if (isLanguage(cleaner.runLanguage)) return cleaner.runLanguage;
  const [last] = await em.getConnection().execute<{ cleaner_language: string }[]>(
    `select cleaner_language from runs
     where assigned_to_id = ? and cleaner_language is not null and id is distinct from ?::uuid
     order by opened_at desc nulls last, updated_at desc limit 1`,
    [cleaner.memberId, cleaner.newRunId ?? null],
  );
  return isLanguage(last?.cleaner_language) ? last.cleaner_language : hostLanguage(em, cleaner.ownerId);
}
