import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { parseId } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { reviewDecision } from '../openapi/records.ts';
import { addRoute } from '../openapi/registry.ts';
import { runMessages } from '../runs/run-input.ts';
import { reviewBody } from './review-input.ts';
import { reviewRun } from './review-service.ts';

/** POST /api/runs/{id}/review: the host approves a completed run or sends chosen tasks back. */
export function reviewRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/runs/:id/review' });
  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary:
        'Approve a completed run, or send chosen tasks back to the cleaner, each with a note and its rejected photos (score 1-5)',
      tags: ['Runs'],
      params: z.object({ id: z.string() }),
      body: reviewBody,
      signedIn: true,
      ok: { description: 'The decision as recorded', schema: reviewDecision },
      errors: { 401: 'Authentication required', 404: runMessages.notFound, 409: 'The run cannot take this review now' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const runId = parseId(ctx.params.id ?? '', runMessages.notFound);
      const input = parseInput(reviewBody, ctx.request.body);
      ctx.body = await reviewRun(deps, ctx.state.em, user.id, runId, input);
    },
  );
  return router;
}
