import Router from '@koa/router';
import { Checklist, InspectionTemplate, RUN_KINDS } from '@turnproof/db';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { listQuerySchema, pageOf, parseId, sendList } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { documentRoute } from '../openapi/registry.ts';

const templateNotFound = 'Template not found. It does not exist or you do not have access to it.';
const listQuery = listQuerySchema(['name', 'kind'] as const, z.object({ kind: z.enum(RUN_KINDS).optional() }));

export interface TemplateRecord {
  id: string;
  name: string;
  kind: string;
  description: string | null;
  is_system_template: boolean;
  source: 'system' | 'custom';
  /** 'System template' or the property the custom template lives on ('From {property}'). */
  property_name: string | null;
  task_count: number;
}

function systemRecord(template: InspectionTemplate): TemplateRecord & { slug: string | null; sections: unknown } {
  return {
    id: template.id,
    slug: template.slug ?? null,
    name: template.name,
    kind: template.kind,
    description: template.description,
    is_system_template: true,
    source: 'system',
    property_name: null,
    task_count: template.sections.reduce((count, section) => count + section.tasks.length, 0),
    sections: template.sections,
  };
}

function customRecord(checklist: Checklist): TemplateRecord {
  return {
    id: checklist.id,
    name: checklist.name,
    kind: checklist.type,
    description: null,
    is_system_template: false,
    source: 'custom',
    property_name: checklist.property.name,
    task_count: checklist.tasks.count(),
  };
}

/** System templates (view-only for everyone) followed by the owner's own template checklists. */
export function templatesRouter() {
  const router = new Router<AppState>({ prefix: '/templates' });
  const tags = ['Templates'];

  documentRoute({
    method: 'get',
    path: '/api/templates',
    summary: 'System templates, then own templates (filter {kind})',
    tags,
    query: listQuery,
    signedIn: true,
    ok: { description: 'Templates; total in Content-Range' },
  });
  router.get('/', async (ctx) => {
    const user = requireUser(ctx);
    const query = parseInput(listQuery, ctx.query);
    const kind = query.filter?.kind;
    const em = ctx.state.em;
    const [system, custom] = await Promise.all([
      em.find(
        InspectionTemplate,
        { is_system_template: true, ...(kind ? { kind } : {}) },
        { orderBy: { name: 'asc' } },
      ),
      em.find(
        Checklist,
        { is_template: true, property: { owner: user.id }, ...(kind ? { type: kind } : {}) },
        { populate: ['tasks', 'property'], orderBy: { name: 'asc' } },
      ),
    ]);
    const all: TemplateRecord[] = [...system.map(systemRecord), ...custom.map(customRecord)];
    if (query.sort) {
      const [field, order] = query.sort;
      const direction = order.toLowerCase() === 'desc' ? -1 : 1;
      all.sort((a, b) => direction * String(a[field]).localeCompare(String(b[field])));
    }
    const { offset, limit } = pageOf(query.range);
    sendList(ctx, 'templates', offset, all.slice(offset, offset + limit), all.length);
  });

  documentRoute({
    method: 'get',
    path: '/api/templates/:id',
    summary: 'One system template or own template',
    tags,
    params: z.object({ id: z.string() }),
    signedIn: true,
    ok: { description: 'The template' },
    errors: { 404: templateNotFound },
  });
  router.get('/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = parseId(ctx.params.id ?? '', templateNotFound);
    const system = await ctx.state.em.findOne(InspectionTemplate, { id, is_system_template: true });
    if (system) {
      ctx.body = systemRecord(system);
      return;
    }
    const custom = await ctx.state.em.findOne(
      Checklist,
      { id, is_template: true, property: { owner: user.id } },
      { populate: ['tasks', 'property'] },
    );
    if (!custom) throw notFound(templateNotFound);
    ctx.body = customRecord(custom);
  });

  return router;
}
