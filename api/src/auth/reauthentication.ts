import type { EntityManager } from '@mikro-orm/postgresql';
import { Session, User } from '@turnproof/db';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext } from '../http/context.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { messages } from './auth-service.ts';
import { verifyPassword } from './passwords.ts';
import type { Budget } from './rate-limits.ts';

/** How fresh the sign-in of an account without a password must be to delete it. */
const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Asks again who is at the keyboard before the account changes hands or goes: the current password,
 * with a per-user budget of wrong guesses so a stolen cookie cannot try the dictionary.
 */
export async function confirmCurrentPassword(
  deps: Pick<AppDeps, 'rateLimits'>,
  em: EntityManager,
  userId: string,
  password: string,
): Promise<void> {
  const budget: Budget = ['reauthFailuresPerUser', userId];
  await deps.rateLimits.consume(budget);
  const user = await em.findOneOrFail(User, { id: userId });
  if (!(await verifyPassword(user.password_hash, password)))
    throw badRequest(messages.currentPasswordIncorrect, 'current_password_incorrect');
  await deps.rateLimits.refund(budget);
}

/**
 * The same question for any account: its current password, or for an account that only signs in with
 * Google (no password to ask), a session that Google opened within the last ten minutes.
 */
export async function confirmOwnerPresent(
  deps: Pick<AppDeps, 'rateLimits'>,
  ctx: AppContext,
  userId: string,
  password: string | undefined,
): Promise<void> {
  const { em } = ctx.state;
  const user = await em.findOneOrFail(User, { id: userId });
  if (user.password_hash !== null) {
    if (!password) throw badRequest(messages.currentPasswordNeeded, 'current_password_needed');
    return confirmCurrentPassword(deps, em, userId, password);
  }
  const session = ctx.state.sessionId ? await em.findOne(Session, { id: ctx.state.sessionId }) : null;
  if (!session || Date.now() - session.created_at.getTime() > RECENT_SIGN_IN_MS) {
    throw forbidden(messages.recentSignInNeeded, 'recent_sign_in_needed');
  }
}
