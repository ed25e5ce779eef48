import ICAL from 'ical.js';
import { localDate } from '../local-time.ts';
import { FeedError } from './fetch-feed.ts';

/** A booking from a calendar feed; dates are the property's local dates ('YYYY-MM-DD'). */
export interface Reservation {
  uid: string;
  summary: string;
  start: string;
  end: string;
}

/** Upcoming reservations kept per feed and per property: more than a year of daily turnovers on one home. */
export const MAX_RESERVATIONS = 1_000;
/** How far ahead a calendar is read: bookings beyond get their runs once they come this close. */
export const HORIZON_MONTHS = 18;

/** The local dates a sync looks at: reservations ending from `from` on and starting before `until`. */
export interface SyncWindow {
  from: string;
  until: string;
}

/** The window of a sync at `now`, in the property's time zone. */
export function syncWindow(now: Date, timeZone: string): SyncWindow {
  const from = localDate(now, timeZone);
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  const until = new Date(Date.UTC(year, month - 1 + HORIZON_MONTHS, day)).toISOString().slice(0, 10);
  return { from, until };
}

/** Inside the window: not over before today (a stay ending today still needs its turnover), not beyond the horizon. */
export const inWindow = (reservation: Reservation, window: SyncWindow) =>
  reservation.end >= window.from && reservation.start < window.until;

/** What a feed lists, as kept: the soonest reservations, and what was left out (for the host's sentence). */
export interface FeedReading {
  reservations: Reservation[];
  /** Events that could not be read (a date like year 0, a broken property): skipped, never fatal. */
  skipped: number;
  /** Upcoming reservations beyond MAX_RESERVATIONS, left out. */
  capped: number;
}

/**
 * Blocked dates are events too: Airbnb writes 'Airbnb (Not available)', Booking.com 'CLOSED - Not
 * available', Vrbo 'Blocked'. They need no cleaning.
 */
const BLOCKED = /not available|unavailable|blocked|closed|owner (stay|block)/i;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const EARLIEST_DATE = '1970-01-01';

/** The date of an iCalendar DATE or DATE-TIME value, in the property's time zone for instants. */
function dateOf(time: ICAL.Time, timeZone: string): string {
  const date = time.isDate ? time.toString().slice(0, 10) : localDate(time.toJSDate(), timeZone);
  // Year 0 and the like are no booking: they would only break the time arithmetic later.
  if (!LOCAL_DATE.test(date) || date < EARLIEST_DATE) throw new Error(`Not a calendar date: ${date}`);
  return date;
}

/** One VEVENT as a reservation; null for what needs no turnover (blocked, cancelled, empty). Throws on a bad event. */
function reservationOf(component: ICAL.Component, timeZone: string): Reservation | null {
  // No exceptions to relate: by default ical.js scans every sibling event for each one (quadratic).
  const event = new ICAL.Event(component, { exceptions: [] });
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const summary = event.summary ?? '';
  if (!event.uid || !event.startDate || status === 'CANCELLED' || BLOCKED.test(summary)) return null;
  const start = dateOf(event.startDate, timeZone);
  const end = event.endDate ? dateOf(event.endDate, timeZone) : start;
  return end > start ? { uid: String(event.uid), summary, start, end } : null;
}

/** Soonest first; ties by UID, so a capped list is the same on every sync. */
export const bySoonest = (a: Reservation, b: Reservation) =>
  a.start.localeCompare(b.start) || a.uid.localeCompare(b.uid);

/**
 * The reservations of an iCalendar document (RFC 5545, parsed by ical.js) inside the sync window: one
 * per VEVENT with a UID, a start and an end after it; blocked ranges and cancelled events are left out,
 * an event that cannot be read is skipped, and at most MAX_RESERVATIONS (the soonest) are kept.
 */
export function parseReservations(body: string, timeZone: string, window: SyncWindow): FeedReading {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(body));
  } catch {
    throw new FeedError('The calendar could not be read: it is not a valid iCalendar (.ics) file.');
  }
  if (calendar.name !== 'vcalendar') {
    throw new FeedError('The calendar could not be read: it is not a valid iCalendar (.ics) file.');
  }
  const reservations = new Map<string, Reservation>();
  let skipped = 0;
  for (const component of calendar.getAllSubcomponents('vevent')) {
    try {
      const reservation = reservationOf(component, timeZone);
      if (reservation && inWindow(reservation, window)) reservations.set(reservation.uid, reservation);
    } catch {
      skipped += 1;
    }
  }
  const upcoming = [...reservations.values()].sort(bySoonest);
  return {
    reservations: upcoming.slice(0, MAX_RESERVATIONS),
    skipped,
    capped: Math.max(0, upcoming.length - MAX_RESERVATIONS),
  };
}
