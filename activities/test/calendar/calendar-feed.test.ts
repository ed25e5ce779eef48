import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedError, fetchFeed } from '../../src/calendar/fetch-feed.ts';
import { parseReservations, syncWindow } from '../../src/calendar/parse-feed.ts';
import { planTurnovers } from '../../src/calendar/turnover-plan.ts';
import { airbnbFeed } from './feed-fixtures.ts';

const feed = airbnbFeed([
  { uid: 'b@airbnb.com', start: '2027-01-13', end: '2027-01-16' },
  { uid: 'a@airbnb.com', start: '2027-01-10', end: '2027-01-13' },
  { uid: 'blocked@airbnb.com', start: '2027-01-16', end: '2027-01-20', summary: 'Airbnb (Not available)' },
  { uid: 'c@airbnb.com', start: '2027-01-20', end: '2027-01-22' },
]);

// The day these tests see as today: the fixtures' January 2027 is upcoming and inside 18 months.
const window = syncWindow(new Date('2026-11-27T12:00:00Z'), 'America/New_York');
const reservationsOf = (body: string, timeZone: string) => parseReservations(body, timeZone, window).reservations;

describe('reading a booking calendar', () => {
  it('lists the reservations by start and leaves blocked dates out', () => {
    expect(reservationsOf(feed, 'America/New_York').map((r) => [r.uid, r.start, r.end])).toEqual([
      ['a@airbnb.com', '2027-01-10', '2027-01-13'],
      ['b@airbnb.com', '2027-01-13', '2027-01-16'],
      ['c@airbnb.com', '2027-01-20', '2027-01-22'],
    ]);
  });

  it('refuses what is not iCalendar with a sentence', () => {
    for (const garbage of [
      '',
      '<html>Not found</html>',
      'BEGIN:VCARD\r\nEND:VCARD',
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT',
    ]) {
      expect(() => parseReservations(garbage, 'UTC', window)).toThrow(
        'The calendar could not be read: it is not a valid iCalendar (.ics) file.',
      );
    }
  });

  it('plans each turnover from checkout until the next check-in, in the property time zone', () => {
    const plan = planTurnovers(reservationsOf(feed, 'America/New_York'), {
      timeZone: 'America/New_York',
      checkInTime: '16:00',
      checkoutTime: '10:00',
      defaultTurnaroundMs: 24 * 3_600_000,
    });
    expect(plan.map((t) => [t.uid, t.checkoutAt.toISOString(), t.dueAt.toISOString()])).toEqual([
      // January in New York is UTC-5: checkout 10:00 is 15:00Z, check-in 16:00 is 21:00Z.
      ['a@airbnb.com', '2027-01-13T15:00:00.000Z', '2027-01-13T21:00:00.000Z'],
      ['b@airbnb.com', '2027-01-16T15:00:00.000Z', '2027-01-20T21:00:00.000Z'],
      ['c@airbnb.com', '2027-01-22T15:00:00.000Z', '2027-01-23T15:00:00.000Z'],
    ]);
  });
});

describe('fetching a feed', () => {
  let server: Server;
  let origin: string;
  let requests: Record<string, string | undefined>[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push({ path: request.url, ifNoneMatch: request.headers['if-none-match'] });
      if (request.url === '/huge') {
        response.writeHead(200, { 'content-type': 'text/calendar' });
        const chunk = Buffer.alloc(1024 * 1024, 'A');
        for (let i = 0; i < 6; i++) response.write(chunk);
        return response.end();
      }
      if (request.headers['if-none-match'] === '"v1"') return response.writeHead(304).end();
      response.writeHead(200, { 'content-type': 'text/calendar', etag: '"v1"' }).end(feed);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('honours the ETag: the second fetch is a 304', async () => {
    requests = [];
    const first = await fetchFeed(
      `${origin}/feed.ics`,
      { etag: null, lastModified: null },
      { allowPrivateAddresses: true },
    );
    expect(first).toMatchObject({ notModified: false, validators: { etag: '"v1"' } });
    const second = await fetchFeed(
      `${origin}/feed.ics`,
      { etag: '"v1"', lastModified: null },
      { allowPrivateAddresses: true },
    );
    expect(second).toEqual({ notModified: true });
    expect(requests.map((r) => r.ifNoneMatch)).toEqual([undefined, '"v1"']);
  });

  it('stops reading at 5 MB', async () => {
    await expect(
      fetchFeed(`${origin}/huge`, { etag: null, lastModified: null }, { allowPrivateAddresses: true }),
    ).rejects.toThrow('The calendar is larger than 5 MB, more than a booking calendar should be.');
  });

  it('refuses private, loopback and link-local addresses in production, by literal address or by name', async () => {
    requests = [];
    const none = { etag: null, lastModified: null };
    const production = { allowPrivateAddresses: false };
    for (const url of [
      `${origin}/feed.ics`,
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x.ics',
      'http://10.1.2.3/x.ics',
    ]) {
      await expect(fetchFeed(url, none, production)).rejects.toThrow(
        /is a private network address, which is not allowed/,
      );
    }
    await expect(fetchFeed('http://localhost/feed.ics', none, production)).rejects.toThrow(
      'The calendar address localhost points to a private network address, which is not allowed.',
    );
    await expect(fetchFeed('ftp://example.com/x.ics', none, production)).rejects.toBeInstanceOf(FeedError);
    expect(requests).toEqual([]);
  });
});
