import type { Middleware } from 'koa';
import type { AppDeps } from '../app-deps.ts';
import { assertApiAllowed, type KeyHolder, keyHolderOf } from '../api-keys/api-key-service.ts';
import { rateLimitHeaders } from '../auth/rate-limits.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { forbidden, HttpError, unauthorized } from '../http/errors.ts';
import { isV1Path } from './v1-paths.ts';

const READS = new Set(['GET', 'HEAD']);

export const keyMessages = {
  missing: 'Send your API key as Authorization: Bearer tp_live_...',
  unknown: 'This API key is not valid: it was revoked, or never existed.',
  readOnly: 'This API key may only read; create a key with the write scope to change data.',
};

/** The bearer token of the request, or null. */
function bearerOf(ctx: AppContext): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'));
  return match?.[1] ?? null;
}

const unauthorizedWithChallenge = (message: string, code: string) =>
  new HttpError(401, message, { 'WWW-Authenticate': 'Bearer realm="turnproof"' }, code);

/**
 * Authenticates every /api/v1 request by its API key: the key's owner is the caller (the v1 routers
 * scope by `ctx.state.apiKey.ownerId` exactly as the console's scope by the signed-in user), a `read`
 * key may not write, the owner's plan must still include the API, and each key spends its own budget,
 * told in the RateLimit-* headers of every answer.
 */
export function authenticateApiKey(deps: AppDeps): Middleware<AppState> {
  return async (ctx, next) => {
    if (!isV1Path(ctx.path)) return next();
    const presented = bearerOf(ctx);
    if (!presented) throw unauthorizedWithChallenge(keyMessages.missing, 'missing_api_key');
    const holder = await keyHolderOf(ctx.state.em, presented);
    if (!holder) throw unauthorizedWithChallenge(keyMessages.unknown, 'invalid_api_key');
    // The budget and the plan asked of PostgreSQL at once; both settle before either refusal is raised.
    const metering = deps.rateLimits.meter('requestsPerApiKey', holder.keyId);
    const allowed = assertApiAllowed(ctx.state.em, holder.ownerId);
    await Promise.allSettled([metering, allowed]);
    ctx.set(rateLimitHeaders(await metering));
    if (!READS.has(ctx.method) && !holder.scopes.includes('write'))
      throw forbidden(keyMessages.readOnly, 'insufficient_scope');
    await allowed;
    ctx.state.apiKey = holder;
    await next();
  };
}

/** The key a v1 handler acts for; the middleware above has made sure there is one. */
export function keyCaller(ctx: AppContext): KeyHolder {
  if (!ctx.state.apiKey) throw unauthorized(keyMessages.missing, 'missing_api_key');
  return ctx.state.apiKey;
}

/** The owner a v1 handler acts for, as the console's handlers act for the signed-in user. */
export const keyOwner = (ctx: AppContext): string => keyCaller(ctx).ownerId;
