import Router from '@koa/router';
import { CHANGE_STATUSES, changeMapsOf, decideChangeRegion } from '@turnproof/db';
import { claimPdfPath } from '@turnproof/platform/report';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import { claimPackKey } from '../claims/claim-pack.ts';
import type { AppState } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { parseId } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { signedMediaUrl } from '../public/public-run-view.ts';
import { runMessages } from './run-input.ts';
import { findOwnedRun } from './run-service.ts';

const MAP_NOT_FOUND = 'Change map not found';
const REGION_NOT_FOUND = 'This change map has no such region';

const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const changeMapRecord = z.object({
  id: z.uuid(),
  run_task_id: z.uuid(),
  task_title: z.string(),
  before_media_id: z.uuid(),
  after_media_id: z.uuid(),
  /** Short-lived signed link to both photos side by side, each region outlined and numbered. */
  image_url: z.string(),
  regions: z.array(
    z.object({
      number: z.number().int(),
      /** proposed: a possible change; confirmed: damage, as the claim pack calls it; dismissed: no change. */
      status: z.enum(CHANGE_STATUSES),
      /** Where the region is in each photo, in fractions of its width and height. */
      before: box,
      after: box,
      decided_at: z.string().nullable(),
    }),
  ),
});
const decisionBody = z.object({ status: z.enum(CHANGE_STATUSES) });
const errors = { 401: 'Authentication required', 404: runMessages.notFound };

/**
 * What changed between a run's photos and its baseline's (the worker maps each pair when the report or
 * claim is made), and the host's decision on each changed region.
 */
export function changeMapsRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/runs/:id/change-maps' });
  const links = { origin: deps.config.publicOrigin, secretKey: deps.config.SECRET_KEY };

  const listOf = async (em: AppState['em'], runId: string) =>
    (await changeMapsOf(em, runId)).map(
      (map) =>
        ({
          id: map.id,
          run_task_id: map.run_task_id,
          task_title: map.task_title,
          before_media_id: map.before_media_id,
          after_media_id: map.after_media_id,
          image_url: signedMediaUrl(links, map.image_path),
          regions: map.regions,
        }) satisfies z.infer<typeof changeMapRecord>,
    );

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: "The run's change maps: its photos beside the baseline's, with the regions that changed",
      tags: ['Runs'],
      params: z.object({ id: z.string() }),
      signedIn: true,
      ok: { description: 'Change maps in task order', schema: z.array(changeMapRecord) },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const run = await findOwnedRun(ctx.state.em, user.id, parseId(ctx.params.id ?? '', runMessages.notFound));
      ctx.body = await listOf(ctx.state.em, run.id);
    },
  );

  addRoute(
    router,
    {
      method: 'put',
      path: '/:mapId/regions/:number',
      summary: 'Confirm a changed region as damage, dismiss it, or set it back to a possible change',
      tags: ['Runs'],
      params: z.object({ id: z.string(), mapId: z.string(), number: z.string() }),
      body: decisionBody,
      signedIn: true,
      ok: { description: 'The change map', schema: changeMapRecord },
      errors: { ...errors, 400: 'The status is not proposed, confirmed or dismissed' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const run = await findOwnedRun(ctx.state.em, user.id, parseId(ctx.params.id ?? '', runMessages.notFound));
      const mapId = parseId(ctx.params.mapId ?? '', MAP_NOT_FOUND);
      const number = Number(ctx.params.number);
      if (!Number.isInteger(number) || number < 1) throw notFound(REGION_NOT_FOUND);
      const { status } = parseInput(decisionBody, ctx.request.body);
      if (!(await decideChangeRegion(ctx.state.em, run.id, mapId, number, status))) {
        const maps = await changeMapsOf(ctx.state.em, run.id);
        throw notFound(maps.some((map) => map.id === mapId) ? REGION_NOT_FOUND : MAP_NOT_FOUND);
      }
      // A claim PDF printed before names the old decisions: the next download prints it again.
      if (run.status === 'completed')
        await deps.storage.remove(claimPdfPath(await claimPackKey(ctx.state.em, run.id, user.id)));
      const map = (await listOf(ctx.state.em, run.id)).find((item) => item.id === mapId);
      ctx.body = map;
    },
  );

  return router;
}
