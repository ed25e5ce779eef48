import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { Task } from '@turnproof/db';
import { findOwnedChecklist, groupBySection } from '../checklists/checklist-service.ts';
import { notFound } from '../http/errors.ts';
import { type CreateTaskInput, taskMessages, type UpdateTaskInput } from './task-input.ts';

export interface TaskListFilter {
  id?: string | string[];
  checklist_id?: string;
}

export function toTaskRecord(task: Task) {
  return {
    id: task.id,
    checklist_id: task.checklist.id,
    title: task.title,
    description: task.description ?? null,
    required_media: task.required_media,
    camera_only: task.camera_only,
    section: task.section ?? null,
    order_index: task.order_index,
    created_at: task.created_at,
  };
}

export function taskWhere(ownerId: string, filter: TaskListFilter = {}): FilterQuery<Task> {
  const where: FilterQuery<Task> & Record<string, unknown> = {
    checklist: filter.checklist_id
      ? { id: filter.checklist_id, property: { owner: ownerId } }
      : { property: { owner: ownerId } },
  };
  if (filter.id !== undefined) where.id = { $in: [filter.id].flat() };
  return where;
}

export async function findOwnedTask(em: EntityManager, ownerId: string, id: string): Promise<Task> {
  const task = await em.findOne(Task, { id, checklist: { property: { owner: ownerId } } });
  if (!task) throw notFound(taskMessages.notFound);
  return task;
}

/** A new task goes last in its section (last of all without one). */
export async function createTask(em: EntityManager, ownerId: string, input: CreateTaskInput) {
  const checklist = await findOwnedChecklist(em, ownerId, input.checklist_id);
  const last = Math.max(-1, ...checklist.tasks.getItems().map((task) => task.order_index));
  const task = em.create(Task, {
    checklist,
    title: input.title,
    description: input.description,
    section: input.section,
    required_media: input.required_media,
    camera_only: input.camera_only,
    order_index: last + 1,
  });
  groupBySection([...new Set([...checklist.tasks.getItems(), task])]);
  await em.flush();
  return task;
}

/** A task moved to another section goes to that section's end. */
export async function updateTask(em: EntityManager, ownerId: string, id: string, input: UpdateTaskInput) {
  const task = await findOwnedTask(em, ownerId, id);
  const moved = input.section !== undefined && input.section !== (task.section ?? null);
  em.assign(task, input);
  if (moved) {
    const checklist = await findOwnedChecklist(em, ownerId, task.checklist.id);
    task.order_index = Math.max(...checklist.tasks.getItems().map((other) => other.order_index)) + 1;
    groupBySection(checklist.tasks.getItems());
  }
  await em.flush();
  return task;
}

/** Runs made earlier keep their copy of the task (their task reference becomes null). */
export async function deleteTask(em: EntityManager, ownerId: string, id: string) {
  const task = await findOwnedTask(em, ownerId, id);
  const record = toTaskRecord(task);
  await em.nativeDelete(Task, { id: task.id });
  return record;
}
