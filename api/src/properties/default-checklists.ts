import type { EntityManager } from '@mikro-orm/postgresql';
import { Checklist, InspectionTemplate, type Property, Task } from '@turnproof/db';

/**
 * The spec's copy_templates_to_property: every new property gets a checklist per default system
 * template (turnover, move-in, move-out), tasks in the template's order, each keeping its section (room).
 */
export async function copyDefaultChecklists(em: EntityManager, property: Property): Promise<void> {
  const templates = await em.find(
    InspectionTemplate,
    { is_system_template: true, is_default: true },
    { orderBy: { kind: 'asc' } },
  );
  for (const template of templates) {
    const checklist = em.create(Checklist, { property, name: template.name, type: template.kind, is_template: false });
    template.sections
      .flatMap((section) => section.tasks.map((task) => ({ ...task, section: section.title })))
      .forEach((task, order_index) =>
        em.create(Task, {
          checklist,
          title: task.title,
          description: task.description,
          required_media: task.required_media,
          section: task.section,
          order_index,
        }),
      );
  }
}
