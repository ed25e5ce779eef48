import Router from '@koa/router';
import { RUN_KINDS } from '@turnproof/db';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { listQuerySchema, pageOf, parseId, sendList } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { templateRecord } from '../openapi/records.ts';
import { createTemplateBody, templateMessages } from './template-input.ts';
import { createTemplate, deleteTemplate, findTemplate, listTemplates } from './template-service.ts';

const listQuery = listQuerySchema(['name', 'kind', 'created_at'] as const, { kind: z.enum(RUN_KINDS).optional() });
const idParams = z.object({ id: z.string() });

/** System templates (view-only for everyone) and the owner's own templates (created, edited, deleted). */
export function templatesRouter() {
  const router = new Router<AppState>({ prefix: '/templates' });
  const tags = ['Templates'];
  const errors = { 401: 'Authentication required', 404: templateMessages.notFound };

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'System templates, then own templates (filter {kind, id})',
      tags,
      query: listQuery,
      list: true,
      signedIn: true,
      ok: { description: 'Templates; total in Content-Range', schema: z.array(templateRecord) },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const query = parseInput(listQuery, ctx.query);
      const ids = query.filter?.id;
      const wanted = ids === undefined ? null : new Set([ids].flat());
      const all = (await listTemplates(ctx.state.em, user.id, query.filter?.kind)).filter(
        (template) => !wanted || wanted.has(template.id),
      );
      if (query.sort) {
        const [field, order] = query.sort;
        const direction = order.toLowerCase() === 'desc' ? -1 : 1;
        // System templates stay first (the spec's order); the sort applies within each group. Times compare
        // as ISO strings (the templates screen lists newest first).
        const key = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);
        all.sort((a, b) =>
          a.source === b.source
            ? direction * key(a[field]).localeCompare(key(b[field]))
            : a.source === 'system'
              ? -1
              : 1,
        );
      }
      const { offset, limit } = pageOf(query.range);
      sendList(ctx, 'templates', offset, all.slice(offset, offset + limit), all.length);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:id',
      summary: 'One system template or own template',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The template', schema: templateRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', templateMessages.notFound);
      ctx.body = await findTemplate(ctx.state.em, user.id, id);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Create an own template (a checklist on the Template Collection; tasks are added in the editor)',
      tags,
      body: createTemplateBody,
      signedIn: true,
      ok: { status: 201, description: 'The template', schema: templateRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const input = parseInput(createTemplateBody, ctx.request.body);
      ctx.status = 201;
      ctx.body = await createTemplate(ctx.state.em, user.id, input);
    },
  );

  addRoute(
    router,
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete an own template with all its tasks (system templates are view-only)',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The deleted template', schema: templateRecord },
      errors: { ...errors, 403: templateMessages.systemReadOnly },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', templateMessages.notFound);
      ctx.body = await deleteTemplate(ctx.state.em, user.id, id);
    },
  );

  return router;
}
