import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { airbnbFeed, type FixtureEvent } from '../../../activities/test/calendar/feed-fixtures.ts';

/** A booking site's iCal export on a real HTTP server: the test edits its events or breaks it. */
export async function startFeedServer() {
  let events: FixtureEvent[] = [];
  let mode: 'ok' | 'error' | 'garbage' | 'huge' = 'ok';
  let version = 0;
  const server: Server = createServer((request, response) => {
    if (mode === 'error') return response.writeHead(500).end('Internal Server Error');
    if (mode === 'garbage') return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
    if (mode === 'huge') {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      return response.end(Buffer.alloc(6 * 1024 * 1024, 'X'));
    }
    const etag = `"v${version}"`;
    if (request.headers['if-none-match'] === etag) return response.writeHead(304).end();
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(airbnbFeed(events));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/ical/123.ics`,
    setEvents(next: FixtureEvent[]) {
      events = next;
      version += 1;
      mode = 'ok';
    },
    break(next: typeof mode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
