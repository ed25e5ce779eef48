import Router from '@koa/router';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { parseId } from '../http/simple-rest.ts';
import { addRoute } from '../openapi/registry.ts';
import { runMessages } from './run-input.ts';
import { findOwnedRun } from './run-service.ts';
import { runTimeline } from './run-timeline.ts';

const timelineEntry = z.object({
  id: z.string(),
  kind: z.string(),
  code: z
    .string()
    .nullable()
    .describe("The console's message (tp.timeline.<code>); null on steps recorded before codes"),
  params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  detail: z.string().describe('The step in English'),
  created_at: z.string(),
});

/** What happened to the run (link sent and opened, work, offline syncs, issues, reminders, review, report), oldest first. */
export function runTimelineRouter() {
  const router = new Router<AppState>({ prefix: '/runs/:id/timeline' });

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary:
        "The run's timeline: link sent and opened, started, offline syncs, issues, reminders, escalations, completion, report, sent back, approved",
      tags: ['Runs'],
      params: z.object({ id: z.string() }),
      signedIn: true,
      ok: { description: 'Timeline entries, oldest first', schema: z.array(timelineEntry) },
      errors: { 401: 'Authentication required', 404: runMessages.notFound },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const run = await findOwnedRun(ctx.state.em, user.id, parseId(ctx.params.id ?? '', runMessages.notFound));
      ctx.body = await runTimeline(ctx.state.em, run);
    },
  );

  return router;
}
