import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@turnproof/config';
import {
  Checklist,
  createOrm,
  InspectionTemplate,
  LibraryChecklist,
  Media,
  OnboardingProgress,
  Property,
  Run,
  RunTask,
  Task,
  User,
} from '../src/index.ts';
import { libraryCategories } from '../src/seeds/checklist-library.ts';

let orm: MikroORM;
beforeAll(async () => {
  orm = await createOrm(loadConfig().DATABASE_URL);
});
afterAll(() => orm.close());

async function ownerWithRun() {
  const em = orm.em.fork();
  const user = em.create(User, { email: `schema-${randomUUID()}@example.test`, password_hash: null });
  const property = em.create(Property, { owner: user, name: 'Cascade Cottage', address: '1 FK Lane' });
  const checklist = em.create(Checklist, { property, name: 'Turnover', type: 'turnover' });
  const task = em.create(Task, { checklist, title: 'Strip beds', required_media: 1, order_index: 0 });
  const run = em.create(Run, {
    property,
    checklist,
    checklist_name: 'Turnover',
    type: 'turnover',
    token_hash: randomUUID(),
    link_encrypted: 'sealed',
  });
  const runTask = em.create(RunTask, { run, task, title: 'Strip beds', order_index: 0 });
  em.create(Media, {
    run,
    run_task: runTask,
    path: `media/${randomUUID()}.webp`,
    type: 'photo',
    content_type: 'image/webp',
    size: 1,
  });
  await em.flush();
  return { userId: user.id, propertyId: property.id, checklistId: checklist.id, taskId: task.id, runId: run.id };
}

/** Rows of a table whose column equals the value, read with SQL so the ORM's identity map plays no part. */
async function count(table: string, column: string, value: string): Promise<number> {
  const [row] = await orm.em
    .getConnection()
    .execute<{ count: string }[]>(`select count(*) from "${table}" where "${column}" = ?`, [value]);
  return Number(row?.count);
}

describe('foreign keys cascade as the spec implies', () => {
  it('deleting a run deletes its tasks and media, and keeps the checklist', async () => {
    const ids = await ownerWithRun();
    await orm.em.fork().nativeDelete(Run, { id: ids.runId });
    expect(await count('run_tasks', 'run_id', ids.runId)).toBe(0);
    expect(await count('media', 'run_id', ids.runId)).toBe(0);
    expect(await count('tasks', 'id', ids.taskId)).toBe(1);
  });

  it('deleting a checklist leaves the run and its task snapshots', async () => {
    const ids = await ownerWithRun();
    await orm.em.fork().nativeDelete(Checklist, { id: ids.checklistId });
    const run = await orm.em.fork().findOneOrFail(Run, { id: ids.runId }, { populate: ['tasks'] });
    expect(run.checklist).toBeNull();
    expect(run.tasks.getItems().map((task) => [task.title, task.task])).toEqual([['Strip beds', null]]);
  });

  it('deleting an owner deletes their properties, checklists, runs and media', async () => {
    const ids = await ownerWithRun();
    await orm.em.fork().nativeDelete(User, { id: ids.userId });
    expect(await count('properties', 'id', ids.propertyId)).toBe(0);
    expect(await count('checklists', 'id', ids.checklistId)).toBe(0);
    expect(await count('runs', 'id', ids.runId)).toBe(0);
    expect(await count('media', 'run_id', ids.runId)).toBe(0);
  });

  it('refuses required photos outside 0 to 5 and a second progress row for the same step', async () => {
    const ids = await ownerWithRun();
    const em = orm.em.fork();
    await expect(
      em.insert(Task, {
        id: randomUUID(),
        checklist: ids.checklistId,
        title: 'Too many photos',
        required_media: 6,
        order_index: 1,
        created_at: new Date(),
      }),
    ).rejects.toThrow(/tasks_required_media_range/);
    await em.insert(OnboardingProgress, {
      id: randomUUID(),
      user: ids.userId,
      step_id: 'add-property',
      updated_at: new Date(),
    });
    await expect(
      em.insert(OnboardingProgress, {
        id: randomUUID(),
        user: ids.userId,
        step_id: 'add-property',
        updated_at: new Date(),
      }),
    ).rejects.toThrow(/unique/);
  });
});

describe('seeds', () => {
  it('hold the 8 system templates of /templates/{slug}, one default per kind, with sections and tasks', async () => {
    const templates = await orm.em
      .fork()
      .find(InspectionTemplate, { is_system_template: true }, { orderBy: { slug: 'asc' } });
    expect(templates.map((template) => template.slug)).toEqual([
      'airbnb-turnover-cleaning-checklist',
      'deep-clean-turnover-checklist',
      'furnished-rental-inspection',
      'move-in-inspection-checklist',
      'move-out-inspection-checklist',
      'post-departure-inspection',
      'pre-arrival-inspection',
      'vrbo-turnover-checklist',
    ]);
    const defaults = templates.filter((template) => template.is_default).map((template) => template.kind);
    expect(defaults.sort()).toEqual(['move_in', 'move_out', 'turnover']);
    for (const template of templates) {
      expect(template.sections.length).toBeGreaterThanOrEqual(4);
      expect(template.sections.every((section) => section.tasks.length >= 3)).toBe(true);
    }
  });

  it('hold the 16 free library checklists covering every category, with matching task counts', async () => {
    const entries = await orm.em.fork().find(LibraryChecklist, {}, { orderBy: { position: 'asc' } });
    expect(entries).toHaveLength(16);
    expect(new Set(entries.map((entry) => entry.category))).toEqual(new Set(libraryCategories));
    expect(libraryCategories).toHaveLength(15);
    for (const entry of entries) {
      expect(entry.tasks).toBe(entry.task_list.length);
      expect(['Easy', 'Medium', 'Advanced']).toContain(entry.difficulty);
    }
  });
});
