import type { RunType } from './report-data.ts';

export const RUN_TYPE_LABELS: Record<RunType, string> = {
  turnover: 'Turnover',
  move_in: 'Move-In Inspection',
  move_out: 'Move-Out Inspection',
};

export interface ReportFormatter {
  /** 'Nov 22, 2026, 14:05 UTC', in the report's time zone. */
  dateTime(iso: string): string;
  /** 'Nov 22, 2026' for a calendar date such as a lease start ('2026-11-22'); other text is shown as given. */
  calendarDate(value: string): string;
}

export function createReportFormatter(timeZone: string): ReportFormatter {
  const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'short',
  });
  // A calendar date has no time zone: read and show it in UTC so it never shifts by a day.
  const calendarDateFormat = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    dateTime: (iso) => dateTimeFormat.format(new Date(iso)),
    calendarDate(value) {
      const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
      return date && !Number.isNaN(date.getTime()) ? calendarDateFormat.format(date) : value;
    },
  };
}

/** '45 s', '12 min', '1 h 23 min', '2 h'. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  const totalMinutes = Math.round(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/** The time between two instants, or null when the run has not both started and ended. */
export function durationSecondsBetween(startIso: string | null, endIso: string | null): number | null {
  if (!startIso || !endIso) return null;
  const milliseconds = Date.parse(endIso) - Date.parse(startIso);
  return Number.isFinite(milliseconds) ? milliseconds / 1000 : null;
}

/** '48.85837, 2.29448' (five decimals is about a metre). */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
