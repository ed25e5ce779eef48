import Router from '@koa/router';
import { Property } from '@turnproof/db';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { propertyLimitMessage } from '../access/access-guards.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { listQuerySchema, orderOf, pageOf, parseId, sendList } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { followCalendars } from './calendar-service.ts';
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
const listQuery = listQuerySchema(sortable, {
  q: z.string().max(200).optional(),
  is_system_property: z.boolean().optional(),
});
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
  timezone: z.string(),
  check_in_time: z.string(),
  checkout_time: z.string(),
  default_assignee_id: z.uuid().nullable(),
  backup_assignee_id: z.uuid().nullable(),
  calendar_urls: z.array(z.string()),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  arrival_radius_meters: z.number().int(),
});

export function propertiesRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/properties' });
  const tags = ['Properties'];
  const errors = { 401: 'Authentication required', 404: propertyMessages.notFound };

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'List own properties (react-admin simple REST: sort, range, filter {q, id})',
      tags,
      query: listQuery,
      list: true,
      signedIn: true,
      ok: { description: 'Properties; total in Content-Range', schema: z.array(propertyRecord) },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const query = parseInput(listQuery, ctx.query);
      const { offset, limit } = pageOf(query.range);
      const [properties, total] = await ctx.state.em.findAndCount(Property, propertyWhere(user.id, query.filter), {
        orderBy: orderOf(query.sort, { created_at: 'desc' }),
        offset,
        limit,
      });
      sendList(ctx, 'properties', offset, properties.map(toPropertyRecord), total);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:id',
      summary: 'One own property',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The property', schema: propertyRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', propertyMessages.notFound);
      ctx.body = toPropertyRecord(await findOwnedProperty(ctx.state.em, user.id, id));
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Create a property (default checklists are copied to it)',
      tags,
      body: createPropertyBody,
      signedIn: true,
      ok: { status: 201, description: 'Property created', schema: propertyRecord },
      errors: { ...errors, 403: propertyLimitMessage('N') },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const input = parseInput(createPropertyBody, ctx.request.body);
      const property = await createProperty(ctx.state.em, user.id, input);
      await followCalendars(deps, property);
      ctx.status = 201;
      ctx.body = toPropertyRecord(property);
    },
  );

  addRoute(
    router,
    {
      method: 'put',
      path: '/:id',
      summary: 'Update an own property',
      tags,
      params: idParams,
      body: updatePropertyBody,
      signedIn: true,
      ok: { description: 'Property updated', schema: propertyRecord },
      errors: { ...errors, 403: propertyMessages.systemPropertyLocked },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', propertyMessages.notFound);
      const input = parseInput(updatePropertyBody, ctx.request.body);
      const property = await updateProperty(ctx.state.em, user.id, id, input);
      await followCalendars(deps, property);
      ctx.body = toPropertyRecord(property);
    },
  );

  addRoute(
    router,
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete an own property with its checklists and runs',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The deleted property', schema: propertyRecord },
      errors: { ...errors, 403: propertyMessages.systemPropertyLocked },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', propertyMessages.notFound);
      ctx.body = await deleteProperty(deps, ctx.state.em, user.id, id);
    },
  );

  return router;
}
