import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { Checklist, Property } from '@turnproof/db';
import { badRequest, notFound } from '../http/errors.ts';
import { checklistMessages, type CreateChecklistInput, type UpdateChecklistInput } from './checklist-input.ts';

export interface ChecklistListFilter {
  id?: string | string[];
  property_id?: string;
  is_template?: boolean;
}

export function toChecklistRecord(checklist: Checklist) {
  return {
    id: checklist.id,
    property_id: checklist.property.id,
    // The editor shows where the checklist lives; the Template Collection marks a template.
    property: {
      name: checklist.property.name,
      address: checklist.property.address,
      is_system_property: checklist.property.is_system_property,
    },
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
      camera_only: task.camera_only,
      section: task.section ?? null,
      order_index: task.order_index,
      created_at: task.created_at,
    })),
  };
}

export function checklistWhere(ownerId: string, filter: ChecklistListFilter = {}): FilterQuery<Checklist> {
  const where: FilterQuery<Checklist> & Record<string, unknown> = {
    property: filter.property_id ? { id: filter.property_id, owner: ownerId } : { owner: ownerId },
  };
  if (filter.id !== undefined) where.id = { $in: [filter.id].flat() };
  if (filter.is_template !== undefined) where.is_template = filter.is_template;
  return where;
}

export const checklistPopulate = ['tasks', 'property'] as const;

export async function findOwnedChecklist(
  em: EntityManager,
  ownerId: string,
  id: string,
  where: FilterQuery<Checklist> = {},
): Promise<Checklist> {
  const checklist = await em.findOne(
    Checklist,
    { ...(where as object), id, property: { owner: ownerId } },
    { populate: checklistPopulate },
  );
  if (!checklist) throw notFound(checklistMessages.notFound);
  return checklist;
}

/** A checklist on one of the owner's properties; on the Template Collection it is a template. */
export async function createChecklist(em: EntityManager, ownerId: string, input: CreateChecklistInput) {
  const property = await em.findOne(Property, { id: input.property_id, owner: ownerId });
  if (!property) throw notFound(checklistMessages.propertyNotFound);
  const checklist = em.create(Checklist, {
    property,
    name: input.name,
    type: input.type,
    is_template: property.is_system_property,
  });
  await em.flush();
  return findOwnedChecklist(em, ownerId, checklist.id);
}

export async function updateChecklist(em: EntityManager, ownerId: string, id: string, input: UpdateChecklistInput) {
  const checklist = await findOwnedChecklist(em, ownerId, id);
  em.assign(checklist, input);
  await em.flush();
  return checklist;
}

/** Deletes the checklist and its tasks (cascade); runs made from it keep their own task snapshots. */
export async function deleteChecklist(
  em: EntityManager,
  ownerId: string,
  id: string,
  where: FilterQuery<Checklist> = {},
) {
  const checklist = await findOwnedChecklist(em, ownerId, id, where);
  const record = toChecklistRecord(checklist);
  await em.nativeDelete(Checklist, { id: checklist.id });
  return record;
}

/**
 * Persists a new task order: `taskIds` must be exactly the checklist's tasks, and each gets its index,
 * so two editors never leave duplicated or missing positions behind.
 */
/**
 * Renumbers the tasks so each section's tasks stand together (sections in the order they first appear,
 * tasks in their order within it): the editor shows a section as one block, and runs copy this order.
 */
interface Placed {
  section?: string | null | undefined;
  order_index: number;
}

export function groupBySection(tasks: Placed[]): void {
  const sections = new Map<string | null, Placed[]>();
  for (const task of [...tasks].sort((a, b) => a.order_index - b.order_index)) {
    const key = task.section ?? null;
    sections.set(key, [...(sections.get(key) ?? []), task]);
  }
  [...sections.values()].flat().forEach((task, order_index) => {
    task.order_index = order_index;
  });
}

export async function reorderTasks(em: EntityManager, ownerId: string, id: string, taskIds: string[]) {
  const checklist = await findOwnedChecklist(em, ownerId, id);
  const tasks = new Map(checklist.tasks.getItems().map((task) => [task.id, task]));
  const sameSet =
    taskIds.length === tasks.size && new Set(taskIds).size === tasks.size && taskIds.every((t) => tasks.has(t));
  if (!sameSet) throw badRequest(checklistMessages.orderMismatch);
  taskIds.forEach((taskId, order_index) => {
    tasks.get(taskId)!.order_index = order_index;
  });
  groupBySection([...tasks.values()]);
  await em.flush();
  return findOwnedChecklist(em.fork(), ownerId, id);
}
