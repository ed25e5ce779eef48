import type { T } from '../../i18n/useT.ts';
import type { ChecklistRecord, TemplateRecord } from '../../resource-records.ts';
import type { RunType } from '../../types.ts';

/** One choice of step 3 and what the run is created from (POST /api/runs takes one of the two ids). */
export interface TemplateOption {
  key: string;
  name: string;
  origin: string;
  taskCount: number;
  source: { template_id: string } | { checklist_id: string };
  /** A system template's public slug. */
  slug?: string;
}

/** The property's own checklists of this kind first, then the default and custom templates of the kind. */
export function templateOptions(
  t: T,
  kind: RunType,
  checklists: ChecklistRecord[],
  templates: TemplateRecord[],
): TemplateOption[] {
  const own = checklists
    .filter((checklist) => checklist.type === kind)
    .map((checklist) => ({
      key: `checklist:${checklist.id}`,
      name: checklist.name,
      origin: t('wizard.checklistOf', { name: checklist.property.name }),
      taskCount: checklist.tasks.length,
      source: { checklist_id: checklist.id },
    }));
  const fromTemplates = templates
    .filter((template) => template.kind === kind)
    .map((template) =>
      template.source === 'system'
        ? {
            key: `template:${template.id}`,
            name: template.name,
            origin: t('wizard.defaultTemplate'),
            taskCount: template.task_count,
            source: { template_id: template.id },
            slug: template.slug ?? undefined,
          }
        : {
            key: `checklist:${template.id}`,
            name: template.name,
            origin: t('wizard.customTemplate'),
            taskCount: template.task_count,
            source: { checklist_id: template.id },
          },
    );
  return [...own, ...fromTemplates];
}
