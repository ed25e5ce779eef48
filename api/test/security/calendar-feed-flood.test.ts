import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureEvent } from '../../../activities/test/calendar/feed-fixtures.ts';
import { signedInOwner, uniqueEmail } from '../support/browser.ts';
import { startFeedServer } from '../support/feed-server.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { acceptedMember, assignBeforeAcceptance } from '../support/team-member.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

// Security review N1: a booking-calendar feed is input from anyone with a (card-free) trial account.
const DAY_MS = 86_400_000;
const SYNCS_PER_WINDOW = 4;
let api: TestApi;
let worker: WorkerProcess;
let feed: Awaited<ReturnType<typeof startFeedServer>>;

beforeAll(async () => {
  // The feed lives on 127.0.0.1, which production refuses (the fetcher's own test covers that refusal).
  api = await startTestApi({
    env: { CALENDAR_ALLOW_PRIVATE_ADDRESSES: 'true' },
    calendarDurations: { pollIntervalMs: 60 * 60_000, defaultTurnaroundMs: 24 * 3_600_000 },
    rateLimits: { calendarSyncsPerOwner: { points: SYNCS_PER_WINDOW, durationSeconds: 60 * 60 } },
  });
  worker = await startWorkerProcess(api);
  feed = await startFeedServer();
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await feed?.close();
  await api?.close();
});

const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10);

/** `count` one-night stays from tomorrow on, `perDay` starting each day (a hostile feed overlaps at will). */
function stays(count: number, perDay: number): FixtureEvent[] {
  return Array.from({ length: count }, (_, i) => {
    const start = Date.now() + (1 + Math.floor(i / perDay)) * DAY_MS;
    return { uid: `stay-${i}@attacker.test`, start: isoDate(start), end: isoDate(start + DAY_MS) };
  });
}

async function hostWithFeed(defaultAssignee: { email: string; accepted: boolean }) {
  const owner = await signedInOwner(api);
  await ownerRecords(api).grantPlan(owner.userId, 'pro');
  const member = defaultAssignee.accepted
    ? await acceptedMember(api, owner, { email: defaultAssignee.email, name: 'Victim' })
    : (await owner.post('/api/team', { email: defaultAssignee.email, name: 'Victim', role: 'Cleaner' })).body;
  const property = (await owner.post('/api/properties', { name: 'Flood Flat', address: '1 Spam St' })).body;
  if (!defaultAssignee.accepted) await assignBeforeAcceptance(api, property.id, 'default_assignee', member.id);
  const saved = await owner.put(`/api/properties/${property.id}`, {
    ...(defaultAssignee.accepted && { default_assignee_id: member.id }),
    calendar_urls: [feed.url],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const calendarRuns = async () => {
    const filter = encodeURIComponent(JSON.stringify({ property_id: property.id }));
    const page = await owner.get(`/api/runs?filter=${filter}&range=[0,0]`);
    return Number(page.headers.get('content-range')?.split('/')[1]);
  };
  return { owner, property, calendarRuns };
}

const mailsTo = (to: string, subject: RegExp) =>
  api.mailbox.received.filter((mail) => mail.to === to && subject.test(mail.subject));

describe('N1: a hostile booking calendar', () => {
  it('of 20,000 reservations and one in the year 0 makes at most 1,000 runs, mails nobody who never accepted, tells the host, and leaves the console quick', async () => {
    const victim = uniqueEmail('victim');
    feed.setEvents([{ uid: 'year-zero@attacker.test', start: '0000-01-01', end: '0000-01-02' }, ...stays(20_000, 40)]);
    const { owner, property, calendarRuns } = await hostWithFeed({ email: victim, accepted: false });

    // Saving the feed started a sync; "Sync now" waits for one more. The host's console is timed meanwhile.
    let syncing = true;
    const sync = owner.post(`/api/properties/${property.id}/calendar/sync`).finally(() => (syncing = false));
    const latencies: number[] = [];
    while (syncing) {
      const started = performance.now();
      const list = await owner.get('/api/properties');
      latencies.push(performance.now() - started);
      expect(list.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = await sync;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(latencies.length).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(1_000);

    expect(await calendarRuns()).toBe(1_000);
    const status = (await owner.get(`/api/properties/${property.id}/calendar`)).body;
    expect(status.last_error).toMatch(
      /^This calendar lists 19,000 more upcoming reservations than the 1,000 we read: only the soonest 1,000 \(until \d{4}-\d{2}-\d{2}\) get turnover runs\. 1 event of this calendar could not be read \(such as an impossible date\) and was skipped\.$/,
    );
    expect(status.reservations).toHaveLength(1_000);
    // Only the invitation: the member never accepted it, so no run link and no cancellation reaches them.
    expect(mailsTo(victim, /.*/).map((mail) => mail.subject)).toEqual([
      'Test Owner invited you to their Turnproof team',
    ]);

    // The attacker empties the feed: the runs are canceled, and still nobody is mailed.
    feed.setEvents([]);
    const emptied = await owner.post(`/api/properties/${property.id}/calendar/sync`);
    expect(emptied.body).toMatchObject({ error: null, canceled: 1_000 });
    expect(mailsTo(victim, /.*/)).toHaveLength(1);
  }, 240_000);

  it('mails an accepted cleaner only inside the owner’s hourly mail budget, and throttles "Sync now"', async () => {
    const cleaner = uniqueEmail('cleaner');
    feed.setEvents(stays(120, 1));
    const { owner, property, calendarRuns } = await hostWithFeed({ email: cleaner, accepted: true });
    const synced = await owner.post(`/api/properties/${property.id}/calendar/sync`);
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(await calendarRuns()).toBe(120);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // The worker spends the same budget as the API's assignments: 50 mails an hour.
    expect(mailsTo(cleaner, /^New turnover at Flood Flat$/)).toHaveLength(50);

    const statuses: number[] = [synced.status];
    for (let i = 1; i <= SYNCS_PER_WINDOW; i += 1) {
      const again = await owner.post(`/api/properties/${property.id}/calendar/sync`);
      statuses.push(again.status);
      if (again.status === 429) {
        expect(again.body.error).toBe('Too many calendar syncs in a short time. Please wait 60 minutes and try again.');
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  }, 180_000);
});
