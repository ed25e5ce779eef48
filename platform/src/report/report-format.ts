import { formatCalendarDate, formatDateTime } from '@turnproof/config/time-format';
import type { RunType } from './report-data.ts';

export const RUN_TYPE_LABELS: Record<RunType, string> = {
  turnover: 'Turnover',
  move_in: 'Move-In Inspection',
  move_out: 'Move-Out Inspection',
};

export interface ReportFormatter {
  /** 'Nov 22, 2026, 2:05 PM EST', in the report's time zone. */
  dateTime(iso: string): string;
  /** 'Nov 22, 2026' for a calendar date such as a lease start ('2026-11-22'); other text is shown as given. */
  calendarDate(value: string): string;
}

export function createReportFormatter(timeZone: string): ReportFormatter {
  return {
    dateTime: (iso) => formatDateTime(iso, timeZone),
    calendarDate: (value) => formatCalendarDate(value),
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
