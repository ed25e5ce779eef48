import Router from '@koa/router';
import { z } from 'zod';
import { accessOf } from '../account/access.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { dashboardView } from '../openapi/records.ts';
import { dashboardOf } from './dashboard-service.ts';

const dashboardQuery = z.object({
  since: z.iso.datetime({
    offset: true,
    error: 'since must be the start of your day as an ISO date-time, e.g. 2026-01-31T00:00:00+01:00.',
  }),
});

export function dashboardRouter() {
  const router = new Router<AppState>({ prefix: '/dashboard' });

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: "The owner's dashboard: stat cards, 3 properties, 5 latest runs, plan usage",
      tags: ['Dashboard'],
      query: dashboardQuery,
      signedIn: true,
      ok: { description: 'Dashboard figures', schema: dashboardView },
      errors: { 401: 'Authentication required' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const { since } = parseInput(dashboardQuery, ctx.query);
      const data = await dashboardOf(ctx.state.em, user.id, new Date(since));
      ctx.body = { ...data, access: await accessOf(ctx.state.em, user.id) };
    },
  );

  return router;
}
