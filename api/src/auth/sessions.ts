import type { EntityManager } from '@mikro-orm/postgresql';
import { Session } from '@turnproof/db';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from '../http/context.ts';
import { unauthorized } from '../http/errors.ts';
import { hashToken, newSecretToken } from './secret-tokens.ts';

export const SESSION_COOKIE = 'turnproof_session';
const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** A session unused this long has ended (a cookie left in a shared browser), however young it is. */
export const SESSION_IDLE_TIMEOUT_MS = 7 * DAY_MS;
/** `last_seen_at` is written at most this often per session, not on every request. */
const LAST_SEEN_STEP_MS = 60 * 60 * 1000;

function cookieOptions(ctx: AppContext, expires?: Date) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: ctx.cookies.secure, path: '/', expires, overwrite: true };
}

export async function startSession(ctx: AppContext, userId: string): Promise<void> {
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  const em = ctx.state.em;
  em.create(Session, { user: userId, token_hash: hashToken(token), expires_at: expiresAt });
  await em.flush();
  ctx.cookies.set(SESSION_COOKIE, token, cookieOptions(ctx, expiresAt));
}

export async function endSession(ctx: AppContext): Promise<void> {
  if (ctx.state.sessionId) await ctx.state.em.nativeDelete(Session, { id: ctx.state.sessionId });
  ctx.cookies.set(SESSION_COOKIE, '', cookieOptions(ctx, new Date(0)));
}

export async function endAllSessions(em: EntityManager, userId: string): Promise<void> {
  await em.nativeDelete(Session, { user: userId });
}

/**
 * Reads the session cookie on every request; a missing, expired or idle session simply means signed
 * out. Each use slides the idle timeout on.
 */
export function loadSession(): Middleware<AppState> {
  return async (ctx, next) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token) {
      const now = Date.now();
      const session = await ctx.state.em.findOne(
        Session,
        {
          token_hash: hashToken(token),
          expires_at: { $gt: new Date(now) },
          last_seen_at: { $gt: new Date(now - SESSION_IDLE_TIMEOUT_MS) },
        },
        { populate: ['user'] },
      );
      if (session) {
        if (now - session.last_seen_at.getTime() > LAST_SEEN_STEP_MS) {
          await ctx.state.em.nativeUpdate(Session, { id: session.id }, { last_seen_at: new Date(now) });
        }
        ctx.state.sessionId = session.id;
        ctx.state.user = { id: session.user.id, email: session.user.email };
      }
    }
    await next();
  };
}

export function requireUser(ctx: AppContext): { id: string; email: string } {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user;
}
