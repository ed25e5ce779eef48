import Router from '@koa/router';
import { WorkOrder } from '@turnproof/db';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { listQuerySchema, orderOf, pageOf, parseId, sendList } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { createWorkOrderBody, sendBackBody, workOrderListFilter, workOrderMessages } from './work-order-input.ts';
import { workOrderRecord } from './work-order-records.ts';
import {
  approveWorkOrder,
  createWorkOrder,
  findOwnedWorkOrder,
  fixPhotosOf,
  revokeWorkOrderLink,
  sendBackWorkOrder,
  toWorkOrderRecord,
  workOrderWhere,
} from './work-order-service.ts';

const sortable = ['title', 'status', 'due_at', 'created_at', 'completed_at', 'cost_cents'] as const;
const listQuery = listQuerySchema(sortable, workOrderListFilter);
const idParams = z.object({ id: z.string() });

/** The host's work orders: made from an issue or from scratch, followed, approved or sent back. */
export function workOrdersRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/work-orders' });
  const tags = ['Work orders'];
  const errors = { 401: 'Authentication required', 404: workOrderMessages.notFound };
  const links = { origin: deps.config.publicOrigin, secretKey: deps.config.SECRET_KEY };
  const idOf = (ctx: AppContext) => parseId(ctx.params.id ?? '', workOrderMessages.notFound);
  const withPhotos = async (ctx: AppContext, order: WorkOrder) => ({
    ...toWorkOrderRecord(order, deps.config.SECRET_KEY),
    photos: await fixPhotosOf(ctx.state.em, order.id, links),
  });

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'List work orders (react-admin simple REST; filter by property, issue or status)',
      tags,
      query: listQuery,
      list: true,
      signedIn: true,
      ok: { description: 'Work orders', schema: z.array(workOrderRecord) },
      errors: { 401: 'Authentication required' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const query = parseInput(listQuery, ctx.query);
      const { offset, limit } = pageOf(query.range);
      const [orders, total] = await ctx.state.em.findAndCount(WorkOrder, workOrderWhere(user.id, query.filter), {
        populate: ['property'],
        orderBy: orderOf(query.sort, { created_at: 'desc' }),
        offset,
        limit,
      });
      const records = orders.map((order) => toWorkOrderRecord(order, deps.config.SECRET_KEY));
      sendList(ctx, 'work-orders', offset, records, total);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Send a vendor a work order (from an issue or from scratch); the vendor gets the link by mail and text',
      tags,
      body: createWorkOrderBody,
      signedIn: true,
      ok: { status: 201, description: 'The work order with its vendor link', schema: workOrderRecord },
      errors: { 401: 'Authentication required', 404: workOrderMessages.propertyNotFound },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const input = parseInput(createWorkOrderBody, ctx.request.body ?? {});
      const order = await createWorkOrder(deps, ctx.state.em, user.id, input);
      ctx.status = 201;
      ctx.body = toWorkOrderRecord(order, deps.config.SECRET_KEY);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:id',
      summary: 'One work order with its status, cost and the photos of the fix',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The work order', schema: workOrderRecord },
      errors,
    },
    async (ctx) => {
      const order = await findOwnedWorkOrder(ctx.state.em, requireUser(ctx).id, idOf(ctx));
      ctx.body = await withPhotos(ctx, order);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/:id/approve',
      summary: "Approve the vendor's work and cost (a cost over the limit waits for this)",
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The approved work order', schema: workOrderRecord },
      errors: { ...errors, 409: workOrderMessages.notDone },
    },
    async (ctx) => {
      const order = await approveWorkOrder(ctx.state.em, requireUser(ctx).id, idOf(ctx));
      ctx.body = await withPhotos(ctx, order);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/:id/send-back',
      summary: 'Send the work back to the vendor with a note on what is still to do',
      tags,
      params: idParams,
      body: sendBackBody,
      signedIn: true,
      ok: { description: 'The work order, in progress again', schema: workOrderRecord },
      errors: { ...errors, 409: workOrderMessages.notDone },
    },
    async (ctx) => {
      const { note } = parseInput(sendBackBody, ctx.request.body ?? {});
      const order = await sendBackWorkOrder(deps, ctx.state.em, requireUser(ctx).id, idOf(ctx), note);
      ctx.body = await withPhotos(ctx, order);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/:id/revoke-link',
      summary: 'Revoke the vendor link: it answers 410 from now on',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The work order with its link revoked', schema: workOrderRecord },
      errors,
    },
    async (ctx) => {
      const order = await revokeWorkOrderLink(ctx.state.em, requireUser(ctx).id, idOf(ctx));
      ctx.body = await withPhotos(ctx, order);
    },
  );

  return router;
}
