import Router from '@koa/router';
import { readRunHours } from '@turnproof/db';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { parseId } from '../http/simple-rest.ts';
import { addRoute } from '../openapi/registry.ts';
import { runMessages } from './run-input.ts';
import { findOwnedRun } from './run-service.ts';

const timestamp = z.string().describe('ISO 8601 date-time');

const runHours = z.object({
  work_seconds: z.number().int().nullable().describe('First action to completion without pauses; so far while open'),
  pauses: z.array(z.object({ paused_at: timestamp, resumed_at: timestamp.nullable() })),
  paused: z.boolean(),
  arrived_at: timestamp.nullable().describe("The first located action within the property's radius"),
  far_from_property_meters: z
    .number()
    .int()
    .nullable()
    .describe("The farthest located action beyond the property's radius, in metres"),
  guest_present_at: timestamp.nullable(),
  late_checkout_minutes: z.number().int().nullable(),
  slack_minutes: z.number().int().nullable().describe('Minutes from when the unit was free to the next check-in'),
});

/** The run's hours for the run page: work time, pauses, arrival, distance from the property, late checkout, slack. */
export function runHoursRouter() {
  const router = new Router<AppState>({ prefix: '/runs/:id/hours' });

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary:
        "The run's hours: work time without pauses, the pauses, arrival, work far from the property, late checkout and slack",
      tags: ['Runs'],
      params: z.object({ id: z.string() }),
      signedIn: true,
      ok: { description: "The run's hours", schema: runHours },
      errors: { 401: 'Authentication required', 404: runMessages.notFound },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const run = await findOwnedRun(ctx.state.em, user.id, parseId(ctx.params.id ?? '', runMessages.notFound));
      ctx.body = await readRunHours(ctx.state.em, run.id);
    },
  );

  return router;
}
