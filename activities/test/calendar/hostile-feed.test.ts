import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFeed } from '../../src/calendar/fetch-feed.ts';
import { MAX_RESERVATIONS, parseReservations, syncWindow } from '../../src/calendar/parse-feed.ts';
import { planTurnovers } from '../../src/calendar/turnover-plan.ts';
import { airbnbFeed, type FixtureEvent } from './feed-fixtures.ts';

// Security review N1 and N14: a feed is input from anyone with a trial account.
const DAY_MS = 86_400_000;
const today = new Date('2026-11-27T12:00:00Z');
const window = syncWindow(today, 'Europe/Lisbon');
const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10);

/** `count` one-night stays from tomorrow on, `perDay` of them starting each day (a hostile feed overlaps at will). */
function stays(count: number, perDay = 1): FixtureEvent[] {
  return Array.from({ length: count }, (_, i) => {
    const start = today.getTime() + (1 + Math.floor(i / perDay)) * DAY_MS;
    return { uid: `stay-${i}@hostile.test`, start: isoDate(start), end: isoDate(start + DAY_MS) };
  });
}

describe('a hostile booking calendar', () => {
  it('reads 20,000 events and one in the year 0 quickly, keeps the soonest 1,000, and counts what it left out', () => {
    const body = airbnbFeed([
      { uid: 'year-zero@hostile.test', start: '0000-01-01', end: '0000-01-02' },
      { uid: 'past@hostile.test', start: '2026-01-01', end: '2026-01-05' },
      { uid: 'far@hostile.test', start: '2030-01-01', end: '2030-01-05' },
      ...stays(20_000, 40),
    ]);
    const started = performance.now();
    const reading = parseReservations(body, 'Europe/Lisbon', window);
    // About 2 s on a busy CI core (ical.js parsing 2.8 MB is most of it); relating every event to every
    // other, as ical.js does by default, took over 40 s.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(reading.reservations).toHaveLength(MAX_RESERVATIONS);
    expect(reading.reservations[0]).toMatchObject({ uid: 'stay-0@hostile.test', start: '2026-11-28' });
    // Past stays and stays beyond the 18-month horizon are no one's turnover yet; the year 0 is no date.
    expect(reading.skipped).toBe(1);
    expect(reading.capped).toBe(19_000);
    expect(reading.reservations.map((r) => r.uid)).not.toContain('past@hostile.test');
  });

  it('plans 20,000 overlapping turnovers in linear time', () => {
    const reservations = stays(20_000, 40).map((stay) => ({ ...stay, summary: 'Reserved' }));
    const started = performance.now();
    const plan = planTurnovers(reservations, {
      timeZone: 'Europe/Lisbon',
      checkInTime: '15:00',
      checkoutTime: '11:00',
      defaultTurnaroundMs: DAY_MS,
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(plan).toHaveLength(20_000);
    // Back to back: each turnover is due at the next guest's check-in, on its checkout day.
    expect(plan[0]).toMatchObject({ uid: 'stay-0@hostile.test' });
    expect(plan[0]!.dueAt.toISOString()).toBe('2026-11-29T15:00:00.000Z');
    expect(plan.at(-1)!.dueAt.getTime() - plan.at(-1)!.checkoutAt.getTime()).toBe(DAY_MS);
  });

  it('skips a reservation whose dates make no instant instead of failing the sync', () => {
    const plan = planTurnovers(
      [
        { uid: 'bad', summary: '', start: '0000-01-01', end: '0000-01-02' },
        { uid: 'good', summary: '', start: '2027-01-02', end: '2027-01-04' },
      ],
      { timeZone: 'UTC', checkInTime: '15:00', checkoutTime: '11:00', defaultTurnaroundMs: DAY_MS },
    );
    expect(plan.map((turnover) => turnover.uid)).toEqual(['good']);
  });
});

describe('the feed fetcher is no port scanner (N14)', () => {
  let server: Server;
  let closedPort: number;
  let origin: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/slow') return; // never answers
      response.writeHead(request.url === '/forbidden' ? 403 : 500).end('no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  it('tells a refused connection, a silent port and an HTTP error apart by nothing', async () => {
    const none = { etag: null, lastModified: null };
    const options = { allowPrivateAddresses: true, timeoutMs: 500 };
    const sentences = await Promise.all(
      [`http://127.0.0.1:${closedPort}/x.ics`, `${origin}/slow`, `${origin}/forbidden`, `${origin}/error`].map((url) =>
        fetchFeed(url, none, options).then(
          () => 'fetched',
          (error: Error) => error.message,
        ),
      ),
    );
    expect(new Set(sentences)).toEqual(
      new Set([
        'The calendar at 127.0.0.1 could not be fetched. Check that the address is the iCal export link of your booking calendar.',
      ]),
    );
  });

  it('fetches only from the web ports in production', async () => {
    await expect(
      fetchFeed(
        'http://calendar.example.com:22/x.ics',
        { etag: null, lastModified: null },
        { allowPrivateAddresses: false },
      ),
    ).rejects.toThrow('Calendar addresses must use the standard web ports (80 for http, 443 for https).');
  });
});
