import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { conflict } from '../http/errors.ts';
import { parseId } from '../http/simple-rest.ts';
import { fileBody } from '../openapi/records.ts';
import { addRoute } from '../openapi/registry.ts';
import { runMessages } from '../runs/run-input.ts';
import { findOwnedRun } from '../runs/run-service.ts';
import { claimPack } from './claim-pack.ts';

/** GET /api/runs/{id}/claim-pack: the damage-claim ZIP of a completed run. */
export function claimsRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/runs/:id/claim-pack' });
  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'Damage-claim ZIP: claim PDF with before/after photo pairs, the original photos, the capture log',
      tags: ['Runs'],
      params: z.object({ id: z.string() }),
      signedIn: true,
      ok: { description: 'The claim ZIP', schema: fileBody, contentType: 'application/zip' },
      errors: { 401: 'Authentication required', 404: runMessages.notFound, 409: 'The run is not completed' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const run = await findOwnedRun(ctx.state.em, user.id, parseId(ctx.params.id ?? '', runMessages.notFound));
      if (run.status !== 'completed') throw conflict('A claim pack is made once the run is completed.');
      const archive = await claimPack(ctx.state.em, deps.storage, run, deps.config.publicOrigin);
      archive.on('error', (error) => ctx.state.log.error({ err: error }, 'claim pack failed mid-stream'));
      ctx.type = 'application/zip';
      ctx.attachment(`turnproof-claim-${run.id}.zip`);
      ctx.body = archive;
    },
  );
  return router;
}
