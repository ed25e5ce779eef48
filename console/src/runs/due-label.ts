import type { T } from '../i18n/useT.ts';

/** '2 issues, 1 open' / '1 issue, resolved' / null (no issues). */
export function issueSummary(t: T, total: number, open: number): string | null {
  if (total === 0) return null;
  const issues = t('runs.issues', { smart_count: total });
  if (open === 0) return t(total === 1 ? 'runs.issuesResolved' : 'runs.issuesAllResolved', { issues });
  return t('runs.issuesOpen', { issues, open });
}
