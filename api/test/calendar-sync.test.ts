import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureEvent } from '../../activities/test/calendar/feed-fixtures.ts';
import { signedInOwner, uniqueEmail } from './support/browser.ts';
import { Cleaner } from './runner/cleaner.ts';
import { linkIn } from './support/mailbox.ts';
import { ownerRecords } from './support/owner-records.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { startFeedServer } from './support/feed-server.ts';
import { acceptedMember } from './support/team-member.ts';
import { startWorkerProcess, type WorkerProcess } from './support/worker-process.ts';

let api: TestApi;
let worker: WorkerProcess;
let feed: Awaited<ReturnType<typeof startFeedServer>>;

beforeAll(async () => {
  // Our feed lives on 127.0.0.1, which production refuses; the fetcher's own test covers that refusal.
  api = await startTestApi({
    env: { CALENDAR_ALLOW_PRIVATE_ADDRESSES: 'true' },
    // Only the test's syncs (and the first one on saving the feed) run during the test.
    calendarDurations: { pollIntervalMs: 60 * 60_000, defaultTurnaroundMs: 24 * 3_600_000 },
  });
  worker = await startWorkerProcess(api);
  feed = await startFeedServer();
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await feed?.close();
  await api?.close();
});

const reserved: FixtureEvent[] = [
  { uid: 'a@airbnb.com', start: '2027-01-10', end: '2027-01-13' },
  { uid: 'b@airbnb.com', start: '2027-01-13', end: '2027-01-16' },
  { uid: 'blocked@airbnb.com', start: '2027-01-16', end: '2027-01-20', summary: 'Airbnb (Not available)' },
  { uid: 'c@airbnb.com', start: '2027-01-20', end: '2027-01-22' },
];

interface RunRecord {
  id: string;
  status: string;
  due_at: string;
  checkout_at: string;
  assigned_to: string | null;
  reservation_uid: string;
  source: string;
  magic_link: string;
}

