import Router from '@koa/router';
import type { FilterQuery } from '@mikro-orm/postgresql';
import { Property, readTaskCheckClaims, Run, RUN_KINDS, RUN_STATUSES } from '@turnproof/db';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { listQuerySchema, orderOf, pageOf, parseId, sendList } from '../http/simple-rest.ts';
import { containsPattern } from '../http/like-pattern.ts';
import { parseInput } from '../http/validation.ts';
import { issueCountsOf } from '../issues/issue-service.ts';
import { addRoute } from '../openapi/registry.ts';
import { runRecord } from '../openapi/records.ts';
import { createRunBody, runMessages, updateRunBody } from './run-input.ts';
import {
  completeRunAsOwner,
  createRun,
  deleteRun,
  findOwnedRun,
  revokeLink,
  rotateLink,
  runTasksOf,
  toRunRecord,
  updateRun,
} from './run-service.ts';

const listQuery = listQuerySchema(
  ['created_at', 'started_at', 'ended_at', 'due_at', 'assigned_to', 'status', 'type'] as const,
  {
    property_id: z.uuid().optional(),
    status: z.enum(RUN_STATUSES).optional(),
    type: z.enum(RUN_KINDS).optional(),
    q: z.string().max(200).optional(),
    /** The agenda's window: runs with a due time at or after `due_from` and before `due_to` (ISO instants). */
    due_from: z.iso.datetime({ offset: true, error: 'due_from must be an ISO date and time.' }).optional(),
    due_to: z.iso.datetime({ offset: true, error: 'due_to must be an ISO date and time.' }).optional(),
  },
);
const idParams = z.object({ id: z.string() });

export function runsRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/runs' });
  const tags = ['Runs'];
  const errors = { 401: 'Authentication required', 404: runMessages.notFound };
  const secretKey = deps.config.SECRET_KEY;

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'List runs of own properties (filter {property_id, status, type, id, q, due_from, due_to})',
      tags,
      query: listQuery,
      list: true,
      signedIn: true,
      ok: { description: 'Runs; total in Content-Range', schema: z.array(runRecord) },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const query = parseInput(listQuery, ctx.query);
      const { offset, limit } = pageOf(query.range);
      const filter = query.filter ?? {};
      const where: FilterQuery<Run> & Record<string, unknown> = {
        property: filter.property_id ? { id: filter.property_id, owner: user.id } : { owner: user.id },
      };
      if (filter.id !== undefined) where.id = { $in: [filter.id].flat() };
      if (filter.status) where.status = filter.status;
      if (filter.type) where.type = filter.type;
      if (filter.due_from || filter.due_to) {
        where.due_at = {
          $ne: null,
          ...(filter.due_from ? { $gte: new Date(filter.due_from) } : {}),
          ...(filter.due_to ? { $lt: new Date(filter.due_to) } : {}),
        };
      }
      if (filter.q?.trim()) {
        const pattern = containsPattern(filter.q.trim());
        // The few matching properties first: then the runs come from two indexes (property, checklist
        // name trigrams) instead of a scan of every run joined to its property.
        const properties = await ctx.state.em.find(
          Property,
          { owner: user.id, $or: [{ name: { $ilike: pattern } }, { address: { $ilike: pattern } }] },
          { fields: ['id'] },
        );
        where.$or = [
          { checklist_name: { $ilike: pattern } },
          { property: { $in: properties.map((property) => property.id) } },
        ];
      }
      // The page's runs (with their properties) and the count side by side; then the page's tasks in one
      // plain query, not as ~500 hydrated entities.
      const [runs, total] = await ctx.state.em.findAndCount(Run, where, {
        populate: ['property', 'assigned_to'],
        orderBy: orderOf(query.sort, { created_at: 'desc' }),
        offset,
        limit,
      });
      const runIds = runs.map((run) => run.id);
      const [tasks, issues] = await Promise.all([
        runTasksOf(ctx.state.em, runIds),
        issueCountsOf(ctx.state.em, runIds),
      ]);
      sendList(
        ctx,
        'runs',
        offset,
        runs.map((run) => ({ ...toRunRecord(run, secretKey, tasks.get(run.id)), ...issues.get(run.id) })),
        total,
      );
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:id',
      summary: 'One run of an own property',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The run', schema: runRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', runMessages.notFound);
      const record = toRunRecord(await findOwnedRun(ctx.state.em, user.id, id), secretKey);
      // Beside each check the server received: the time and place the cleaner's device claimed.
      const [claims, issues] = await Promise.all([
        readTaskCheckClaims(ctx.state.em, id),
        issueCountsOf(ctx.state.em, [id]),
      ]);
      ctx.body = {
        ...record,
        ...issues.get(id),
        tasks: record.tasks.map((task) => ({ ...task, check_claim: claims.get(task.id) ?? null })),
      };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Create a run with its magic link and start its run/{id} workflow',
      tags,
      body: createRunBody,
      signedIn: true,
      ok: { status: 201, description: 'Inspection run created successfully', schema: runRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const input = parseInput(createRunBody, ctx.request.body);
      const run = await createRun(deps, ctx.state.em, user.id, input);
      ctx.status = 201;
      ctx.body = toRunRecord(run, secretKey);
    },
  );

  addRoute(
    router,
    {
      method: 'put',
      path: '/:id',
      summary: 'Update a run (meta, due_at, assigned_to)',
      tags,
      params: idParams,
      body: updateRunBody,
      signedIn: true,
      ok: { description: 'The run', schema: runRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', runMessages.notFound);
      const input = parseInput(updateRunBody, ctx.request.body);
      let run = await updateRun(deps, ctx.state.em, user.id, id, input);
      if (input.status === 'completed') run = await completeRunAsOwner(deps.temporal, ctx.state.em, user.id, id);
      ctx.body = toRunRecord(run, secretKey);
    },
  );

  addRoute(
    router,
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete a run with its tasks and media',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'Run deleted successfully', schema: runRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', runMessages.notFound);
      ctx.body = await deleteRun(deps, ctx.state.em, user.id, id);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/:id/link',
      summary: 'Rotate the magic link (the old one stops working)',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The run with its new magic_link', schema: runRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', runMessages.notFound);
      ctx.body = toRunRecord(await rotateLink(deps.config, ctx.state.em, user.id, id), secretKey);
    },
  );

  addRoute(
    router,
    {
      method: 'delete',
      path: '/:id/link',
      summary: 'Revoke the magic link (it answers 410)',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The run, magic_link null', schema: runRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', runMessages.notFound);
      ctx.body = toRunRecord(await revokeLink(ctx.state.em, user.id, id), secretKey);
    },
  );

  return router;
}
