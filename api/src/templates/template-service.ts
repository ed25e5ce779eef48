import type { EntityManager } from '@mikro-orm/postgresql';
import { Checklist, InspectionTemplate, recordActivity, type RunKind } from '@turnproof/db';
import { checklistPopulate, deleteChecklist, findOwnedChecklist } from '../checklists/checklist-service.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { templateCollectionOf } from './template-collection.ts';
import { type CreateTemplateInput, templateMessages } from './template-input.ts';

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
  created_at: Date;
}

export function systemRecord(
  template: InspectionTemplate,
): TemplateRecord & { slug: string | null; sections: unknown } {
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
    created_at: template.created_at,
  };
}

export function customRecord(checklist: Checklist): TemplateRecord {
  return {
    id: checklist.id,
    name: checklist.name,
    kind: checklist.type,
    description: null,
    is_system_template: false,
    source: 'custom',
    property_name: checklist.property.name,
    task_count: checklist.tasks.count(),
    created_at: checklist.created_at,
  };
}

/** System templates (by name) followed by the owner's own template checklists (by name). */
export async function listTemplates(em: EntityManager, ownerId: string, kind?: RunKind): Promise<TemplateRecord[]> {
  const [system, custom] = await Promise.all([
    em.find(InspectionTemplate, { is_system_template: true, ...(kind ? { kind } : {}) }, { orderBy: { name: 'asc' } }),
    em.find(
      Checklist,
      { is_template: true, property: { owner: ownerId }, ...(kind ? { type: kind } : {}) },
      { populate: checklistPopulate, orderBy: { name: 'asc' } },
    ),
  ]);
  return [...system.map(systemRecord), ...custom.map(customRecord)];
}

export async function findTemplate(em: EntityManager, ownerId: string, id: string) {
  const system = await em.findOne(InspectionTemplate, { id, is_system_template: true });
  if (system) return systemRecord(system);
  const custom = await em.findOne(
    Checklist,
    { id, is_template: true, property: { owner: ownerId } },
    { populate: checklistPopulate },
  );
  if (!custom) throw notFound(templateMessages.notFound);
  return customRecord(custom);
}

/** A custom template is a checklist on the owner's Template Collection; its tasks are added in the editor. */
export async function createTemplate(em: EntityManager, ownerId: string, input: CreateTemplateInput) {
  const collection = await templateCollectionOf(em, ownerId);
  const checklist = em.create(Checklist, {
    property: collection,
    name: input.name,
    type: input.kind,
    is_template: true,
  });
  recordActivity(em, ownerId, 'template_created', { template_name: input.name });
  await em.flush();
  return customRecord(await findOwnedChecklist(em, ownerId, checklist.id));
}

/** Only own templates can be deleted; their tasks go with them. */
export async function deleteTemplate(em: EntityManager, ownerId: string, id: string) {
  if (await em.count(InspectionTemplate, { id, is_system_template: true })) {
    throw forbidden(templateMessages.systemReadOnly);
  }
  const template = await findTemplate(em, ownerId, id);
  await deleteChecklist(em, ownerId, id, { is_template: true });
  return template;
}
