import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDateTime,
  formatDay,
  formatDue,
  formatTime,
  knownZone,
  zoneAbbreviation,
} from '../src/time-format.ts';

const winter = '2026-11-27T14:30:00Z';
const summer = '2026-07-04T14:30:00Z';

describe('the one time format', () => {
  it('shows a time in the property’s zone with its abbreviation, standard and daylight time alike', () => {
    expect(formatDateTime(winter, 'America/New_York')).toBe('Nov 27, 2026, 9:30 AM EST');
    expect(formatDateTime(summer, 'America/New_York')).toBe('Jul 4, 2026, 10:30 AM EDT');
    expect(formatDateTime(new Date(winter), 'America/Los_Angeles')).toBe('Nov 27, 2026, 6:30 AM PST');
    expect(formatDateTime(Date.parse(winter), 'Europe/Paris')).toBe('Nov 27, 2026, 3:30 PM GMT+1');
  });

  it('names UTC only when the zone is UTC or unknown, and never throws on a bad zone', () => {
    expect(formatDateTime(winter, 'UTC')).toBe('Nov 27, 2026, 2:30 PM UTC');
    expect(formatDateTime(winter, 'Mars/Olympus_Mons')).toBe('Nov 27, 2026, 2:30 PM UTC');
    expect(knownZone('Not/AZone')).toBe('UTC');
    expect(knownZone(null, 'America/Chicago')).toBe('America/Chicago');
    expect(knownZone('America/New_York')).toBe('America/New_York');
  });

  it('keeps the English abbreviation in the cleaner’s language, where Intl would say UTC−5', () => {
    expect(formatDateTime(winter, 'America/New_York', 'es')).toBe('27 nov 2026, 9:30 EST');
    expect(formatDateTime(winter, 'America/New_York', 'fr')).toBe('27 nov. 2026, 9:30 EST');
    expect(formatDateTime(winter, 'America/New_York', 'fr')).not.toContain('UTC');
  });

  it('gives the abbreviation of the instant, so the day of the switch reads right on both sides', () => {
    expect(zoneAbbreviation('2026-11-01T05:59:00Z', 'America/New_York')).toBe('EDT');
    expect(zoneAbbreviation('2026-11-01T06:01:00Z', 'America/New_York')).toBe('EST');
  });

  it('shortens due times and times of day for cards and agendas', () => {
    expect(formatDue(winter, 'America/New_York', '2026-11-20T00:00:00Z')).toBe('Fri, Nov 27, 9:30 AM EST');
    expect(formatDue('2027-01-02T15:00:00Z', 'America/New_York', winter)).toBe('Sat, Jan 2, 2027, 10:00 AM EST');
    expect(formatTime(winter, 'America/New_York')).toBe('9:30 AM EST');
  });

  it('reads the day in the zone, not in UTC', () => {
    // 03:00 UTC on the 28th is still the 27th in New York.
    expect(formatDay('2026-11-28T03:00:00Z', 'America/New_York')).toBe('Nov 27, 2026');
    expect(formatDay('2026-11-28T03:00:00Z', 'America/New_York', 'long')).toBe('November 27, 2026');
    expect(formatDay('2026-11-28T03:00:00Z', 'America/New_York', 'weekday')).toBe('Friday, Nov 27');
  });

  it('shows calendar dates as written, whatever the zone of the machine', () => {
    expect(formatCalendarDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatCalendarDate('2026-11-22', 'long')).toBe('November 22, 2026');
    expect(formatCalendarDate('next spring')).toBe('next spring');
    expect(formatCalendarDate('2027-01-11', 'dayMonth')).toBe('Jan 11');
  });
});
