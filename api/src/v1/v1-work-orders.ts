import Router from '@koa/router';
import { WorkOrder } from '@turnproof/db';
import { z } from 'zod';
import type { AppState } from '../http/context.ts';
import { parseId } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { workOrderMessages } from '../work-orders/work-order-input.ts';
import { workOrderData } from '../work-orders/work-order-records.ts';
import { findOwnedWorkOrder, toWorkOrderData, workOrderWhere } from '../work-orders/work-order-service.ts';
import { afterPosition, decodeCursor, encodeCursor, pageOf, pageQuery, positionParams } from './cursor.ts';
import { keyOwner } from './key-auth.ts';
import { V1_PREFIX } from './v1-paths.ts';
import { v1Errors } from './v1-errors.ts';

const listQuery = z.object({
  ...pageQuery,
  property_id: z.uuid().optional().meta({ description: "Only this property's work orders" }),
});

/** Work orders through an API key, read-only: what webhooks announce, fetched in full. */
export function v1WorkOrdersRouter() {
  const router = new Router<AppState>({ prefix: V1_PREFIX });
  const tags = ['v1 Work orders'];

  addRoute(
    router,
    {
      method: 'get',
      path: '/work-orders',
      operationId: 'listWorkOrders',
      summary: 'List work orders, newest first, a page at a time',
      tags,
      query: listQuery,
      bearer: true,
      ok: { description: 'A page of work orders', schema: pageOf(workOrderData) },
      errors: v1Errors(),
    },
    async (ctx) => {
      const ownerId = keyOwner(ctx);
      const query = parseInput(listQuery, ctx.query);
      const after = decodeCursor(query.cursor);
      const rows = await ctx.state.em.execute<{ id: string; created_at: string }[]>(
        `select w.id, w.created_at::text as created_at from work_orders w
          where w.owner_id = ?${query.property_id ? ' and w.property_id = ?' : ''}${after ? ` and ${afterPosition('w')}` : ''}
          order by w.created_at desc, w.id asc limit ?`,
        [
          ownerId,
          ...(query.property_id ? [query.property_id] : []),
          ...(after ? positionParams(after) : []),
          query.limit + 1,
        ],
      );
      const page = rows.slice(0, query.limit);
      const orders = await ctx.state.em.find(WorkOrder, workOrderWhere(ownerId, { id: page.map((row) => row.id) }), {
        populate: ['property'],
      });
      const byId = new Map(orders.map((order) => [order.id, order]));
      const last = page.at(-1);
      ctx.body = {
        data: page.flatMap((row) => {
          const order = byId.get(row.id);
          return order ? [toWorkOrderData(order)] : [];
        }),
        next_cursor:
          rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
      };
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/work-orders/:id',
      operationId: 'getWorkOrder',
      summary: 'One work order with its status and cost',
      tags,
      params: z.object({ id: z.uuid().meta({ description: 'The work order id' }) }),
      bearer: true,
      ok: { description: 'The work order', schema: workOrderData },
      errors: v1Errors({ 404: workOrderMessages.notFound }),
    },
    async (ctx) => {
      const id = parseId(ctx.params.id ?? '', workOrderMessages.notFound);
      ctx.body = toWorkOrderData(await findOwnedWorkOrder(ctx.state.em, keyOwner(ctx), id));
    },
  );

  return router;
}
