import type { EntityManager } from '@mikro-orm/postgresql';
import { Session } from '@turnproof/db';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from '../http/context.ts';
import { unauthorized } from '../http/errors.ts';
import { hashToken, newSecretToken } from './secret-tokens.ts';

export const SESSION_COOKIE = 'turnproof_session';
const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

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

/** Reads the session cookie on every request; a missing or expired session simply means signed out. */
export function loadSession(): Middleware<AppState> {
  return async (ctx, next) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token) {
      const session = await ctx.state.em.findOne(
        Session,
        { token_hash: hashToken(token), expires_at: { $gt: new Date() } },
        { populate: ['user'] },
      );
      if (session) {
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
