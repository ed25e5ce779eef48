import type { EntityManager } from '@mikro-orm/postgresql';
import { InspectionTemplate, LibraryChecklist, RUN_KINDS } from '@turnproof/db';
import { systemTemplates } from '@turnproof/db/seeds';
import type { LibraryEntry, TemplateDetail } from '@turnproof/site';

/** The home page keeps its template list this long (spec: 5 minutes). */
const TEMPLATE_CACHE_MS = 5 * 60 * 1000;

const seedBySlug = new Map(systemTemplates.map((seed) => [seed.slug, seed]));

let cached: { at: number; templates: Promise<TemplateDetail[]> } | undefined;

/**
 * The system templates as the public pages show them: name, kind, description and tasks from the
 * database, the page copy (subtitle, difficulty, feature list) from the seed that wrote them.
 * Ordered by kind (turnover, move-in, move-out) then name, as the spec's home page asks.
 */
export function systemTemplateDetails(em: EntityManager): Promise<TemplateDetail[]> {
  if (cached && Date.now() - cached.at < TEMPLATE_CACHE_MS) return cached.templates;
  const templates = loadTemplates(em);
  cached = { at: Date.now(), templates };
  templates.catch(() => (cached = undefined));
  return templates;
}

async function loadTemplates(em: EntityManager): Promise<TemplateDetail[]> {
  const rows = await em.fork().find(InspectionTemplate, { is_system_template: true, slug: { $ne: null } });
  rows.sort((a, b) => RUN_KINDS.indexOf(a.kind) - RUN_KINDS.indexOf(b.kind) || a.name.localeCompare(b.name));
  return rows.map((row) => {
    const seed = row.slug ? seedBySlug.get(row.slug) : undefined;
    return {
      slug: row.slug!,
      name: row.name,
      kind: row.kind,
      description: row.description,
      subtitle: seed?.subtitle ?? row.description,
      difficulty: seed?.difficulty ?? 'Easy',
      features: seed?.features ?? [],
      sections: row.sections.map((section) => ({
        title: section.title,
        description: section.description,
        tasks: section.tasks.map((task) => ({
          title: task.title,
          description: task.description,
          requiredMedia: task.required_media,
        })),
      })),
    };
  });
}

export function toLibraryEntry(row: LibraryChecklist): LibraryEntry {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    tasks: row.tasks,
    estimatedTime: row.estimated_time,
    difficulty: row.difficulty,
    downloadCount: row.download_count,
    rating: Number(row.rating),
    taskList: row.task_list,
  };
}

export async function libraryEntries(em: EntityManager): Promise<LibraryEntry[]> {
  const rows = await em.find(LibraryChecklist, {}, { orderBy: { position: 'asc' } });
  return rows.map(toLibraryEntry);
}
