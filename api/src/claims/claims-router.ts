import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { conflict } from '../http/errors.ts';
import { parseId } from '../http/simple-rest.ts';
import { fileBody } from '../openapi/records.ts';
import { addRoute } from '../openapi/registry.ts';
import { runMessages } from '../runs/run-input.ts';
import { findOwnedRun } from '../runs/run-service.ts';
import { claimPackArchive, claimPackKey } from './claim-pack.ts';
import { CLAIM_PACK_POLL_SECONDS, claimPackState, type ClaimPackState, requestClaimPack } from './claim-pack-jobs.ts';

const claimPackProgress = z.object({
  status: z.enum(['ready', 'generating', 'failed', 'not_started']),
  /** While generating: what the worker does now. */
  step: z.string().optional(),
  /** When failed: why, as a sentence for the host. */
  error: z.string().optional(),
});
const params = z.object({ id: z.string() });
const errors = {
  401: 'Authentication required',
  404: runMessages.notFound,
  409: 'The run is not completed',
  429: 'Another pack of the owner is being made, or too many packs in an hour',
};

/**
 * The damage-claim pack of a completed run. Its PDF is printed by the worker (`claim-pack/{ownerId}`),
 * never by the API, and kept in the media storage under the run's report version and capture-log length;
 * the ZIP is packed around the stored PDF when downloaded.
 */
export function claimsRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/runs/:id/claim-pack' });

  async function completedRun(ctx: AppContext & { params: Record<string, string | undefined> }) {
    const user = requireUser(ctx);
    const run = await findOwnedRun(ctx.state.em, user.id, parseId(ctx.params.id ?? '', runMessages.notFound));
    if (run.status !== 'completed') throw conflict('A claim pack is made once the run is completed.');
    return { user, run, key: await claimPackKey(ctx.state.em, run.id, user.id) };
  }

  const answerProgress = (ctx: AppContext, state: ClaimPackState) => {
    if (state.status !== 'ready') {
      ctx.status = 202;
      ctx.set('Retry-After', String(CLAIM_PACK_POLL_SECONDS));
    }
    ctx.body = state;
  };

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary:
        'Damage-claim ZIP: claim PDF with before/after photo pairs, the original photos, the capture log. While the PDF is being printed, 202 with its progress (a print is started when none is)',
      tags: ['Runs'],
      params,
      signedIn: true,
      ok: { description: 'The claim ZIP', schema: fileBody, contentType: 'application/zip' },
      accepted: { description: 'The claim PDF is being printed; ask again', schema: claimPackProgress },
      errors,
    },
    async (ctx) => {
      const { user, run, key } = await completedRun(ctx);
      const state = await requestClaimPack(deps, user.id, key);
      if (state.status !== 'ready') return answerProgress(ctx, state);
      const archive = await claimPackArchive(ctx.state.em, deps.storage, run, key);
      archive.on('error', (error) => ctx.state.log.error({ err: error }, 'claim pack failed mid-stream'));
      ctx.type = 'application/zip';
      ctx.attachment(`turnproof-claim-${run.id}.zip`);
      ctx.body = archive;
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Have the claim PDF printed by the worker, unless it is stored or being printed; answers its progress',
      tags: ['Runs'],
      params,
      signedIn: true,
      ok: { description: 'The pack is ready to download', schema: claimPackProgress },
      accepted: { description: 'The claim PDF is being printed', schema: claimPackProgress },
      errors,
    },
    async (ctx) => {
      const { user, key } = await completedRun(ctx);
      answerProgress(ctx, await requestClaimPack(deps, user.id, key));
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/progress',
      summary: 'Where the claim pack stands (ready, generating with its step, failed, not started); starts nothing',
      tags: ['Runs'],
      params,
      signedIn: true,
      ok: { description: 'The progress', schema: claimPackProgress },
      errors,
    },
    async (ctx) => {
      const { user, key } = await completedRun(ctx);
      ctx.body = await claimPackState(deps, user.id, key);
    },
  );

  return router;
}
