/** '1 h 15 min', '45 min', or '—' when there is nothing to average. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** '12 Jan' for a week's Monday (YYYY-MM-DD, a calendar date: no time zone shift). */
export function formatWeek(weekStart: string, locale: string): string {
  const [year, month, day] = weekStart.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}
