import Router from '@koa/router';
import { Checklist, Property } from '@turnproof/db';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { propertyLimitMessage } from '../access/access-guards.ts';
import { checklistMessages } from '../checklists/checklist-input.ts';
import {
  checklistPopulate,
  checklistWhere,
  findOwnedChecklist,
  toChecklistRecord,
} from '../checklists/checklist-service.ts';
import type { AppState } from '../http/context.ts';
import { parseId } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { followCalendars } from '../properties/calendar-service.ts';
import { createPropertyBody, propertyMessages, updatePropertyBody } from '../properties/property-input.ts';
import {
  createProperty,
  findOwnedProperty,
  propertyWhere,
  toPropertyRecord,
  updateProperty,
} from '../properties/property-service.ts';
import { afterPosition, decodeCursor, encodeCursor, pageOf, pageQuery, positionParams } from './cursor.ts';
import { keyOwner } from './key-auth.ts';
import { V1_PREFIX } from './v1-paths.ts';
import {
  toV1Checklist,
  toV1ChecklistWithTasks,
  toV1Property,
  v1Checklist,
  v1ChecklistWithTasks,
  v1Property,
} from './v1-records.ts';
import { v1Errors } from './v1-errors.ts';

const listQuery = z.object(pageQuery);
const idParams = z.object({ id: z.uuid().meta({ description: 'The property id' }) });

/** Properties and their checklists through an API key: the console's services, the public records. */
export function v1PropertiesRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: V1_PREFIX });
  const tags = ['v1 Properties'];
  const errors = v1Errors({ 404: propertyMessages.notFound });

  addRoute(
    router,
    {
      method: 'get',
      path: '/properties',
      operationId: 'listProperties',
      summary: 'List properties, newest first, a page at a time',
      tags,
      query: listQuery,
      bearer: true,
      ok: { description: 'A page of properties', schema: pageOf(v1Property) },
      errors: v1Errors(),
    },
    async (ctx) => {
      const ownerId = keyOwner(ctx);
      const query = parseInput(listQuery, ctx.query);
      const after = decodeCursor(query.cursor);
      // A handful of properties per owner: the (owner_id) index and a sort of them.
      const rows = await ctx.state.em.execute<{ id: string; created_at: string }[]>(
        `select p.id, p.created_at::text as created_at from properties p
          where p.owner_id = ? and not p.is_system_property${after ? ` and ${afterPosition('p')}` : ''}
          order by p.created_at desc, p.id asc limit ?`,
        [ownerId, ...(after ? positionParams(after) : []), query.limit + 1],
      );
      const page = rows.slice(0, query.limit);
      const properties = await ctx.state.em.find(Property, propertyWhere(ownerId, { id: page.map((row) => row.id) }));
      const byId = new Map(properties.map((property) => [property.id, property]));
      const last = page.at(-1);
      ctx.body = {
        data: page.flatMap((row) => {
          const property = byId.get(row.id);
          return property ? [toV1Property(toPropertyRecord(property))] : [];
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
      path: '/properties/:id',
      operationId: 'getProperty',
      summary: 'One property',
      tags,
      params: idParams,
      bearer: true,
      ok: { description: 'The property', schema: v1Property },
      errors,
    },
    async (ctx) => {
      const id = parseId(ctx.params.id ?? '', propertyMessages.notFound);
      ctx.body = toV1Property(toPropertyRecord(await findOwnedProperty(ctx.state.em, keyOwner(ctx), id)));
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/properties',
      operationId: 'createProperty',
      summary: 'Create a property (the default checklists are copied to it)',
      tags,
      body: createPropertyBody,
      bearer: true,
      ok: { status: 201, description: 'The new property', schema: v1Property },
      errors: v1Errors({ 403: propertyLimitMessage('N') }),
    },
    async (ctx) => {
      const input = parseInput(createPropertyBody, ctx.request.body ?? {});
      const property = await createProperty(ctx.state.em, keyOwner(ctx), input);
      await followCalendars(deps, property);
      ctx.status = 201;
      ctx.body = toV1Property(toPropertyRecord(property));
    },
  );

  addRoute(
    router,
    {
      method: 'patch',
      path: '/properties/:id',
      operationId: 'updateProperty',
      summary: 'Change some fields of a property',
      tags,
      params: idParams,
      body: updatePropertyBody,
      bearer: true,
      ok: { description: 'The property', schema: v1Property },
      errors: v1Errors({ 404: propertyMessages.notFound, 403: propertyMessages.systemPropertyLocked }),
    },
    async (ctx) => {
      const id = parseId(ctx.params.id ?? '', propertyMessages.notFound);
      const input = parseInput(updatePropertyBody, ctx.request.body ?? {});
      const property = await updateProperty(ctx.state.em, keyOwner(ctx), id, input);
      await followCalendars(deps, property);
      ctx.body = toV1Property(toPropertyRecord(property));
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/properties/:id/checklists',
      operationId: 'listPropertyChecklists',
      summary: "A property's checklists, oldest first",
      tags: ['v1 Checklists'],
      params: idParams,
      bearer: true,
      ok: { description: 'Checklists', schema: z.object({ data: z.array(v1Checklist) }) },
      errors,
    },
    async (ctx) => {
      const ownerId = keyOwner(ctx);
      const property = await findOwnedProperty(
        ctx.state.em,
        ownerId,
        parseId(ctx.params.id ?? '', propertyMessages.notFound),
      );
      const checklists = await ctx.state.em.find(Checklist, checklistWhere(ownerId, { property_id: property.id }), {
        populate: checklistPopulate,
        orderBy: { created_at: 'asc', id: 'asc' },
      });
      ctx.body = { data: checklists.map((checklist) => toV1Checklist(toChecklistRecord(checklist))) };
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/checklists/:id',
      operationId: 'getChecklist',
      summary: 'One checklist with its tasks',
      tags: ['v1 Checklists'],
      params: z.object({ id: z.uuid().meta({ description: 'The checklist id' }) }),
      bearer: true,
      ok: { description: 'The checklist', schema: v1ChecklistWithTasks },
      errors: v1Errors({ 404: checklistMessages.notFound }),
    },
    async (ctx) => {
      const id = parseId(ctx.params.id ?? '', checklistMessages.notFound);
      ctx.body = toV1ChecklistWithTasks(toChecklistRecord(await findOwnedChecklist(ctx.state.em, keyOwner(ctx), id)));
    },
  );

  return router;
}
