import Router from '@koa/router';
import { ownerTimeZone, Property, RUN_KINDS } from '@turnproof/db';
import { z } from 'zod';
import { FEATURES, mayUse } from '../access/access-guards.ts';
import { loadOwnerAccess } from '@turnproof/platform/owner-access';
import { requireUser } from '../auth/sessions.ts';
import { completeStep } from '../onboarding/onboarding-service.ts';
import type { AppState } from '../http/context.ts';
import { badRequest, forbidden } from '../http/errors.ts';
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
  property_id: z.uuid({ error: 'property_id must be the id of one of your properties.' }).optional(),
  type: z.enum(RUN_KINDS, { error: 'type must be turnover, move_in or move_out.' }).optional(),
});
const propertyFilterMessage = 'property_id must be the id of one of your properties.';

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
  filter: z.object({ property_id: z.uuid().nullable(), type: z.enum(RUN_KINDS).nullable() }),
  recent_activity: z.array(
    z.object({ id: z.uuid(), activity_type: z.string(), summary: z.string(), created_at: z.string() }),
  ),
});

export function analyticsRouter() {
  const router = new Router<AppState>({ prefix: '/analytics' });

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary:
        'Figures and recent activity of the owner over the last 7, 30 or 90 days, optionally of one property and/or run type (professional plans)',
      tags: ['Analytics'],
      query: analyticsQuery,
      signedIn: true,
      ok: { description: 'Analytics', schema: analyticsAnswer },
      errors: {
        400: `${periodMessage} / ${propertyFilterMessage} / type must be turnover, move_in or move_out.`,
        401: 'Authentication required',
        403: analyticsUpgradeMessage,
      },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const { days, ...filter } = parseInput(analyticsQuery, ctx.query);
      // 403, the spec's feature gate: the console shows its lock screen on it.
      if (!mayUse(await loadOwnerAccess(ctx.state.em, user.id), 'analytics'))
        throw forbidden(analyticsUpgradeMessage, FEATURES.analytics.code);
      // Someone else's property, or the hidden Template Collection, is not a filter of this owner's screen.
      if (
        filter.property_id &&
        !(await ctx.state.em.count(Property, { id: filter.property_id, owner: user.id, is_system_property: false }))
      ) {
        throw badRequest(propertyFilterMessage);
      }
      ctx.body = await analyticsOf(ctx.state.em, user.id, days, await ownerTimeZone(ctx.state.em, user.id), filter);
      // The onboarding step view-analytics is done when its action runs: the owner saw their figures.
      await completeStep(ctx.state.em, user.id, 'view-analytics');
    },
  );

  return router;
}
