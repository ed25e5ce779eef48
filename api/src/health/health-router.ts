import Router from '@koa/router';
import { temporalHealth } from '@turnproof/temporal/client';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { documentRoute } from '../openapi/registry.ts';

const healthAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  temporal: z.enum(['up', 'down']),
});

async function databaseUp(deps: AppDeps): Promise<boolean> {
  try {
    await deps.orm.em.getConnection().execute('select 1');
    return true;
  } catch {
    return false;
  }
}

export function healthRouter(deps: AppDeps) {
  const router = new Router<AppState>();
  documentRoute({
    method: 'get',
    path: '/api/health',
    summary: 'Database and Temporal reachability',
    tags: ['Health'],
    ok: { description: 'Both up', schema: healthAnswer },
    errors: { 503: 'One of them is down (same body)' },
  });
  router.get('/health', async (ctx) => {
    const [database, temporal] = await Promise.all([databaseUp(deps), temporalHealth(deps.temporal)]);
    ctx.status = database && temporal ? 200 : 503;
    ctx.body = {
      status: database && temporal ? 'ok' : 'degraded',
      database: database ? 'up' : 'down',
      temporal: temporal ? 'up' : 'down',
    };
  });
  return router;
}
