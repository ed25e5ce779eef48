import Router from '@koa/router';
import { UserPreferences } from '@turnproof/db';
import { z } from 'zod';
import { FEATURES, mayUse } from '../access/access-guards.ts';
import { loadOwnerAccess } from '../access/owner-access.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { forbidden } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { ANALYTICS_PERIODS, type AnalyticsPeriod, analyticsOf } from './analytics-service.ts';

const analyticsUpgradeMessage = FEATURES.analytics.message;

const periodMessage = 'days must be 7, 30 or 90.';
const analyticsQuery = z.object({
  days: z
    .string({ error: periodMessage })
    .optional()
    .transform((value) => Number(value ?? 30))
    .refine(
      (value): value is AnalyticsPeriod => (ANALYTICS_PERIODS as readonly number[]).includes(value),
      periodMessage,
    ),
});

const count = z.number().int();
const analyticsAnswer = z.object({
  days: z.number(),
  since: z.string(),
  until: z.string(),
  timezone: z.string(),
  runs_completed: count,
  average_duration_seconds: z.number().nullable(),
  on_time: z.object({ on_time: count, with_due_time: count, rate_percent: z.number().nullable() }),
  issues: z.object({ total: count, low: count, medium: count, high: count }),
  photos: z.object({ total: count, per_run: z.number().nullable() }),
  properties: z.array(z.object({ id: z.uuid(), name: z.string(), runs: count, completed: count, issues: count })),
  completions_per_week: z.array(z.object({ week_start: z.string(), completed: count })),
});

/** The owner's timezone preference names the weeks' boundaries; 'auto' (the browser's) falls back to UTC. */
async function weekTimezoneOf(em: AppState['em'], userId: string): Promise<string> {
  const preferences = await em.findOne(UserPreferences, { user: userId }, { fields: ['timezone'] });
  return preferences && preferences.timezone !== 'auto' ? preferences.timezone : 'UTC';
}

export function analyticsRouter() {
  const router = new Router<AppState>({ prefix: '/analytics' });

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'Figures of the owner over the last 7, 30 or 90 days (professional plans)',
      tags: ['Analytics'],
      query: analyticsQuery,
      signedIn: true,
      ok: { description: 'Analytics', schema: analyticsAnswer },
      errors: { 401: 'Authentication required', 403: analyticsUpgradeMessage },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const { days } = parseInput(analyticsQuery, ctx.query);
      // 403, the spec's feature gate: the console shows its lock screen on it.
      if (!mayUse(await loadOwnerAccess(ctx.state.em, user.id), 'analytics')) throw forbidden(analyticsUpgradeMessage);
      ctx.body = await analyticsOf(ctx.state.em, user.id, days, await weekTimezoneOf(ctx.state.em, user.id));
    },
  );

  return router;
}
