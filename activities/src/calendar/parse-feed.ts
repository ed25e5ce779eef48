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

/**
 * Blocked dates are events too: Airbnb writes 'Airbnb (Not available)', Booking.com 'CLOSED - Not
 * available', Vrbo 'Blocked'. They need no cleaning.
 */
const BLOCKED = /not available|unavailable|blocked|closed|owner (stay|block)/i;

/** The date of an iCalendar DATE or DATE-TIME value, in the property's time zone for instants. */
function dateOf(time: ICAL.Time, timeZone: string): string {
  if (time.isDate) return time.toString().slice(0, 10);
  return localDate(time.toJSDate(), timeZone);
}

/**
 * The reservations of an iCalendar document (RFC 5545, parsed by ical.js): one per VEVENT with a UID,
 * a start and an end after it; blocked ranges and cancelled events are left out.
 */
export function parseReservations(body: string, timeZone: string): Reservation[] {
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
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
    const summary = event.summary ?? '';
    if (!event.uid || !event.startDate || status === 'CANCELLED' || BLOCKED.test(summary)) continue;
    const start = dateOf(event.startDate, timeZone);
    const end = event.endDate ? dateOf(event.endDate, timeZone) : start;
    if (end <= start) continue;
    reservations.set(event.uid, { uid: event.uid, summary, start, end });
  }
  return [...reservations.values()].sort((a, b) => a.start.localeCompare(b.start) || a.uid.localeCompare(b.uid));
}
