import Router from '@koa/router';
import { WorkOrder } from '@turnproof/db';
import { recordWebhookEvent } from '@turnproof/platform/webhooks';
import { notifyHostCompleted } from '@turnproof/platform/work-order-notices';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { conflict } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { type ActionLedger, applyOnce, findRecorded } from '../public/apply-once.ts';
import { signedMediaUrl } from '../public/public-run-view.ts';
import { storeFixPhoto } from './fix-photos.ts';
import { noteOpened, toVendorView, workOrderForToken } from './vendor-access.ts';
import { completeWorkOrderBody, tokenQuery, workOrderMessages } from './work-order-input.ts';
import { vendorView } from './work-order-records.ts';
import { toWorkOrderData } from './work-order-service.ts';

const workOrderActions: ActionLedger = { table: 'work_order_actions', subject: 'work_order_id' };

const completedAnswer = z.object({
  status: z.literal('done'),
  cost_cents: z.number().int(),
  awaiting_approval: z.boolean(),
});

/** The vendor's side of a work order, through its link: no account, the link is the credential. */
export function vendorRouter(deps: AppDeps) {
  const router = new Router<AppState>();
  const tags = ['Work orders (vendor link)'];
  const linkErrors = { 404: workOrderMessages.linkInvalid, 410: workOrderMessages.linkRevoked };
  const links = { origin: deps.config.publicOrigin, secretKey: deps.config.SECRET_KEY };

  addRoute(
    router,
    {
      method: 'get',
      path: '/public/work-order',
      summary: "The work order a vendor link opens: the job, the property, the issue's photos and notes",
      tags,
      query: tokenQuery,
      ok: { description: 'The work order as the vendor sees it', schema: vendorView },
      errors: linkErrors,
    },
    async (ctx) => {
      const order = await workOrderForToken(ctx.state.em, parseInput(tokenQuery, ctx.query).token);
      await noteOpened(ctx.state.em, order);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await toVendorView(ctx.state.em, order, links);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/public/work-order/photo',
      summary: 'A photo of the fix (the image bytes as the body; at most 25 MB and 20 photos)',
      tags,
      query: tokenQuery,
      ok: { status: 201, description: 'Stored', schema: z.object({ id: z.uuid(), thumbnail_url: z.string() }) },
      errors: { ...linkErrors, 409: workOrderMessages.finished, 413: 'Over the size limit', 415: 'Not a real image' },
    },
    async (ctx) => {
      const order = await workOrderForToken(ctx.state.em, parseInput(tokenQuery, ctx.query).token);
      const photo = await storeFixPhoto(deps, ctx.state.em, order, ctx.req, Number(ctx.get('Content-Length') || 0));
      ctx.status = 201;
      ctx.body = { id: photo.id, thumbnail_url: signedMediaUrl(links, photo.thumbnail_path ?? photo.path) };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/public/work-order/complete',
      summary: 'The vendor marks the work done with a note and the cost; applied once per action_id',
      tags,
      body: completeWorkOrderBody,
      ok: { description: 'Done; a cost over the limit waits for the owner', schema: completedAnswer },
      errors: { ...linkErrors, 409: workOrderMessages.finished },
    },
    async (ctx) => {
      const input = parseInput(completeWorkOrderBody, ctx.request.body ?? {});
      const em = ctx.state.em;
      const order = await workOrderForToken(em, input.token);
      const key = { runId: order.id, actionId: input.action_id, kind: 'complete' };
      // A repeat of an applied completion answers as the first time, though the order has moved on since.
      const recorded = await findRecorded<z.output<typeof completedAnswer>>(em, key, workOrderActions);
      if (recorded) {
        ctx.body = recorded;
        return;
      }
      const { response, replayed } = await applyOnce(
        em,
        key,
        async (tx) => {
          const changed = await tx.nativeUpdate(
            WorkOrder,
            { id: order.id, status: { $in: ['open', 'in_progress'] } },
            { status: 'done', cost_cents: input.cost_cents, completion_note: input.note, completed_at: new Date() },
          );
          if (changed === 0) throw conflict(workOrderMessages.finished);
          const done = await tx.findOneOrFail(WorkOrder, { id: order.id }, { populate: ['property'], refresh: true });
          const data = toWorkOrderData(done);
          await recordWebhookEvent(tx, done.owner.id, 'work_order.completed', { work_order: data });
          return { status: 'done' as const, cost_cents: input.cost_cents, awaiting_approval: data.awaiting_approval };
        },
        workOrderActions,
      );
      if (!replayed) {
        deps.outbox.nudge();
        const done = await em.fork().findOneOrFail(WorkOrder, { id: order.id }, { populate: ['property'] });
        await notifyHostCompleted(deps, em.fork(), done).catch((error: unknown) =>
          deps.logger.warn({ err: error, workOrderId: order.id }, 'work order: completion mail failed'),
        );
      }
      ctx.body = response;
    },
  );

  return router;
}
