import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signedInOwner, uniqueEmail } from './support/browser.ts';
import { linkIn } from './support/mailbox.ts';
import { ownerRecords } from './support/owner-records.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { acceptedMember } from './support/team-member.ts';
import { startWorkerProcess, type WorkerProcess } from './support/worker-process.ts';

let api: TestApi;
let records: ReturnType<typeof ownerRecords>;
// Skipped time: the reminder goes out 15 s before due_at instead of 2 hours.
beforeAll(async () => {
  api = await startTestApi({ runDurations: { reminderBeforeDueMs: 15_000, linkReadableAfterCompletionMs: 60_000 } });
  records = ownerRecords(api);
});
afterAll(() => api.close());

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

async function professionalOwner() {
  const owner = await signedInOwner(api);
  await records.grantPlan(owner.userId, 'pro');
  return owner;
}

async function invite(owner: Owner, body: Record<string, unknown>) {
  const answer = await owner.post('/api/team', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: string; email: string; status: string };
}

async function newRun(owner: Owner, propertyName: string, extra: Record<string, unknown> = {}) {
  const property = await owner.post('/api/properties', { name: propertyName, address: '12 Shore Rd' });
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = await owner.post('/api/runs', {
    property_id: property.body.id,
    type: 'turnover',
    template_id: template.id,
    ...extra,
  });
  expect(run.status, JSON.stringify(run.body)).toBe(201);
  return run.body as { id: string; magic_link: string; assigned_to: string | null };
}

describe('team invitations', () => {
  it('e-mails an invitation link; accepting it makes the member active', async () => {
    const owner = await professionalOwner();
    const cleanerEmail = uniqueEmail('cleaner');
    const member = await invite(owner, { email: cleanerEmail.toUpperCase(), name: 'Rosa Diaz', role: 'Cleaner' });
    expect(member).toMatchObject({ email: cleanerEmail, status: 'invited', role: 'Cleaner', name: 'Rosa Diaz' });

    const mail = await api.mailbox.latest(cleanerEmail, /invited you to their Turnproof team/);
    expect(mail.subject).toBe('Test Owner invited you to their Turnproof team');
    const link = new URL(linkIn(mail));
    const visitor = new Browser(api.baseUrl);
    // Opening the link shows a button; accepting is a POST (security/i-n5-invitation-accept).
    const opened = await visitor.request('GET', `${link.pathname}${link.search}`, undefined, { Accept: 'text/html' });
    expect(opened.status).toBe(200);
    expect(opened.body).toContain('Accept the invitation');
    const accepted = await visitor.post('/api/team/invitations/accept', { token: link.searchParams.get('token') });
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe("You joined Test Owner's team on Turnproof.");
    // The member is handed a schedule link of their own, which opens their schedule.
    const schedule = new URL(accepted.body.schedule_link);
    expect(schedule.pathname).toMatch(/^\/c\/[\w-]{43}$/);
    const token = schedule.pathname.slice('/c/'.length);
    expect((await visitor.get(`/api/public/schedule?token=${token}`)).body.member).toEqual({ name: 'Rosa Diaz' });

    const list = await owner.get('/api/team');
    expect(list.headers.get('content-range')).toBe('team 0-0/1');
    expect(list.body).toEqual([
      expect.objectContaining({ id: member.id, status: 'active', accepted_at: expect.any(String) }),
    ]);
    expect((await visitor.post('/api/team/invitations/accept', { token: 'not-a-real-token' })).status).toBe(400);
  });

  it("the link page's button lands on a page for cleaners with their schedule link, in their language", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail('lucia');
    await invite(owner, { email, name: 'Lucía Pérez' });
    const token = new URL(linkIn(await api.mailbox.latest(email, /invited you/))).searchParams.get('token') ?? '';
    const press = (language: string) =>
      fetch(`${api.baseUrl}/api/team/invitations/accept`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'text/html',
          'Accept-Language': language,
          Origin: api.baseUrl,
        },
        body: new URLSearchParams({ token }).toString(),
      });
    const pressed = await press('es-MX,es;q=0.9');
    expect(pressed.status).toBe(303);
    const welcomeUrl = `${api.baseUrl}${pressed.headers.get('location')}`;
    const open = (language: string) => fetch(welcomeUrl, { headers: { 'Accept-Language': language } });
    const spanish = await open('es-MX,es;q=0.9');
    expect(spanish.status).toBe(200);
    expect(spanish.headers.get('referrer-policy')).toBe('no-referrer');
    const page = await spanish.text();
    expect(page).toContain('<html lang="es">');
    expect(page).toContain('Te uniste al equipo de Test Owner');
    expect(page).toContain('Qué es Turnproof');
    expect(page).not.toMatch(/Sign In|password:/i);
    const scheduleLink = /href="([^"]+\/c\/[^"]+)"/.exec(page)?.[1] ?? '';
    expect(scheduleLink).toMatch(new RegExp(`^${api.baseUrl}/c/[\\w-]{43}$`));
    // The same page again (a reload), in English for an English browser.
    expect(await (await open('en-US')).text()).toContain('You joined Test Owner&#39;s team'); // as HTML escapes it

    // Pressing the spent button again says so on a page, not in JSON.
    const again = await press('en');
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This invitation link is invalid or was already used.');

    // The welcome page works as long as the schedule link does.
    const member = (await owner.get('/api/team')).body[0] as { id: string };
    expect((await owner.delete(`/api/team/${member.id}/schedule-link`)).status).toBe(200);
    const revoked = await open('en');
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain('This schedule link was revoked by the host.');
  });

  it('links the member to an existing Turnproof account with the same e-mail', async () => {
    const owner = await professionalOwner();
    const coHost = await signedInOwner(api);
    await invite(owner, { email: coHost.email, role: 'Co-host' });
    const link = new URL(linkIn(await api.mailbox.latest(coHost.email, /invited you/)));
    const token = link.searchParams.get('token');
    expect((await coHost.post('/api/team/invitations/accept', { token })).status).toBe(200);
    const [row] = await api.orm.em
      .getConnection()
      .execute<{ account_id: string }[]>('select account_id from team_members where owner_id = ? and email = ?', [
        owner.userId,
        coHost.email,
      ]);
    expect(row?.account_id).toBe(coHost.userId);
  });

  it('refuses bad input, duplicates, the owner’s own address and plans without team management', async () => {
    const owner = await professionalOwner();
    const cases: [unknown, string][] = [
      [{}, "Please enter the team member's e-mail address or mobile phone number."],
      [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
      [{ email: uniqueEmail(), role: 'Boss' }, 'Role must be Cleaner or Co-host.'],
      [{ email: owner.email }, 'You are the owner of this team; invite a cleaner or co-host by their e-mail.'],
    ];
    for (const [body, error] of cases) {
      const answer = await owner.post('/api/team', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(error);
    }
    const email = uniqueEmail('twice');
    await invite(owner, { email });
    const again = await owner.post('/api/team', { email });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This person is already on your team.');

    const starter = await signedInOwner(api);
    await records.endTrial(starter.userId);
    const refused = await starter.post('/api/team', { email: uniqueEmail() });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Upgrade to Pro to add team members');
  });

  it('refuses a member past the professional plan’s 25 with the limit sentence', async () => {
    const owner = await professionalOwner();
    await api.orm.em.getConnection().execute(
      `insert into team_members (id, owner_id, name, email, role, created_at)
       select gen_random_uuid(), ?, 'Member ' || n, 'member-' || n || '-' || ? || '@example.test', 'Cleaner', now()
         from generate_series(1, 25) as n`,
      [owner.userId, owner.userId],
    );
    const refused = await owner.post('/api/team', { email: uniqueEmail('one-too-many') });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("You've reached your limit of 25 team members. Upgrade for more.");
    expect((await owner.get('/api/team')).headers.get('content-range')).toBe('team 0-24/25');
  });

  it('never shows or lets another owner touch a team member', async () => {
    const owner = await professionalOwner();
    const member = await invite(owner, { email: uniqueEmail('mine') });
    const other = await professionalOwner();
    expect((await other.get('/api/team')).body).toEqual([]);
    expect((await other.get(`/api/team/${member.id}`)).status).toBe(404);
    expect((await other.delete(`/api/team/${member.id}`)).status).toBe(404);
    expect((await other.post(`/api/team/${member.id}/invitation`)).status).toBe(404);
    expect((await other.get('/api/team/not-a-uuid')).status).toBe(404);
    const foreignRun = await newRun(other, 'Other Cove');
    const assign = await other.put(`/api/runs/${foreignRun.id}`, { assigned_to: member.id });
    expect(assign.status).toBe(400);
    expect(assign.body.error).toBe('Team member not found. Choose one of your team members.');
    expect((await owner.get(`/api/team/${member.id}`)).status).toBe(200);
  });
});