describe('runs from a booking calendar', () => {
  it('creates one turnover per reservation, follows moves and cancellations, survives a broken feed, and alerts the host (row and e-mail) instead of canceling a started run', async () => {
    const owner = await signedInOwner(api);
    await ownerRecords(api).grantPlan(owner.userId, 'pro');
    const cleanerEmail = uniqueEmail('cleaner');
    const cleaner = await acceptedMember(api, owner, { email: cleanerEmail, name: 'Rosa Diaz' });
    const property = (await owner.post('/api/properties', { name: 'Harbour Loft', address: '1 Pier St' })).body;

    feed.setEvents(reserved);
    const saved = await owner.put(`/api/properties/${property.id}`, {
      timezone: 'America/New_York',
      check_in_time: '16:00',
      checkout_time: '10:00',
      default_assignee_id: cleaner.id,
      calendar_urls: [feed.url],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ timezone: 'America/New_York', calendar_urls: [feed.url] });

    const sync = () => owner.post(`/api/properties/${property.id}/calendar/sync`);
    const calendarRuns = async () =>
      (
        (await owner.get(`/api/runs?filter=${encodeURIComponent(JSON.stringify({ property_id: property.id }))}`))
          .body as RunRecord[]
      )
        .filter((run) => run.source === 'calendar')
        .sort((a, b) => a.reservation_uid.localeCompare(b.reservation_uid));

    const first = await sync();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ error: null, reservations: 3 });
    const runs = await calendarRuns();
    // January in New York is UTC-5: checkout 10:00 is 15:00Z, check-in 16:00 is 21:00Z.
    expect(runs.map((run) => [run.reservation_uid, run.checkout_at, run.due_at, run.status, run.assigned_to])).toEqual([
      ['a@airbnb.com', '2027-01-13T15:00:00.000Z', '2027-01-13T21:00:00.000Z', 'pending', cleaner.id],
      ['b@airbnb.com', '2027-01-16T15:00:00.000Z', '2027-01-20T21:00:00.000Z', 'pending', cleaner.id],
      // No reservation follows: due a default turnaround (24 hours) after checkout.
      ['c@airbnb.com', '2027-01-22T15:00:00.000Z', '2027-01-23T15:00:00.000Z', 'pending', cleaner.id],
    ]);
    const linkMails = () =>
      api.mailbox.received.filter((m) => m.to === cleanerEmail && /^New turnover/.test(m.subject));
    await expect.poll(() => linkMails().length).toBe(3);
    const mailB = linkMails().find((m) => m.text.includes('Jan 20, 2027, 4:00 PM EST'));
    expect(mailB?.subject).toBe('New turnover at Harbour Loft');
    expect(linkIn(mailB!)).toBe(runs[1]!.magic_link);

    const again = await sync();
    expect(again.body).toMatchObject({ error: null, reservations: 3, created: 0, moved: 0, canceled: 0 });
    expect(await calendarRuns()).toEqual(runs);

    // The guest of c stays a night longer.
    feed.setEvents(reserved.map((event) => (event.uid === 'c@airbnb.com' ? { ...event, end: '2027-01-23' } : event)));
    expect((await sync()).body).toMatchObject({ created: 0, moved: 1, canceled: 0 });
    const moved = (await calendarRuns())[2]!;
    expect([moved.checkout_at, moved.due_at]).toEqual(['2027-01-23T15:00:00.000Z', '2027-01-24T15:00:00.000Z']);

    // Reservation b is cancelled on the booking site.
    feed.setEvents(
      reserved
        .filter((event) => event.uid !== 'b@airbnb.com')
        .map((event) => (event.uid === 'c@airbnb.com' ? { ...event, end: '2027-01-23' } : event)),
    );
    expect((await sync()).body).toMatchObject({ created: 0, moved: 1, canceled: 1 });
    const afterCancel = await calendarRuns();
    expect(afterCancel.map((run) => run.status)).toEqual(['pending', 'canceled', 'pending']);
    // a is now followed by c: its due time moved to c's check-in.
    expect(afterCancel[0]!.due_at).toBe('2027-01-20T21:00:00.000Z');
    const token = new URL(runs[1]!.magic_link).pathname.split('/').at(-1);
    const link = await owner.get(`/api/public/run?token=${token}`);
    expect(link.status).toBe(410);
    expect(link.body.error).toBe('This run was canceled: the booking behind it was cancelled. You do not need to go.');
    const canceledMail = await api.mailbox.latest(cleanerEmail, /^Canceled: turnover at Harbour Loft/);
    expect(canceledMail.text).toContain('Jan 20, 2027, 4:00 PM EST');

    // A feed that breaks keeps the last good state and says why on the property.
    const before = await calendarRuns();
    for (const [mode, sentence] of [
      [
        'error',
        'The calendar at 127.0.0.1 could not be fetched. Check that the address is the iCal export link of your booking calendar.',
      ],
      ['garbage', 'The calendar could not be read: it is not a valid iCalendar (.ics) file.'],
      ['huge', 'The calendar is larger than 5 MB, more than a booking calendar should be.'],
    ] as const) {
      feed.break(mode);
      const broken = await sync();
      expect(broken.status).toBe(200);
      expect(broken.body).toMatchObject({ error: sentence, created: 0, moved: 0, canceled: 0 });
      expect(await calendarRuns()).toEqual(before);
      const view = await owner.get(`/api/properties/${property.id}/calendar`);
      expect(view.body.last_error).toBe(sentence);
      expect(view.body.reservations.map((r: { uid: string }) => r.uid)).toEqual(['a@airbnb.com', 'c@airbnb.com']);
    }
    expect(linkMails()).toHaveLength(3);

    // The cleaner has started a; then its reservation vanishes too. The run stays, and the host is told.
    const started = Cleaner.fromLink(runs[0]!.magic_link);
    const [firstTask] = (await started.openRun()).body.run.tasks as { id: string }[];
    expect((await started.tick(firstTask!.id)).status).toBe(200);
    feed.setEvents(
      reserved.filter((event) => event.uid === 'c@airbnb.com').map((event) => ({ ...event, end: '2027-01-23' })),
    );
    expect((await sync()).body).toMatchObject({ error: null, created: 0, canceled: 0 });
    expect((await calendarRuns()).map((run) => run.status)).toEqual(['in_progress', 'canceled', 'pending']);
    const alert = await owner.get(`/api/runs/${runs[0]!.id}/evidence`);
    expect(alert.body.issues).toEqual([
      expect.objectContaining({
        kind: 'calendar',
        severity: 'high',
        description:
          'The reservation of this run is gone from the booking calendar, but the cleaner has already started; it was not canceled.',
      }),
    ]);
    const hostMail = await api.mailbox.latest(
      owner.email,
      /^Booking gone, run kept: Harbour Loft Turnover already started$/,
    );
    expect(hostMail.text).toContain('Rosa Diaz has already started, so the run was not canceled.');
    expect(hostMail.text).toContain('Jan 20, 2027, 4:00 PM EST');
    // Syncing again neither alerts nor mails twice.
    await sync();
    expect(api.mailbox.received.filter((m) => m.to === owner.email && /^Booking gone/.test(m.subject))).toHaveLength(1);
    expect((await owner.get(`/api/runs/${runs[0]!.id}/evidence`)).body.issues).toHaveLength(1);
  }, 180_000);

  it('refuses bad settings with a sentence and writes nothing', async () => {
    const owner = await signedInOwner(api);
    const property = (await owner.post('/api/properties', { name: 'Dune House', address: '2 Sand Rd' })).body;
    const cases: [Record<string, unknown>, string][] = [
      [{ timezone: 'Mars/Olympus' }, 'Time zone must be an IANA time zone name, such as Europe/Lisbon.'],
      [{ check_in_time: '25:00' }, 'Check-in time must be a time like 15:00 (24-hour HH:MM).'],
      [
        { default_assignee_id: '00000000-0000-4000-8000-000000000000' },
        'Team member not found. Choose one of your team members.',
      ],
      [{ backup_assignee_id: 'not-an-id' }, 'Team member not found. Choose one of your team members.'],
      [{ calendar_urls: ['file:///etc/passwd'] }, 'Calendar URLs must be http or https addresses'],
      [{ calendar_urls: 'https://example.com/a.ics' }, 'calendar_urls must be a list of URLs.'],
    ];
    for (const [body, sentence] of cases) {
      const answer = await owner.put(`/api/properties/${property.id}`, { name: 'Renamed', ...body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toContain(sentence);
    }
    expect((await owner.get(`/api/properties/${property.id}`)).body).toMatchObject({
      name: 'Dune House',
      timezone: 'UTC',
      default_assignee_id: null,
      calendar_urls: [],
    });
    const noFeeds = await owner.post(`/api/properties/${property.id}/calendar/sync`);
    expect(noFeeds.status).toBe(400);
    expect(noFeeds.body.error).toBe(
      'This property has no calendar URLs yet: add the iCal link of your booking calendar first.',
    );
  });
});
