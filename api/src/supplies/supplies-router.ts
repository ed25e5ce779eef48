import Router from '@koa/router';
import { Supply } from '@turnproof/db';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { listQuerySchema, orderOf, pageOf, parseId, sendList } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { propertyMessages } from '../properties/property-input.ts';
import { findOwnedProperty } from '../properties/property-service.ts';
import { createSupplyBody, supplyMessages, updateSupplyBody } from './supply-input.ts';
import { createSupply, deleteSupply, findOwnedSupply, toSupplyRecord, updateSupply } from './supply-service.ts';

const listQuery = listQuerySchema(['name', 'unit', 'par_level', 'created_at'] as const, {});
const propertyParams = z.object({ id: z.string() });
const supplyParams = z.object({ id: z.string(), supplyId: z.string() });
export const supplyRecord = z.object({
  id: z.uuid(),
  property_id: z.uuid(),
  name: z.string(),
  unit: z.string(),
  par_level: z.number().int(),
  created_at: z.string(),
});

/** The owner and the property a request names; another owner's property is not found. */
function propertyOf(ctx: AppContext) {
  return { ownerId: requireUser(ctx).id, propertyId: parseId(ctx.params.id ?? '', propertyMessages.notFound) };
}

function supplyOf(ctx: AppContext) {
  return { ...propertyOf(ctx), supplyId: parseId(ctx.params.supplyId ?? '', supplyMessages.notFound) };
}

/**
 * The supplies a property keeps at par level, as a react-admin resource under the property
 * (`properties/{id}/supplies` with ra-data-simple-rest).
 */
export function suppliesRouter() {
  const router = new Router<AppState>({ prefix: '/properties/:id/supplies' });
  const tags = ['Supplies'];
  const errors = { 401: 'Authentication required', 404: `${propertyMessages.notFound} Or: ${supplyMessages.notFound}` };

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: "List an own property's supplies (by name)",
      tags,
      params: propertyParams,
      query: listQuery,
      list: true,
      signedIn: true,
      ok: { description: 'Supplies; total in Content-Range', schema: z.array(supplyRecord) },
      errors,
    },
    async (ctx) => {
      const { ownerId, propertyId } = propertyOf(ctx);
      const query = parseInput(listQuery, ctx.query);
      const property = await findOwnedProperty(ctx.state.em, ownerId, propertyId);
      const ids = query.filter?.id;
      const { offset, limit } = pageOf(query.range);
      const [supplies, total] = await ctx.state.em.findAndCount(
        Supply,
        { property, ...(ids === undefined ? {} : { id: { $in: [ids].flat() } }) },
        { orderBy: orderOf(query.sort, { name: 'asc' }), offset, limit },
      );
      sendList(ctx, 'supplies', offset, supplies.map(toSupplyRecord), total);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:supplyId',
      summary: 'One supply of an own property',
      tags,
      params: supplyParams,
      signedIn: true,
      ok: { description: 'The supply', schema: supplyRecord },
      errors,
    },
    async (ctx) => {
      const { ownerId, propertyId, supplyId } = supplyOf(ctx);
      ctx.body = toSupplyRecord(await findOwnedSupply(ctx.state.em, ownerId, propertyId, supplyId));
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Add a supply to an own property: name, unit and par level (the quantity to keep on hand)',
      tags,
      params: propertyParams,
      body: createSupplyBody,
      signedIn: true,
      ok: { status: 201, description: 'The supply', schema: supplyRecord },
      errors,
    },
    async (ctx) => {
      const { ownerId, propertyId } = propertyOf(ctx);
      // Whose property first: another owner's is not found, whatever the body says.
      const property = await findOwnedProperty(ctx.state.em, ownerId, propertyId);
      const input = parseInput(createSupplyBody, ctx.request.body);
      ctx.status = 201;
      ctx.body = toSupplyRecord(await createSupply(ctx.state.em, property, input));
    },
  );

  addRoute(
    router,
    {
      method: 'put',
      path: '/:supplyId',
      summary: "Edit a supply's name, unit or par level",
      tags,
      params: supplyParams,
      body: updateSupplyBody,
      signedIn: true,
      ok: { description: 'The supply', schema: supplyRecord },
      errors,
    },
    async (ctx) => {
      const { ownerId, propertyId, supplyId } = supplyOf(ctx);
      const supply = await findOwnedSupply(ctx.state.em, ownerId, propertyId, supplyId);
      const input = parseInput(updateSupplyBody, ctx.request.body);
      ctx.body = toSupplyRecord(await updateSupply(ctx.state.em, supply, input));
    },
  );

  addRoute(
    router,
    {
      method: 'delete',
      path: '/:supplyId',
      summary: 'Delete a supply with its counts',
      tags,
      params: supplyParams,
      signedIn: true,
      ok: { description: 'The deleted supply', schema: supplyRecord },
      errors,
    },
    async (ctx) => {
      const { ownerId, propertyId, supplyId } = supplyOf(ctx);
      ctx.body = await deleteSupply(ctx.state.em, ownerId, propertyId, supplyId);
    },
  );

  return router;
}
