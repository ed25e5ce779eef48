import Router from '@koa/router';
import { Property } from '@turnproof/db';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { propertyLimitMessage } from '../access/access-guards.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { idList, listQuerySchema, orderOf, pageOf, parseId, sendList } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { documentRoute } from '../openapi/registry.ts';
import { createPropertyBody, propertyMessages, updatePropertyBody } from './property-input.ts';
import {
  createProperty,
  deleteProperty,
  findOwnedProperty,
  propertyWhere,
  toPropertyRecord,
  updateProperty,
} from './property-service.ts';

const sortable = ['name', 'address', 'created_at', 'updated_at'] as const;
const listQuery = listQuerySchema(
  sortable,
  z.object({ q: z.string().max(200).optional(), id: idList.optional(), is_system_property: z.boolean().optional() }),
);
const idParams = z.object({ id: z.string() });
const propertyRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  access_code: z.string().nullable(),
  notes: z.string().nullable(),
  owner_id: z.uuid(),
  created_at: z.string(),
  updated_at: z.string(),
  is_system_property: z.boolean(),
});

export function propertiesRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/properties' });
  const tags = ['Properties'];
  const errors = { 401: 'Authentication required', 404: propertyMessages.notFound };

  documentRoute({
    method: 'get',
    path: '/api/properties',
    summary: 'List own properties (react-admin simple REST: sort, range, filter {q, id})',
    tags,
    query: listQuery,
    signedIn: true,
    ok: { description: 'Properties; total in Content-Range', schema: z.array(propertyRecord) },
    errors,
  });
  router.get('/', async (ctx) => {
    const user = requireUser(ctx);
    const query = parseInput(listQuery, ctx.query);
    const { offset, limit } = pageOf(query.range);
    const [properties, total] = await ctx.state.em.findAndCount(Property, propertyWhere(user.id, query.filter), {
      orderBy: { ...orderOf(query.sort, { created_at: 'desc' }), id: 'asc' },
      offset,
      limit,
    });
    sendList(ctx, 'properties', offset, properties.map(toPropertyRecord), total);
  });

  documentRoute({
    method: 'get',
    path: '/api/properties/:id',
    summary: 'One own property',
    tags,
    params: idParams,
    signedIn: true,
    ok: { description: 'The property', schema: propertyRecord },
    errors,
  });
  router.get('/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = parseId(ctx.params.id ?? '', propertyMessages.notFound);
    ctx.body = toPropertyRecord(await findOwnedProperty(ctx.state.em, user.id, id));
  });

  documentRoute({
    method: 'post',
    path: '/api/properties',
    summary: 'Create a property (default checklists are copied to it)',
    tags,
    body: createPropertyBody,
    signedIn: true,
    ok: { status: 201, description: 'Property created', schema: propertyRecord },
    errors: { ...errors, 402: propertyLimitMessage('N') },
  });
  router.post('/', async (ctx) => {
    const user = requireUser(ctx);
    const input = parseInput(createPropertyBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = toPropertyRecord(await createProperty(ctx.state.em, user.id, input));
  });

  documentRoute({
    method: 'put',
    path: '/api/properties/:id',
    summary: 'Update an own property',
    tags,
    params: idParams,
    body: updatePropertyBody,
    signedIn: true,
    ok: { description: 'Property updated', schema: propertyRecord },
    errors: { ...errors, 403: propertyMessages.systemPropertyLocked },
  });
  router.put('/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = parseId(ctx.params.id ?? '', propertyMessages.notFound);
    const input = parseInput(updatePropertyBody, ctx.request.body);
    ctx.body = toPropertyRecord(await updateProperty(ctx.state.em, user.id, id, input));
  });

  documentRoute({
    method: 'delete',
    path: '/api/properties/:id',
    summary: 'Delete an own property with its checklists and runs',
    tags,
    params: idParams,
    signedIn: true,
    ok: { description: 'The deleted property', schema: propertyRecord },
    errors: { ...errors, 403: propertyMessages.systemPropertyLocked },
  });
  router.delete('/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = parseId(ctx.params.id ?? '', propertyMessages.notFound);
    ctx.body = await deleteProperty(deps, ctx.state.em, user.id, id);
  });

  return router;
}
