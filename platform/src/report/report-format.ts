import type { Language } from '@turnproof/config/languages';
import { formatCalendarDate, formatDateTime } from '@turnproof/config/time-format';

export interface ReportFormatter {
  /** 'Nov 22, 2026, 2:05 PM EST', in the report's time zone and language ('22 nov 2026, 14:05 EST' in Spanish). */
  dateTime(iso: string): string;
  /** 'Nov 22, 2026' for a calendar date such as a lease start ('2026-11-22'); other text is shown as given. */
  calendarDate(value: string): string;
  /** '2.4' ('2,4' in Spanish and French): a decimal with one digit after the point. */
  decimal(value: number): string;
}

/** The language code is the locale, as in the host's mails: Intl reads 'en' as US English. */
export function createReportFormatter(timeZone: string, language: Language = 'en'): ReportFormatter {
  const decimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    dateTime: (iso) => formatDateTime(iso, timeZone, language),
    calendarDate: (value) => formatCalendarDate(value, 'medium', language),
    decimal: (value) => decimal.format(value),
  };
}

/** '45 s', '12 min', '1 h 23 min', '2 h': the same symbols in every language. */
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

const pluralRules = new Map<Language, Intl.PluralRules>();

/** '1 task', '2 tasks'; in French 0 is singular too ('0 tâche'), so the language's plural rules decide. */
export function plural(
  count: number,
  singular: string,
  pluralForm = `${singular}s`,
  language: Language = 'en',
): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return `${count} ${rules.select(count) === 'one' ? singular : pluralForm}`;
}
