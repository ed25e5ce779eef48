import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppState } from './context.ts';
import { redactedPath } from './secret-paths.ts';

/**
 * Gives each request an id, a child logger, a forked entity manager, and logs one line when done. The
 * logger and the entity manager are made on first use: the runner's hottest call needs neither.
 */
export function requestContext(orm: MikroORM, logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const started = performance.now();
    const incoming = ctx.get('X-Request-Id');
    ctx.state.requestId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    const requestId = ctx.state.requestId;
    defineOnFirstUse(ctx.state, 'log', () => logger.child({ request_id: requestId }));
    defineOnFirstUse(ctx.state, 'em', () => orm.em.fork());
    try {
      await next();
    } finally {
      logger.info(
        {
          request_id: requestId,
          method: ctx.method,
          // Magic links and signed grants sit in paths; a log line must not hand them on.
          path: redactedPath(ctx.path),
          status: ctx.status,
          ms: Math.round(performance.now() - started),
          user_id: ctx.state.user?.id,
        },
        'request',
      );
    }
  };
}

function defineOnFirstUse<K extends 'log' | 'em'>(state: AppState, key: K, make: () => AppState[K]) {
  let value: AppState[K] | undefined;
  Object.defineProperty(state, key, { enumerable: true, get: () => (value ??= make()) });
}
