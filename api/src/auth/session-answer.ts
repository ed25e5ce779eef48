import type { EntityManager } from '@mikro-orm/postgresql';
import { Profile, User } from '@turnproof/db';
import { accessOf } from '../account/access.ts';

export interface SessionAnswer {
  user: { id: string; email: string; has_password: boolean };
  profile: Record<string, unknown> | null;
  access: Awaited<ReturnType<typeof accessOf>>;
}

/**
 * GET /api/auth/session's answer for a signed-in user: the user, the profile and plan access. The
 * dashboard's server render starts from the same answer.
 */
export async function sessionOf(em: EntityManager, user: { id: string; email: string }): Promise<SessionAnswer> {
  const profile = await em.findOne(Profile, { user: user.id });
  // The session's own load put the user in the identity map: this costs no query.
  const account = await em.findOneOrFail(User, user.id);
  return {
    // Without a password (Google only), deleting the account asks for a fresh sign-in instead.
    user: { ...user, has_password: account.password_hash !== null },
    profile: profile ? { ...profile, user: undefined, user_id: user.id } : null,
    access: await accessOf(em, user.id),
  };
}
