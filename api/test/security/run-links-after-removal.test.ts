import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cleaner } from '../runner/cleaner.ts';
import { signedInOwner, uniqueEmail } from '../support/browser.ts';
import { linkIn } from '../support/mailbox.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { acceptedMember } from '../support/team-member.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

// Security review N10: the person a run was taken from keeps no working link to it.
const replaced =
  'This link was replaced: the run was passed to someone else, or its cleaner got a new link. Please ask the host.';
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** An owner, an accepted cleaner, and a run assigned to them (its link mailed to them). */
async function assignedRun(cleanerName: string) {
  const owner = await signedInOwner(api);
  await ownerRecords(api).grantPlan(owner.userId, 'pro');
  const email = uniqueEmail(cleanerName);
  const member = await acceptedMember(api, owner, { email, name: cleanerName });
  const property = (await owner.post('/api/properties', { name: 'Gull Cottage', address: '12 Shore Rd' })).body;
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = await owner.post('/api/runs', {
    property_id: property.id,
    template_id: template.id,
    assigned_to: member.id,
    due_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(run.status, JSON.stringify(run.body)).toBe(201);
  const mailed = linkIn(await api.mailbox.latest(email, /^New turnover at Gull Cottage$/));
  return { owner, member, email, run: run.body as { id: string; magic_link: string }, mailed };
}

/** What the old link still does: open the run, and tick a task with it. */
async function attempts(link: string) {
  const cleaner = Cleaner.fromLink(link);
  const opened = await cleaner.openRun();
  const tick = await cleaner.tick('00000000-0000-4000-8000-000000000000');
  return { open: [opened.status, opened.body.error], tick: [tick.status, tick.body.error] };
}

describe('N10: links of a run taken from a cleaner', () => {
  it('stop working when the cleaner is removed from the team (410), while the host’s new link opens the run', async () => {
    const { owner, member, run, mailed } = await assignedRun('bob');
    expect((await Cleaner.fromLink(mailed).openRun()).status).toBe(200);

    expect((await owner.delete(`/api/team/${member.id}`)).status).toBe(200);
    expect(await attempts(mailed)).toEqual({ open: [410, replaced], tick: [410, replaced] });
    const now = (await owner.get(`/api/runs/${run.id}`)).body;
    expect(now).toMatchObject({ assigned_to: null, status: 'pending' });
    expect(now.magic_link).not.toBe(run.magic_link);
    expect((await Cleaner.fromLink(now.magic_link).openRun()).status).toBe(200);
  });

  it('are replaced when the host revokes the schedule link that showed them, and the cleaner gets the new one', async () => {
    const { owner, member, email, run, mailed } = await assignedRun('rosa');
    const schedule = (await owner.post(`/api/team/${member.id}/schedule-link`)).body.link as string;
    const token = schedule.split('/').pop()!;
    expect((await owner.get(`/api/public/schedule?token=${token}`)).body.runs[0].link).toBe(mailed);

    expect((await owner.delete(`/api/team/${member.id}/schedule-link`)).status).toBe(200);
    expect(await attempts(mailed)).toEqual({ open: [410, replaced], tick: [410, replaced] });
    const fresh = (await owner.get(`/api/runs/${run.id}`)).body.magic_link as string;
    expect(fresh).not.toBe(run.magic_link);
    await expect
      .poll(() => api.mailbox.received.filter((m) => m.to === email && /^New turnover/.test(m.subject)).length)
      .toBe(2);
    const again = await api.mailbox.latest(email, /^New turnover at Gull Cottage$/);
    expect(linkIn(again)).toBe(fresh);
    expect((await Cleaner.fromLink(fresh).openRun()).status).toBe(200);
    // A mistyped link is still just unknown.
    expect((await Cleaner.fromLink(`${api.baseUrl}/r/${'x'.repeat(43)}`).openRun()).status).toBe(404);
  });
});
