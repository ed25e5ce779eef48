import Router from '@koa/router';
import { Task } from '@turnproof/db';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { listQuerySchema, orderOf, pageOf, parseId, sendList } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { createTaskBody, taskMessages, updateTaskBody } from './task-input.ts';
import { createTask, deleteTask, findOwnedTask, taskWhere, toTaskRecord, updateTask } from './task-service.ts';

const listQuery = listQuerySchema(['order_index', 'title', 'created_at'] as const, {
  checklist_id: z.uuid().optional(),
});
const idParams = z.object({ id: z.string() });
const taskRecord = z.object({
  id: z.uuid(),
  checklist_id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  required_media: z.number().int(),
  camera_only: z.boolean(),
  section: z.string().nullable(),
  order_index: z.number().int(),
  created_at: z.string(),
});

/** Tasks of own checklists (react-admin simple REST); the order is set through the checklist's task-order. */
export function tasksRouter() {
  const router = new Router<AppState>({ prefix: '/tasks' });
  const tags = ['Checklists'];
  const errors = { 401: 'Authentication required', 404: taskMessages.notFound };

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'List tasks of own checklists (filter {checklist_id, id}), in checklist order',
      tags,
      query: listQuery,
      list: true,
      signedIn: true,
      ok: { description: 'Tasks; total in Content-Range', schema: z.array(taskRecord) },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const query = parseInput(listQuery, ctx.query);
      const { offset, limit } = pageOf(query.range);
      const [tasks, total] = await ctx.state.em.findAndCount(Task, taskWhere(user.id, query.filter), {
        orderBy: orderOf(query.sort, { order_index: 'asc' }, { created_at: 'asc', id: 'asc' }),
        offset,
        limit,
      });
      sendList(ctx, 'tasks', offset, tasks.map(toTaskRecord), total);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:id',
      summary: 'One task of an own checklist',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The task', schema: taskRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', taskMessages.notFound);
      ctx.body = toTaskRecord(await findOwnedTask(ctx.state.em, user.id, id));
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Add a task at the end of its section (or of the checklist) of an own checklist',
      tags,
      body: createTaskBody,
      signedIn: true,
      ok: { status: 201, description: 'The task', schema: taskRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const input = parseInput(createTaskBody, ctx.request.body);
      ctx.status = 201;
      ctx.body = toTaskRecord(await createTask(ctx.state.em, user.id, input));
    },
  );

  addRoute(
    router,
    {
      method: 'put',
      path: '/:id',
      summary: "Edit a task: title, description, section (moves it to that section's end), required photos (0 to 5)",
      tags,
      params: idParams,
      body: updateTaskBody,
      signedIn: true,
      ok: { description: 'The task', schema: taskRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', taskMessages.notFound);
      const input = parseInput(updateTaskBody, ctx.request.body);
      ctx.body = toTaskRecord(await updateTask(ctx.state.em, user.id, id, input));
    },
  );

  addRoute(
    router,
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete a task of an own checklist',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The deleted task', schema: taskRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', taskMessages.notFound);
      ctx.body = await deleteTask(ctx.state.em, user.id, id);
    },
  );

  return router;
}
