import type { EntityManager } from '@mikro-orm/postgresql';
import { isLanguage, type Language } from '@turnproof/config/languages';
import { Profile } from '@turnproof/db';

/** The language a host's mails are written in: the one of their profile (Settings), English until they have one. */
export async function hostLanguage(em: EntityManager, userId: string): Promise<Language> {
  const profile = await em.findOne(Profile, { user: userId }, { fields: ['language'] });
  return isLanguage(profile?.language) ? profile.language : 'en';
}