describe('runs assigned to a team member', () => {
  it('e-mails the magic link to the assignee; removing the member unassigns the run', async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail('assignee');
    const member = await acceptedMember(api, owner, { email, name: 'Sam' });
    const run = await newRun(owner, 'Gull Cottage');

    const assigned = await owner.put(`/api/runs/${run.id}`, { assigned_to: member.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.assigned_to).toBe(member.id);
    const mail = await api.mailbox.latest(email, /^New turnover at Gull Cottage$/);
    expect(linkIn(mail)).toBe(run.magic_link);
    expect(mail.text).toContain('Test Owner assigned you the turnover at Gull Cottage.');

    expect((await owner.delete(`/api/team/${member.id}`)).status).toBe(200);
    expect((await owner.get(`/api/runs/${run.id}`)).body.assigned_to).toBeNull();
    expect((await owner.get('/api/team')).body).toEqual([]);
  });

  describe('with the worker running', () => {
    let worker: WorkerProcess;
    beforeAll(async () => {
      worker = await startWorkerProcess(api);
    });
    afterAll(() => worker?.stop());

    it('sends the due-time reminder to the assignee as well as the host', async () => {
      const owner = await professionalOwner();
      const email = uniqueEmail('reminded');
      const member = await acceptedMember(api, owner, { email, name: 'Sam' });
      const dueAt = new Date(Date.now() + 20_000);
      const run = await newRun(owner, 'Heron Point', { due_at: dueAt.toISOString(), assigned_to: member.id });
      expect(run.assigned_to).toBe(member.id);
      expect(linkIn(await api.mailbox.latest(email, /^New turnover at Heron Point$/))).toBe(run.magic_link);

      const reminder = await api.mailbox.latest(email, /^Reminder: Heron Point/, 60_000);
      expect(reminder.to).toBe(email);
      expect(reminder.text).toContain('assigned to you is due at');
      expect(reminder.text).toContain('the link in your assignment e-mail');
      // The host gets their own reminder, with the console link.
      expect((await api.mailbox.latest(owner.email, /^Reminder: Heron Point/, 10_000)).text).toContain('/runs/');
      expect(Date.now()).toBeLessThan(dueAt.getTime());
    });
  });
});
