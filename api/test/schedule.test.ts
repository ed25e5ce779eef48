import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signedInOwner, uniqueEmail } from './support/browser.ts';
import { ownerRecords } from './support/owner-records.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { acceptedMember } from './support/team-member.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const DAY_MS = 24 * 3_600_000;

describe("a cleaner's schedule link", () => {
  it('lists their open runs with links, serves them as an iCalendar feed, and stops when revoked', async () => {
    const owner = await signedInOwner(api);
    await ownerRecords(api).grantPlan(owner.userId, 'pro');
    const rosa = await acceptedMember(api, owner, { email: uniqueEmail('rosa'), name: 'Rosa Diaz' });
    const ana = await acceptedMember(api, owner, { email: uniqueEmail('ana'), name: 'Ana Lima' });
    const property = (
      await owner.post('/api/properties', { name: 'Harbour Loft', address: '1 Pier St', timezone: 'Europe/Lisbon' })
    ).body;
    const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
    const newRun = async (assignee: string, dueInDays: number) =>
      (
        await owner.post('/api/runs', {
          property_id: property.id,
          template_id: template.id,
          assigned_to: assignee,
          due_at: new Date(Date.now() + dueInDays * DAY_MS).toISOString(),
        })
      ).body as { id: string; magic_link: string };
    const later = await newRun(rosa.id, 3);
    const tomorrow = await newRun(rosa.id, 1);
    await newRun(ana.id, 1);

    const created = await owner.post(`/api/team/${rosa.id}/schedule-link`);
    expect(created.status).toBe(200);
    const link = created.body.link as string;
    expect(link).toMatch(new RegExp(`^${api.baseUrl}/c/[A-Za-z0-9_-]{43}$`));
    expect((await owner.get(`/api/team/${rosa.id}/schedule-link`)).body.link).toBe(link);
    const token = link.split('/').pop()!;

    const cleaner = new Browser(api.baseUrl);
    const schedule = await cleaner.get(`/api/public/schedule?token=${token}`);
    expect(schedule.status).toBe(200);
    expect(schedule.body.member).toEqual({ name: 'Rosa Diaz' });
    expect(
      schedule.body.runs.map((run: { id: string; link: string; timezone: string }) => [run.id, run.link, run.timezone]),
    ).toEqual([
      [tomorrow.id, tomorrow.magic_link, 'Europe/Lisbon'],
      [later.id, later.magic_link, 'Europe/Lisbon'],
    ]);
    // Each run's link opens it in the runner.
    expect((await cleaner.get(`/api/public/run?token=${tomorrow.magic_link.split('/').pop()}`)).status).toBe(200);

    const feed = await fetch(`${api.baseUrl}/api/public/schedule.ics?token=${token}`);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const events = new ICAL.Component(ICAL.parse(await feed.text()))
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component));
    expect(events.map((event) => [event.uid, event.summary, event.location])).toEqual([
      [`run-${tomorrow.id}@turnproof`, `${template.name}: Harbour Loft`, '1 Pier St'],
      [`run-${later.id}@turnproof`, `${template.name}: Harbour Loft`, '1 Pier St'],
    ]);
    expect(events[0]!.description).toBe(`Checklist: ${tomorrow.magic_link}`);

    // Another owner cannot touch Rosa's link.
    const stranger = await signedInOwner(api);
    expect((await stranger.post(`/api/team/${rosa.id}/schedule-link`)).status).toBe(404);

    expect((await owner.delete(`/api/team/${rosa.id}/schedule-link`)).status).toBe(200);
    const revoked = await cleaner.get(`/api/public/schedule?token=${token}`);
    expect(revoked.status).toBe(410);
    expect(revoked.body.error).toBe('This schedule link was revoked by the host. Please ask your host for a new link.');
    expect((await fetch(`${api.baseUrl}/api/public/schedule.ics?token=${token}`)).status).toBe(410);
    expect((await cleaner.get('/api/public/schedule?token=not-a-token')).status).toBe(404);
    expect((await cleaner.get('/api/public/schedule')).status).toBe(404);
  }, 60_000);
});
