// The dispatch section of `npm run bench`: how long `calendar/{propertyId}` takes to reconcile a booking
// calendar of 1,000 reservations (first sync, a re-sync with 50 moved reservations, an unchanged
// re-sync), and the memory of one worker holding 1,000 property calendar workflows. The API runs in
// this process, the real worker in its own; the feed is served by a real HTTP server on 127.0.0.1.
import { readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Property } from '@turnproof/db';
import { ensurePropertyCalendar, syncPropertyCalendarNow } from '@turnproof/temporal/calendar-client';
import { calendarStateQuery, calendarWorkflowId } from '@turnproof/workflows';
import { airbnbFeed, type FixtureEvent } from '../../activities/test/calendar/feed-fixtures.ts';
import { signedInOwner } from '../../api/test/support/browser.ts';
import { startTestApi, type TestApi } from '../../api/test/support/test-api.ts';
import { startWorkerProcess } from '../../api/test/support/worker-process.ts';
import { Cleanup } from './cleanup.ts';
import { expectOk } from './owner.ts';
import { ms, verdict } from './stats.ts';

const RESERVATIONS = 1_000;
const CHANGED = 50;
const CALENDARS = 1_000;
const FIRST_SYNC_TARGET_MS = 10_000;
const RESYNC_TARGET_MS = 2_000;
const DAY_MS = 24 * 3_600_000;

/** Back-to-back two-night stays from 2027-01-01; `moved` stays leave a day later. */
function reservations(moved = 0): FixtureEvent[] {
  const day = (offset: number) => new Date(Date.UTC(2027, 0, 1) + offset * DAY_MS).toISOString().slice(0, 10);
  return Array.from({ length: RESERVATIONS }, (_, i) => ({
    uid: `stay-${i}@bench.test`,
    start: day(i * 3),
    end: day(i * 3 + 2 + (i < moved ? 1 : 0)),
  }));
}

