import Router from '@koa/router';
import { RunEvent } from '@turnproof/db';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { parseId } from '../http/simple-rest.ts';
import { addRoute } from '../openapi/registry.ts';
import { runMessages } from './run-input.ts';
import { findOwnedRun } from './run-service.ts';

const timelineEntry = z.object({ id: z.uuid(), kind: z.string(), detail: z.string(), created_at: z.string() });

/** What the run's workflow did (link sent, reminders, escalations, cancellation, completion, report), oldest first. */
export function runTimelineRouter() {
  const router = new Router<AppState>({ prefix: '/runs/:id/timeline' });

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: "The run's timeline: link sent, reminders, escalations, cancellation, completion, report",
      tags: ['Runs'],
      params: z.object({ id: z.string() }),
      signedIn: true,
      ok: { description: 'Timeline entries, oldest first', schema: z.array(timelineEntry) },
      errors: { 401: 'Authentication required', 404: runMessages.notFound },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const run = await findOwnedRun(ctx.state.em, user.id, parseId(ctx.params.id ?? '', runMessages.notFound));
      const events = await ctx.state.em.find(RunEvent, { run: run.id }, { orderBy: { created_at: 'asc', id: 'asc' } });
      ctx.body = events.map((event) => ({
        id: event.id,
        kind: event.kind,
        detail: event.detail,
        created_at: event.created_at,
      }));
    },
  );

  return router;
}
