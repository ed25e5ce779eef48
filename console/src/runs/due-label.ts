import type { T } from '../i18n/useT.ts';
/**
 * 'Fri, Nov 27, 3:00 PM EST': a due time in the property's time zone, with the zone's abbreviation (or
 * its offset, 'GMT+1', where the zone has no common abbreviation in English); the year only when not this year.
 */
export function dueInZone(iso: string, timeZone: string, now = new Date()): string {
  const at = new Date(iso);
  const sameYear = at.getUTCFullYear() === now.getUTCFullYear();
  return at.toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
}

/** '3:00 PM EST': the time of day only, for a list already grouped by the property's day. */
export function timeInZone(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
}

/** '2 issues, 1 open' / '1 issue, resolved' / null (no issues). */
export function issueSummary(t: T, total: number, open: number): string | null {
  if (total === 0) return null;
  const issues = t('runs.issues', { smart_count: total });
  if (open === 0) return t(total === 1 ? 'runs.issuesResolved' : 'runs.issuesAllResolved', { issues });
  return t('runs.issuesOpen', { issues, open });
}