async function startFeedServer() {
  let body = '';
  let version = 0;
  const server: Server = createServer((request, response) => {
    const etag = `"v${version}"`;
    if (request.headers['if-none-match'] === etag) return response.writeHead(304).end();
    response.writeHead(200, { 'content-type': 'text/calendar', etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    serve(events: FixtureEvent[]) {
      body = airbnbFeed(events);
      version += 1;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? NaN) / 1024;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

async function reconcileFigures(api: TestApi, feed: Awaited<ReturnType<typeof startFeedServer>>) {
  const owner = await signedInOwner(api);
  const property = expectOk(
    await owner.post('/api/properties', { name: 'Bench Marina', address: '1 Quay', timezone: 'Europe/Lisbon' }),
    'property',
  ).body;
  // An empty calendar first, so the workflow's own first sync makes nothing and the timed one all.
  feed.serve([]);
  expectOk(
    await owner.put(`/api/properties/${property.id}`, { calendar_urls: [`${feed.origin}/marina.ics`] }),
    'save feed',
  );
  // The workflow's own Update, as POST /calendar/sync sends it, without the HTTP request's deadline.
  const sync = () =>
    syncPropertyCalendarNow(api.temporal, api.config, {
      propertyId: property.id,
      ownerId: owner.userId,
      durations: { pollIntervalMs: 60 * 60_000, defaultTurnaroundMs: DAY_MS },
    });
  await sync();
  /** How long the newest reconciling activity ran (its started and completed events), apart from queueing. */
  const lastActivityMs = async () => {
    const events = (await api.temporal.workflow.getHandle(calendarWorkflowId(property.id)).fetchHistory()).events ?? [];
    const at = (event: (typeof events)[number] | undefined) =>
      Number(event?.eventTime?.seconds?.toString() ?? 0) * 1000 + (event?.eventTime?.nanos ?? 0) / 1e6;
    const started = events.findLast((event) => event.activityTaskStartedEventAttributes);
    const completed = events.findLast((event) => event.activityTaskCompletedEventAttributes);
    return at(completed) - at(started);
  };

  feed.serve(reservations());
  const runWorkflows = async () =>
    (await api.temporal.workflow.count(`TurnproofPropertyId = '${property.id}' AND WorkflowType = 'inspectionRun'`))
      .count;
  // The sync answers once the database holds every run; their workflows start right after.
  const started = performance.now();
  const [first, firstMs] = await timed(sync);
  const firstActivityMs = await lastActivityMs();
  while ((await runWorkflows()) < first.created && performance.now() - started < 600_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const workflowsMs = performance.now() - started;
  // A re-sync comes a poll interval later, when the worker has run the new runs' first steps: wait until
  // it answers the calendar's query at once again (three quick answers in a row).
  const calendar = api.temporal.workflow.getHandle(calendarWorkflowId(property.id));
  for (let quick = 0; quick < 3 && performance.now() - started < 900_000;) {
    const asked = performance.now();
    await calendar.query(calendarStateQuery);
    quick = performance.now() - asked < 250 ? quick + 1 : 0;
  }
  const settledMs = performance.now() - started;
  feed.serve(reservations(CHANGED));
  const [changed, changedMs] = await timed(sync);
  const changedActivityMs = await lastActivityMs();
  const [unchanged, unchangedMs] = await timed(sync);
  console.log(
    `first sync of ${RESERVATIONS} reservations: ${ms(firstMs, 0)} until it answered with every run in the database ` +
      `(${ms(firstActivityMs, 0)} of it in the reconciling activity; ${first.created} runs; all their workflows started after ${ms(workflowsMs, 0)}, the worker idle again after ${ms(settledMs, 0)})   ` +
      `target ≤ ${ms(FIRST_SYNC_TARGET_MS, 0)}: ${verdict(firstMs <= FIRST_SYNC_TARGET_MS)}`,
  );
  console.log(
    `re-sync with ${CHANGED} moved reservations: ${ms(changedMs, 0)} (${ms(changedActivityMs, 0)} of it in the ` +
      `reconciling activity; ${changed.moved} runs moved)   ` +
      `target ≤ ${ms(RESYNC_TARGET_MS, 0)}: ${verdict(changedMs <= RESYNC_TARGET_MS)}`,
  );
  console.log(
    `re-sync of an unchanged feed (ETag, 304): ${ms(unchangedMs, 0)} (${unchanged.moved} moved, ${unchanged.created} created)`,
  );
}

async function memoryFigures(api: TestApi, workerPid: number, feed: Awaited<ReturnType<typeof startFeedServer>>) {
  const owner = await signedInOwner(api);
  const em = api.orm.em.fork();
  const properties = Array.from({ length: CALENDARS }, (_, i) =>
    em.create(Property, {
      owner: owner.userId,
      name: `Bench Flat ${i + 1}`,
      address: `${i + 1} Bench Street`,
      calendar_urls: [`${feed.origin}/flat-${i}.ics`],
    }),
  );
  await em.flush();
  const before = await rssMb(workerPid);
  const [, startMs] = await timed(async () => {
    for (let i = 0; i < properties.length; i += 50) {
      await Promise.all(
        properties.slice(i, i + 50).map((property) =>
          ensurePropertyCalendar(api.temporal, api.config, {
            propertyId: property.id,
            ownerId: owner.userId,
            durations: { pollIntervalMs: 15 * 60_000, defaultTurnaroundMs: DAY_MS },
          }),
        ),
      );
    }
  });
  // Every calendar has done its first sync (each fetched its feed once) and now waits for the next poll.
  const synced = async () =>
    Number(
      (
        await em.getConnection().execute<{ count: string }[]>(
          `select count(*) from calendar_feeds f join properties p on p.id = f.property_id
           where p.owner_id = ? and f.last_success_at is not null`,
          [owner.userId],
        )
      )[0]?.count,
    );
  const deadline = Date.now() + 300_000;
  while ((await synced()) < CALENDARS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = await rssMb(workerPid);
  console.log(
    `one worker holding ${CALENDARS} calendar workflows (${await synced()} synced once, started in ${ms(startMs, 0)}): ` +
      `RSS ${before.toFixed(0)} MB before → ${after.toFixed(0)} MB after (${(((after - before) * 1024) / CALENDARS).toFixed(1)} KB per workflow)`,
  );
}

export async function dispatchFigures(): Promise<void> {
  console.log(
    `\n== dispatch: reconciling a booking calendar of ${RESERVATIONS} reservations (POST /api/properties/{id}/calendar/sync, ` +
      `real worker in its own process), and one worker's memory with ${CALENDARS} calendar workflows ==`,
  );
  const cleanup = new Cleanup();
  try {
    const api = await startTestApi({
      env: { CALENDAR_ALLOW_PRIVATE_ADDRESSES: 'true' },
      calendarDurations: { pollIntervalMs: 60 * 60_000, defaultTurnaroundMs: DAY_MS },
    });
    cleanup.add(() => rm(api.config.DATA_DIR, { recursive: true, force: true }));
    cleanup.add(() => api.close());
    const worker = await startWorkerProcess(api);
    cleanup.add(() => worker.stop());
    const feed = await startFeedServer();
    cleanup.add(() => feed.close());
    await reconcileFigures(api, feed);
    feed.serve([]);
    await memoryFigures(api, worker.pid!, feed);
  } finally {
    await cleanup.run();
  }
}
