import Router from '@koa/router';
import { Checklist } from '@turnproof/db';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { listQuerySchema, orderOf, pageOf, parseId, sendList } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { checklistRecord } from '../openapi/records.ts';
import { checklistMessages, createChecklistBody, taskOrderBody, updateChecklistBody } from './checklist-input.ts';
import {
  checklistPopulate,
  checklistWhere,
  createChecklist,
  deleteChecklist,
  findOwnedChecklist,
  reorderTasks,
  toChecklistRecord,
  updateChecklist,
} from './checklist-service.ts';

const listQuery = listQuerySchema(['name', 'type', 'created_at', 'updated_at'] as const, {
  property_id: z.uuid().optional(),
  is_template: z.boolean().optional(),
});
const idParams = z.object({ id: z.string() });

/** Own checklists with their tasks (react-admin simple REST), and the task order of the editor. */
export function checklistsRouter() {
  const router = new Router<AppState>({ prefix: '/checklists' });
  const tags = ['Checklists'];
  const errors = { 401: 'Authentication required', 404: checklistMessages.notFound };

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'List own checklists with their tasks (filter {property_id, id, is_template})',
      tags,
      query: listQuery,
      list: true,
      signedIn: true,
      ok: { description: 'Checklists; total in Content-Range', schema: z.array(checklistRecord) },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const query = parseInput(listQuery, ctx.query);
      const { offset, limit } = pageOf(query.range);
      const [checklists, total] = await ctx.state.em.findAndCount(Checklist, checklistWhere(user.id, query.filter), {
        populate: checklistPopulate,
        orderBy: orderOf(query.sort, { created_at: 'asc' }),
        offset,
        limit,
      });
      sendList(ctx, 'checklists', offset, checklists.map(toChecklistRecord), total);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:id',
      summary: 'One own checklist with its tasks and its property',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The checklist', schema: checklistRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', checklistMessages.notFound);
      ctx.body = toChecklistRecord(await findOwnedChecklist(ctx.state.em, user.id, id));
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Create a checklist on an own property (on the Template Collection it is a template)',
      tags,
      body: createChecklistBody,
      signedIn: true,
      ok: { status: 201, description: 'The checklist, without tasks yet', schema: checklistRecord },
      errors: { ...errors, 404: checklistMessages.propertyNotFound },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const input = parseInput(createChecklistBody, ctx.request.body);
      ctx.status = 201;
      ctx.body = toChecklistRecord(await createChecklist(ctx.state.em, user.id, input));
    },
  );

  addRoute(
    router,
    {
      method: 'put',
      path: '/:id',
      summary: 'Rename an own checklist or change its type',
      tags,
      params: idParams,
      body: updateChecklistBody,
      signedIn: true,
      ok: { description: 'The checklist', schema: checklistRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', checklistMessages.notFound);
      const input = parseInput(updateChecklistBody, ctx.request.body);
      ctx.body = toChecklistRecord(await updateChecklist(ctx.state.em, user.id, id, input));
    },
  );

  addRoute(
    router,
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete an own checklist with its tasks (runs keep their own copies)',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The deleted checklist', schema: checklistRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', checklistMessages.notFound);
      ctx.body = await deleteChecklist(ctx.state.em, user.id, id);
    },
  );

  addRoute(
    router,
    {
      method: 'put',
      path: '/:id/task-order',
      summary: "Persist the order of the checklist's tasks (every task id once, in the new order)",
      tags,
      params: idParams,
      body: taskOrderBody,
      signedIn: true,
      ok: { description: 'The checklist with its tasks in the new order', schema: checklistRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', checklistMessages.notFound);
      const { task_ids } = parseInput(taskOrderBody, ctx.request.body);
      ctx.body = toChecklistRecord(await reorderTasks(ctx.state.em, user.id, id, task_ids));
    },
  );

  return router;
}
