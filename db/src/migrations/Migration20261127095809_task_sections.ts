import { Migration } from '@mikro-orm/migrations';

/**
 * A task belongs to a section (the template's room: Arrival, Kitchen, Bathrooms...). Checklists copied
 * from a system template before get their tasks' rooms back, matched by checklist name and task title.
 */
export class Migration20261127095809_task_sections extends Migration {
  override name = 'Migration20261127095809_task_sections';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tasks" add "section" varchar(255) null;`);
    this.addSql(
      `update "tasks" t set "section" = s.section_title
       from "checklists" c, (
         select it.name as template_name, sec->>'title' as section_title, task->>'title' as task_title
         from "inspection_templates" it,
           jsonb_array_elements(it.sections) sec,
           jsonb_array_elements(sec->'tasks') task
         where it.is_system_template
       ) s
       where t.checklist_id = c.id and c.name = s.template_name and t.title = s.task_title;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tasks" drop column "section";`);
  }
}
