import { Property } from '@turnproof/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner, uniqueEmail } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { acceptedMember } from '../support/team-member.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * I-N2: ical.js escapes a line feed in TEXT values but not a bare carriage return, and names could hold one.
 * An owner could so write lines of their own into the cleaner's subscribed .ics (calendar clients that break
 * lines on CR read a second event, a fake summary). Now names lose their control characters when saved, and
 * the .ics strips them again from whatever the database holds.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const INJECTED = '\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:Bonus paid at evil.example\rDTSTART:20270101T000000Z';

/** The feed's lines as a client that breaks on any of CR, LF or CRLF reads them. */
const linesOf = (ics: string) => ics.split(/\r\n|\r|\n/);

describe('I-N2 control characters in names', () => {
  it('are stripped from property, address, checklist, task, member and display names when saved', async () => {
    const owner = await signedInOwner(api);
    const property = await owner.post('/api/properties', {
      name: `Loft${INJECTED}`,
      address: '1 Pier St\r\n\u0085Apt 2',
    });
    expect(property.status, JSON.stringify(property.body)).toBe(201);
    expect(property.body.name).toBe(
      'Loft END:VEVENT BEGIN:VEVENT SUMMARY:Bonus paid at evil.example DTSTART:20270101T000000Z',
    );
    expect(property.body.address).toBe('1 Pier St Apt 2');

    const checklist = await owner.post('/api/checklists', {
      property_id: property.body.id,
      name: 'Deep\rclean\t\u2028',
      type: 'turnover',
    });
    expect(checklist.body.name).toBe('Deep clean');
    const task = await owner.post('/api/tasks', { checklist_id: checklist.body.id, title: '\u0007Beds\r\nmade' });
    expect(task.body.title).toBe('Beds made');
    const renamed = await owner.put(`/api/tasks/${task.body.id}`, { title: 'Towels\rfolded' });
    expect(renamed.body.title).toBe('Towels folded');

    await ownerRecords(api).grantPlan(owner.userId, 'pro');
    const member = await owner.post('/api/team', { email: uniqueEmail('rosa'), name: 'Rosa\rDiaz' });
    expect(member.body.name).toBe('Rosa Diaz');
    await owner.put('/api/profile', { display_name: 'Sam\r\nLee' });
    expect((await owner.get('/api/profile')).body.display_name).toBe('Sam Lee');
    // A name of nothing but control characters is no name.
    expect(
      (await owner.post('/api/checklists', { property_id: property.body.id, name: '\r\r', type: 'turnover' })).body,
    ).toMatchObject({ error: 'Checklist name is required.' });
  });

  it("the cleaner's .ics holds one event per run and no bare CR, even for a name stored before the fix", async () => {
    const owner = await signedInOwner(api);
    await ownerRecords(api).grantPlan(owner.userId, 'pro');
    const rosa = await acceptedMember(api, owner, { email: uniqueEmail('rosa'), name: 'Rosa Diaz' });
    const property = (await owner.post('/api/properties', { name: `Loft${INJECTED}`, address: '1 Pier St' })).body;
    const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
    const newRun = async () =>
      owner.post('/api/runs', {
        property_id: property.id,
        template_id: template.id,
        assigned_to: rosa.id,
        due_at: new Date(Date.now() + 24 * 3_600_000).toISOString(),
      });
    expect((await newRun()).status).toBe(201);
    const link = (await owner.post(`/api/team/${rosa.id}/schedule-link`)).body.link as string;
    const feed = () =>
      fetch(`${api.baseUrl}/api/public/schedule.ics?token=${link.split('/').pop()}`).then((r) => r.text());

    const ics = await feed();
    expect(ics).not.toMatch(/\r(?!\n)/);
    expect(linesOf(ics).filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(linesOf(ics).some((line) => line.startsWith('SUMMARY:Bonus'))).toBe(false);

    // A property named before names were cleaned on input: the feed strips the CR itself.
    await api.orm.em
      .fork()
      .nativeUpdate(Property, { id: property.id }, { name: `Loft${INJECTED}`, address: '1 Pier St\rX' });
    const stored = await feed();
    expect(stored).not.toMatch(/\r(?!\n)/);
    expect(linesOf(stored).filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    // Unfolded (RFC 5545 continues long lines with CRLF and a space): one summary, the name as plain text.
    const summaries = linesOf(stored.replace(/\r\n[ \t]/g, '')).filter((line) => line.startsWith('SUMMARY:'));
    expect(summaries).toEqual([
      expect.stringMatching(
        /Loft END:VEVENT BEGIN:VEVENT SUMMARY:Bonus paid at evil.example DTSTART:20270101T000000Z$/,
      ),
    ]);
  });
});
