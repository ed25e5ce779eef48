import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './accounts.ts';
import { createdAt, RUN_KINDS, updatedAt, uuidPrimaryKey } from './common.ts';

export interface TemplateSection {
  id: string;
  title: string;
  description: string;
  tasks: { id: string; title: string; description: string | null; required_media: number }[];
}

/** System inspection templates (seeded, read-only for everyone) with their sections. */
export const InspectionTemplate = defineEntity({
  name: 'InspectionTemplate',
  tableName: 'inspection_templates',
  properties: {
    id: uuidPrimaryKey(),
    slug: p.string().unique().nullable(),
    name: p.string(),
    kind: p.enum(RUN_KINDS),
    description: p.text(),
    sections: p.json<TemplateSection[]>(),
    created_by: () => p.manyToOne(User).deleteRule('cascade').nullable(),
    is_system_template: p.boolean().default(false),
    /** Copied as a checklist onto every new property (the spec's copy_templates_to_property). */
    is_default: p.boolean().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});

/** One entry of the free downloadable checklist library on /checklists. */
export const LibraryChecklist = defineEntity({
  name: 'LibraryChecklist',
  tableName: 'library_checklists',
  properties: {
    id: p.string().primary(),
    title: p.string(),
    description: p.text(),
    category: p.string(),
    tasks: p.integer(),
    estimated_time: p.string(),
    difficulty: p.string(),
    download_count: p.integer(),
    rating: p.decimal('number').precision(2).scale(1),
    task_list: p.json<string[]>(),
    position: p.integer(),
  },
});

export type InspectionTemplate = InferEntity<typeof InspectionTemplate>;
export type LibraryChecklist = InferEntity<typeof LibraryChecklist>;
