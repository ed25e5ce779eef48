/**
 * Every date and time a person reads (console, runner, report and claim PDFs, mails, /verify, analytics,
 * the cleaner's schedule page, exports) is formatted here: in the property's time zone (or the owner's,
 * for times not tied to a property), always followed by the zone's abbreviation ('EST', 'EDT', 'GMT+1').
 * Machine formats (ISO in JSON) stay ISO and do not come here. Shared by the server and both front ends,
 * so it uses only Intl.
 */

export type Instant = Date | string | number;

/** An IANA zone name; a missing or unknown one reads as UTC, and the formats then say 'UTC'. */
export type Zone = string | null | undefined;

/** US English: the wording of mails, PDFs and the console; the runner passes the cleaner's locale. */
const DEFAULT_LOCALE = 'en-US';

const formats = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are slow to build and reports format hundreds of times: one per locale, zone and shape. */
function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** The zone of this device (the browser's, in the front ends): the owner's zone for account-level times. */
export const deviceZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const zones = new Map<string, string | null>();

/** The zone itself when Intl knows it, else UTC (which the formats then name): a bad zone never throws. */
export function knownZone(name: Zone, fallback = 'UTC'): string {
  if (!name) return fallback;
  if (!zones.has(name)) {
    try {
      zones.set(name, new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone);
    } catch {
      zones.set(name, null);
    }
  }
  return zones.get(name) ?? fallback;
}

/**
 * 'EST' or 'EDT' for New York (as of that instant), 'GMT+1' where English has no common abbreviation.
 * Always the English short name, whatever the locale: French would say 'UTC−5', and a reader should see
 * the same zone name on every screen and paper.
 */
export function zoneAbbreviation(at: Instant, timeZone: Zone): string {
  const zone = knownZone(timeZone);
  const part = formatter(DEFAULT_LOCALE, zone, { timeZoneName: 'short' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

function withZone(at: Instant, timeZone: Zone, locale: string, options: Intl.DateTimeFormatOptions): string {
  const zone = knownZone(timeZone);
  const date = new Date(at);
  return `${formatter(locale, zone, options).format(date)} ${zoneAbbreviation(date, zone)}`;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** 'Nov 27, 2026, 9:30 AM EST': the one date-and-time format. */
export function formatDateTime(at: Instant, timeZone: Zone, locale = DEFAULT_LOCALE): string {
  return withZone(at, timeZone, locale, DATE_TIME);
}

/**
 * 'Fri, Nov 27, 3:00 PM EST': a due time on a card, with the weekday; the year only when it is not this
 * year (in that zone).
 */
export function formatDue(at: Instant, timeZone: Zone, now: Instant = new Date(), locale = DEFAULT_LOCALE): string {
  const zone = knownZone(timeZone);
  const year = (instant: Instant) => formatter('en-US', zone, { year: 'numeric' }).format(new Date(instant));
  return withZone(at, zone, locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(year(at) === year(now) ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** '3:00 PM EST': the time of day, for a list already grouped by the zone's day. */
export function formatTime(at: Instant, timeZone: Zone, locale = DEFAULT_LOCALE): string {
  return withZone(at, timeZone, locale, { hour: 'numeric', minute: '2-digit' });
}

export type DayStyle = 'medium' | 'long' | 'weekday' | 'dayMonth';

const DAY_STYLES: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  weekday: { weekday: 'long', month: 'short', day: 'numeric' },
  /** 'Jan 11', for chart axes. */
  dayMonth: { month: 'short', day: 'numeric' },
};

/**
 * 'Nov 27, 2026' ('November 27, 2026' long, 'Friday, Nov 27' weekday): the day an instant falls on in the
 * zone. A day needs no abbreviation, but it is the zone's day, not UTC's.
 */
export function formatDay(at: Instant, timeZone: Zone, style: DayStyle = 'medium', locale = DEFAULT_LOCALE): string {
  return formatter(locale, knownZone(timeZone), DAY_STYLES[style]).format(new Date(at));
}

/**
 * 'Nov 22, 2026' for a calendar date ('2026-11-22', a lease start, a week's Monday): it has no time zone,
 * so it is read and shown as written and never shifts by a day. Other text is returned as given.
 */
export function formatCalendarDate(value: string, style: DayStyle = 'medium', locale = DEFAULT_LOCALE): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : formatter(locale, 'UTC', DAY_STYLES[style]).format(date);
}
