import type { Middleware } from 'koa';
import { hashToken } from '../auth/secret-tokens.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Budget, BudgetPoint, RateLimits } from '../auth/rate-limits.ts';
import type { Spent } from '../auth/budget-batches.ts';
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

/** The tick: it spends its budgets in its own statement (TaskActionBatches), not in one of its own. */
const spentByItsStatement = (ctx: AppContext) => ctx.method === 'POST' && ctx.path === '/api/public/task';

/**
 * A request's budgets, spent either inside its own statement (then `settle`) or by `spend` before
 * anything else happens. Spent once.
 */
export class PendingBudgets {
  private spent = false;

  constructor(
    private readonly rateLimits: RateLimits,
    private readonly checks: Budget[],
  ) {}

  /** Its points for a statement to spend; that statement's counts go to `settle`. */
  points(): BudgetPoint[] {
    return this.rateLimits.pointsOf(this.checks);
  }

  /** After its statement spent the points: 429 as `consume` answers it. */
  settle(spent: Spent[]): Promise<void> {
    this.spent = true;
    return this.rateLimits.settle(this.checks, spent);
  }

  /** Spends the points now, unless a statement did (429 once a budget is spent). */
  async spend(): Promise<void> {
    if (this.spent) return;
    this.spent = true;
    await this.rateLimits.consume(...this.checks);
  }
}

/**
 * Budgets of /api/public/* (the runner's magic-link API, the cleaner's schedule, public verification):
 * per link and per address (IPv6 by /64), 429 with Retry-After once one is spent. Generous (see
 * rate-limits.ts): a cleaner's phone that flushes a whole run's queue at once stays well inside them.
 * A tick's budgets wait for its statement, which spends them (one round trip instead of two); should the
 * tick fail before, they are spent here first, so that every answer costs its point and a spent budget
 * answers 429 before anything else, as for every other request.
 */
export function throttlePublicApi(deps: AppDeps): Middleware<AppState> {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/public/')) return next();
    const budgets: Budget[] = [['publicRequestsPerIp', addressBudgetKey(ctx.ip)]];
    const link = linkOf(ctx, deps.config.SECRET_KEY);
    if (link) budgets.push(['publicRequestsPerLink', link]);
    if (!spentByItsStatement(ctx)) {
      await deps.rateLimits.consume(...budgets);
      return next();
    }
    const pending = new PendingBudgets(deps.rateLimits, budgets);
    ctx.state.publicBudgets = pending;
    try {
      await next();
    } finally {
      // Nothing when its statement spent them; else (the tick failed or answered before it) now.
      await pending.spend();
    }
  };
}
