import type { EntityManager } from '@mikro-orm/postgresql';
import { InspectionTemplate, LibraryChecklist } from '../entities/index.ts';
import { checklistLibrary } from './checklist-library.ts';
import { systemTemplates } from './system-templates.ts';

export { checklistLibrary, libraryCategories } from './checklist-library.ts';
export { systemTemplates } from './system-templates.ts';

/** Upserts the system templates and the free checklist library; safe to run on every start. */
export async function seedSystemData(em: EntityManager): Promise<void> {
  for (const seed of systemTemplates) {
    await em.upsert(
      InspectionTemplate,
      {
        slug: seed.slug,
        name: seed.name,
        kind: seed.kind,
        description: seed.description,
        sections: seed.sections.map((section) => ({
          ...section,
          tasks: section.tasks.map((task, index) => ({ id: `${section.id}-${index + 1}`, ...task })),
        })),
        is_system_template: true,
        is_default: seed.isDefault,
      },
      { onConflictFields: ['slug'], onConflictExcludeFields: ['id', 'created_at'] },
    );
  }
  for (const [position, entry] of checklistLibrary.entries()) {
    await em.upsert(LibraryChecklist, {
      id: entry.id,
      title: entry.title,
      description: entry.description,
      category: entry.category,
      tasks: entry.tasks,
      estimated_time: entry.estimatedTime,
      difficulty: entry.difficulty,
      download_count: entry.downloadCount,
      rating: entry.rating,
      task_list: entry.taskList,
      position,
    });
  }
}
