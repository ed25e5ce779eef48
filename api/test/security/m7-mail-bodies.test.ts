import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner, uniqueEmail } from '../support/browser.ts';
import { hrefsIn, htmlReading } from '../support/mailbox.ts';
import { acceptedMember } from '../support/team-member.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * M7: what an owner types went unfiltered into the bodies of mails sent from our address (subjects were
 * cleaned), and a run could be assigned to any address the owner typed, whose owner never agreed to anything.
 * Now a link-like text in a mail body is defanged (readable, never clickable: only our own links are), and a
 * run, a property's default cleaner or its backup can only be a member who accepted the invitation.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const template = async (owner: Awaited<ReturnType<typeof signedInOwner>>) =>
  (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0] as { id: string };

describe('M7 owner text in mail bodies', () => {
  it('a link in the display name, property name or notes reaches the cleaner escaped and not clickable', async () => {
    const owner = await signedInOwner(api);
    const email = uniqueEmail('rosa');
    const rosa = await acceptedMember(api, owner, { email, name: 'Rosa Diaz' });
    await owner.put('/api/profile', {
      display_name: 'Security team <a href="https://evil.example/login">verify your account</a>',
    });
    const property = await owner.post('/api/properties', {
      name: 'Pay the deposit at http://evil.example/pay',
      address: '3 Pier Ave',
      notes: 'New door codes at www.evil.example or evil.example/codes',
    });
    const run = await owner.post('/api/runs', {
      property_id: property.body.id,
      type: 'turnover',
      template_id: (await template(owner)).id,
      assigned_to: rosa.id,
    });
    expect(run.status, JSON.stringify(run.body)).toBe(201);

    const mail = await api.mailbox.latest(email, /^New turnover/);
    // The one link of the mail is the run's own; the owner's markup is text, not an element.
    expect(hrefsIn(mail)).toEqual([run.body.magic_link]);
    expect(mail.html).not.toContain('<a href="https://evil.example');
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toMatch(/https?:\/\/evil|www\.evil|evil\.example/);
    }
    expect(htmlReading(mail)).toContain(
      'Security team <a href="https[:]//evil[.]example/login">verify your account</a> assigned you the turnover at Pay the deposit at http[:]//evil[.]example/pay[.]',
    );
    expect(mail.text).toContain('New door codes at www[.]evil[.]example or evil[.]example/codes');
  });
});

describe('M7 runs only for members who accepted', () => {
  it('refuses a run, a default cleaner and a backup who never accepted, naming the field; nothing is mailed to them', async () => {
    const owner = await signedInOwner(api);
    const victim = uniqueEmail('victim');
    const invited = (await owner.post('/api/team', { email: victim, name: 'Vic Tim' })).body as { id: string };
    const refusal = (field: string) =>
      `${field}: Vic Tim has not accepted the invitation to your team yet. Runs can go only to members who joined.`;
    const property = (await owner.post('/api/properties', { name: 'Harbor Loft', address: '3 Pier Ave' })).body;
    const runBody = { property_id: property.id, type: 'turnover', template_id: (await template(owner)).id };

    const created = await owner.post('/api/runs', { ...runBody, assigned_to: invited.id });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ error: refusal('assigned_to') });

    const run = (await owner.post('/api/runs', runBody)).body as { id: string };
    const reassigned = await owner.put(`/api/runs/${run.id}`, { assigned_to: invited.id });
    expect(reassigned.status).toBe(400);
    expect(reassigned.body).toMatchObject({ error: refusal('assigned_to') });
    expect((await owner.get(`/api/runs/${run.id}`)).body.assigned_to).toBeNull();

    for (const field of ['default_assignee_id', 'backup_assignee_id']) {
      const saved = await owner.put(`/api/properties/${property.id}`, { [field]: invited.id });
      expect(saved.status).toBe(400);
      expect(saved.body).toMatchObject({ error: refusal(field) });
      const made = await owner.post('/api/properties', {
        name: 'Gull Cottage',
        address: '1 Shore Rd',
        [field]: invited.id,
      });
      expect(made.status).toBe(400);
      expect(made.body).toMatchObject({ error: refusal(field) });
    }

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const mails = api.mailbox.received.filter((mail) => mail.to.includes(victim)).map((mail) => mail.subject);
    expect(mails).toEqual([expect.stringMatching(/invited you to their Turnproof team$/)]);
  });
});
