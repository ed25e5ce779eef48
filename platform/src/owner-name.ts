import type { EntityManager } from '@mikro-orm/postgresql';
import { Profile } from '@turnproof/db';

/** How a host is named to their team: the profile's display name, else the account's e-mail. */
export async function ownerDisplayName(em: EntityManager, ownerId: string): Promise<string> {
  const profile = await em.findOne(Profile, { user: ownerId }, { populate: ['user'] });
  return profile?.display_name?.trim() || profile?.user.email || 'Your host';
}
