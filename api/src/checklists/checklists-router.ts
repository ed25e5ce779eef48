import Router from '@koa/router';
import type { FilterQuery } from '@mikro-orm/postgresql';
import { Checklist } from '@turnproof/db';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { idList, listQuerySchema, orderOf, pageOf, parseId, sendList } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { documentRoute } from '../openapi/registry.ts';

export const checklistNotFound =
  "Checklist not found. The checklist you're looking for doesn't exist or you don't have access to it.";

const listQuery = listQuerySchema(
  ['name', 'type', 'created_at', 'updated_at'] as const,
  z.object({ id: idList.optional(), property_id: z.uuid().optional(), is_template: z.boolean().optional() }),
);

export function toChecklistRecord(checklist: Checklist) {
  return {
    id: checklist.id,
    property_id: checklist.property.id,
    name: checklist.name,
    type: checklist.type,
    is_template: checklist.is_template,
    created_at: checklist.created_at,
    updated_at: checklist.updated_at,
    tasks: checklist.tasks.getItems().map((task) => ({
      id: task.id,
      checklist_id: checklist.id,
      title: task.title,
      description: task.description ?? null,
      required_media: task.required_media,
      order_index: task.order_index,
      created_at: task.created_at,
    })),
  };
}

/** Read side of checklists for now (enough to create a run); the console issue adds the editor. */
export function checklistsRouter() {
  const router = new Router<AppState>({ prefix: '/checklists' });
  const tags = ['Checklists'];

  documentRoute({
    method: 'get',
    path: '/api/checklists',
    summary: 'List own checklists with their tasks (filter {property_id, id, is_template})',
    tags,
    query: listQuery,
    signedIn: true,
    ok: { description: 'Checklists; total in Content-Range' },
  });
  router.get('/', async (ctx) => {
    const user = requireUser(ctx);
    const query = parseInput(listQuery, ctx.query);
    const { offset, limit } = pageOf(query.range);
    const where: FilterQuery<Checklist> & Record<string, unknown> = { property: { owner: user.id } };
    if (query.filter?.property_id) where.property = { id: query.filter.property_id, owner: user.id };
    if (query.filter?.id !== undefined) where.id = { $in: [query.filter.id].flat() };
    if (query.filter?.is_template !== undefined) where.is_template = query.filter.is_template;
    const [checklists, total] = await ctx.state.em.findAndCount(Checklist, where, {
      populate: ['tasks'],
      orderBy: { ...orderOf(query.sort, { created_at: 'asc' }), id: 'asc' },
      offset,
      limit,
    });
    sendList(ctx, 'checklists', offset, checklists.map(toChecklistRecord), total);
  });

  documentRoute({
    method: 'get',
    path: '/api/checklists/:id',
    summary: 'One own checklist with its tasks',
    tags,
    params: z.object({ id: z.string() }),
    signedIn: true,
    ok: { description: 'The checklist' },
    errors: { 404: checklistNotFound },
  });
  router.get('/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = parseId(ctx.params.id ?? '', checklistNotFound);
    const checklist = await ctx.state.em.findOne(
      Checklist,
      { id, property: { owner: user.id } },
      { populate: ['tasks'] },
    );
    if (!checklist) throw notFound(checklistNotFound);
    ctx.body = toChecklistRecord(checklist);
  });

  return router;
}
