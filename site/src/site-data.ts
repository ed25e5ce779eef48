/** What the API hands the pages: plain data read from the database, no ORM types. */

export interface Viewer {
  signedIn: boolean;
}

export interface TemplateTask {
  title: string;
  description: string | null;
  requiredMedia: number;
}

export interface TemplateDetail {
  slug: string;
  name: string;
  kind: 'turnover' | 'move_in' | 'move_out';
  subtitle: string;
  description: string;
  difficulty: string;
  features: string[];
  sections: { title: string; description: string; tasks: TemplateTask[] }[];
}

export interface LibraryEntry {
  id: string;
  title: string;
  description: string;
  category: string;
  tasks: number;
  estimatedTime: string;
  difficulty: string;
  downloadCount: number;
  rating: number;
  taskList: string[];
}

export const taskCount = (template: TemplateDetail) =>
  template.sections.reduce((sum, section) => sum + section.tasks.length, 0);

/** The spec's rule: 5 minutes a task, 8 for deep cleans, 3 for inspections. */
export function estimatedMinutes(template: TemplateDetail): number {
  const key = `${template.slug} ${template.name}`.toLowerCase();
  const perTask = key.includes('deep') ? 8 : key.includes('inspection') ? 3 : 5;
  return taskCount(template) * perTask;
}

/** The spec's category rule for the home page's template cards. */
export function templateCategory(template: TemplateDetail): 'Premium' | 'Quality' | 'Safety' | 'Essential' {
  const key = `${template.slug} ${template.name}`.toLowerCase();
  if (key.includes('deep') || key.includes('premium')) return 'Premium';
  if (key.includes('inspection') || key.includes('maintenance')) return 'Quality';
  if (key.includes('safety') || key.includes('security')) return 'Safety';
  return 'Essential';
}

export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export const KIND_LABELS: Record<TemplateDetail['kind'], string> = {
  turnover: 'Turnover',
  move_in: 'Move-in',
  move_out: 'Move-out',
};
