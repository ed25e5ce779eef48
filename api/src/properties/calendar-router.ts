import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { parseId } from '../http/simple-rest.ts';
import { addRoute } from '../openapi/registry.ts';
import { calendarApiMessages, calendarView, syncNow } from './calendar-service.ts';
import { propertyMessages } from './property-input.ts';
import { findOwnedProperty } from './property-service.ts';

const idParams = z.object({ id: z.string() });
const reservation = z.object({
  uid: z.string(),
  summary: z.string(),
  start: z.string(),
  end: z.string(),
  run: z
    .object({ id: z.uuid(), status: z.string(), due_at: z.string().nullable(), checkout_at: z.string().nullable() })
    .nullable(),
});
const calendarRecord = z.object({
  last_synced_at: z.string().nullable(),
  last_error: z.string().nullable(),
  feeds: z.array(
    z.object({
      url: z.string(),
      last_success_at: z.string().nullable(),
      last_attempt_at: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
  reservations: z.array(reservation),
});
const syncAnswer = z.object({
  feeds: z.number(),
  error: z.string().nullable(),
  reservations: z.number(),
  created: z.number(),
  moved: z.number(),
  canceled: z.number(),
});

/** A property's booking calendars: what the last sync saw, and syncing now. */
export function calendarRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/properties/:id/calendar' });
  const tags = ['Properties'];
  const errors = { 401: 'Authentication required', 404: propertyMessages.notFound };
  const ownedProperty = (ctx: AppContext & { params: { id?: string } }) => {
    const user = requireUser(ctx);
    return findOwnedProperty(ctx.state.em, user.id, parseId(ctx.params.id ?? '', propertyMessages.notFound));
  };

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary:
        "The property's booking calendars: last sync time, the last error in a sentence, the reservations seen and their runs",
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'Calendar state', schema: calendarRecord },
      errors,
    },
    async (ctx) => {
      ctx.body = await calendarView(ctx.state.em, await ownedProperty(ctx));
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/sync',
      summary: 'Fetch the booking calendars now and reconcile the turnover runs; answers what changed',
      tags,
      params: idParams,
      signedIn: true,
      ok: {
        description: 'What the sync changed (a failing feed names its error and changes nothing)',
        schema: syncAnswer,
      },
      errors: { ...errors, 400: calendarApiMessages.noFeeds, 429: 'Too many syncs in a short time' },
    },
    async (ctx) => {
      const property = await ownedProperty(ctx);
      // Each sync fetches every feed on the shared worker: a budget per owner, not per property.
      await deps.rateLimits.consume(['calendarSyncsPerOwner', property.owner.id]);
      ctx.body = await syncNow(deps, property);
    },
  );

  return router;
}
