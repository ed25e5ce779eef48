import type { Middleware } from 'koa';
import { hashToken } from '../auth/secret-tokens.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Budget } from '../auth/rate-limits.ts';
import { addressBudgetKey } from '../http/client-address.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { verifyToken } from '../media/signed-tokens.ts';

const SIGNED_UPLOAD = /^\/api\/public\/upload\/([^/]+)$/;

/**
 * The link a request to the link holder's API comes through, as the budget counts it: the digest prefix of
 * its token (the same stamp an upload grant names, so a grant's PUT counts against the link that reserved
 * it). Never the token itself: the budgets' table is no place for secrets. Null without a link.
 */
function linkOf(ctx: AppContext, secretKey: string): string | null {
  const upload = ctx.method === 'PUT' ? SIGNED_UPLOAD.exec(ctx.path) : null;
  if (upload) {
    const grant = verifyToken<{ link?: string }>(secretKey, 'upload', decodeURIComponent(upload[1]!));
    return grant.ok ? (grant.payload.link ?? null) : null;
  }
  const body = ctx.request.body as { token?: unknown } | undefined;
  const token = ctx.query.token ?? body?.token;
  return typeof token === 'string' && token ? hashToken(token).slice(0, 16) : null;
}

/**
 * Budgets of /api/public/* (the runner's magic-link API, the cleaner's schedule, public verification):
 * per link and per address (IPv6 by /64), 429 with Retry-After once one is spent. Generous (see
 * rate-limits.ts): a cleaner's phone that flushes a whole run's queue at once stays well inside them.
 */
export function throttlePublicApi(deps: AppDeps): Middleware<AppState> {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/public/')) return next();
    const budgets: Budget[] = [['publicRequestsPerIp', addressBudgetKey(ctx.ip)]];
    const link = linkOf(ctx, deps.config.SECRET_KEY);
    if (link) budgets.push(['publicRequestsPerLink', link]);
    await deps.rateLimits.consume(...budgets);
    await next();
  };
}
