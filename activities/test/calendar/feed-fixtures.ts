/** iCalendar documents shaped like Airbnb's export (all-day DATE values, 'Reserved' and 'Not available'). */
export interface FixtureEvent {
  uid: string;
  start: string;
  end: string;
  summary?: string;
}

const compact = (date: string) => date.replaceAll('-', '');

export function airbnbFeed(events: FixtureEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      'DTSTAMP:20261101T120000Z',
      `DTSTART;VALUE=DATE:${compact(event.start)}`,
      `DTEND;VALUE=DATE:${compact(event.end)}`,
      `SUMMARY:${event.summary ?? 'Reserved'}`,
      `UID:${event.uid}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.join('\r\n') + '\r\n';
}
