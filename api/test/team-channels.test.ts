import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner, uniqueEmail } from './support/browser.ts';
import { ownerRecords } from './support/owner-records.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { acceptedMember } from './support/team-member.ts';

/** Issue 25 point 1: cleaners with a mobile number and no e-mail, their channel and their language. */
let api: TestApi;
let records: ReturnType<typeof ownerRecords>;
beforeAll(async () => {
  api = await startTestApi();
  records = ownerRecords(api);
});
afterAll(() => api.close());

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

interface MemberRecord {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  notify_by: string;
  language: string;
  status: string;
}

async function professionalOwner() {
  const owner = await signedInOwner(api);
  await records.grantPlan(owner.userId, 'pro');
  return owner;
}

async function added(owner: Owner, body: Record<string, unknown>) {
  const answer = await owner.post('/api/team', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as MemberRecord;
}

async function refused(answer: Promise<{ status: number; body: { error?: string } }>, status: number, error: string) {
  const { status: got, body } = await answer;
  expect({ status: got, error: body.error }).toEqual({ status, error });
}

describe('team members with a mobile number', () => {
  it('adds a cleaner with only a phone, normalised to E.164, and lists them', async () => {
    const owner = await professionalOwner();
    const member = await added(owner, { name: 'Ana Lima', phone: '+1 (212) 555-0100', notify_by: 'sms' });
    expect(member).toMatchObject({
      name: 'Ana Lima',
      email: null,
      phone: '+12125550100',
      notify_by: 'sms',
      language: null,
      status: 'invited',
    });
    const list = await owner.get('/api/team');
    expect(list.headers.get('content-range')).toBe('team 0-0/1');
    expect(list.body).toEqual([expect.objectContaining({ id: member.id, phone: '+12125550100', email: null })]);
    expect((await owner.get(`/api/team/${member.id}`)).body).toMatchObject({ phone: '+12125550100' });
    // Nobody to mail an invitation to: the host hears why instead of a silent nothing.
    await refused(
      owner.post(`/api/team/${member.id}/invitation`),
      400,
      'Ana Lima has no e-mail address to send the invitation to.',
    );
    // A second member without e-mail: the unique e-mail rule is for addresses, not for their absence.
    await added(owner, { name: 'Bea', phone: '+44 7911 123456', notify_by: 'whatsapp' });
    expect((await owner.get('/api/team')).headers.get('content-range')).toBe('team 0-1/2');
  });

  it('still adds a member by e-mail only, on e-mail, invited in the host’s language', async () => {
    const owner = await professionalOwner();
    expect((await owner.put('/api/profile', { language: 'es' })).status).toBe(200);
    const email = uniqueEmail('rosa');
    const member = await added(owner, { email, name: 'Rosa' });
    // No language chosen for her: her messages follow her runner's language, else the host's.
    expect(member).toMatchObject({ email, phone: null, notify_by: 'email', language: null });
    expect((await api.mailbox.latest(email, /te ha invitado a su equipo de Turnproof/)).to).toBe(email);
    // Only a phone and no channel named: texts are the only way to reach them.
    expect((await added(owner, { name: 'Luz', phone: '+34 612 34 56 78', language: 'fr' })).notify_by).toBe('sms');
  });

  it('refuses bad numbers, missing contacts and a channel without its address, naming the field', async () => {
    const owner = await professionalOwner();
    const cases: [Record<string, unknown>, string][] = [
      [
        { name: 'Ana', phone: '555-0100' },
        'phone: please enter a mobile number with its country code, such as +1 212 555 0100.',
      ],
      [
        { name: 'Ana', phone: '+1 212 555' },
        'phone: please enter a mobile number with its country code, such as +1 212 555 0100.',
      ],
      [
        { name: 'Ana', phone: 12125550100 },
        'phone: please enter a mobile number with its country code, such as +1 212 555 0100.',
      ],
      [{ name: 'Ana' }, "Please enter the team member's e-mail address or mobile phone number."],
      [{ name: 'Ana', email: '', phone: '' }, "Please enter the team member's e-mail address or mobile phone number."],
      [
        { name: 'Ana', email: uniqueEmail(), notify_by: 'sms' },
        'notify_by: SMS and WhatsApp need a mobile phone number; add one or choose e-mail.',
      ],
      [
        { name: 'Ana', phone: '+12125550100', notify_by: 'email' },
        'notify_by: e-mail needs an e-mail address; add one or choose SMS or WhatsApp.',
      ],
      [{ name: 'Ana', phone: '+12125550100', notify_by: 'pigeon' }, 'notify_by must be email, sms or whatsapp.'],
      [{ name: 'Ana', phone: '+12125550100', language: 'de' }, 'language must be en, es or fr.'],
      [{ phone: '+12125550100' }, "Please enter the team member's name."],
    ];
    for (const [body, error] of cases) await refused(owner.post('/api/team', body), 400, error);
    expect((await owner.get('/api/team')).body).toEqual([]);

    await added(owner, { name: 'Ana', phone: '+1 212 555 0100' });
    // The same number written another way is the same person.
    await refused(
      owner.post('/api/team', { name: 'Ana again', phone: '(+1) 212-555-0100' }),
      409,
      'This person is already on your team.',
    );
  });

  it('edits the phone, channel and language; a member who joined keeps their address or loses it, never swaps it', async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail('sam');
    const member = await acceptedMember(api, owner, { email, name: 'Sam' });
    const edited = await owner.put(`/api/team/${member.id}`, {
      phone: '+33 6 12 34 56 78',
      notify_by: 'whatsapp',
      language: 'fr',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      email,
      phone: '+33612345678',
      notify_by: 'whatsapp',
      language: 'fr',
      status: 'active',
    });
    await refused(
      owner.put(`/api/team/${member.id}`, { email: uniqueEmail('someone-else') }),
      400,
      'email: Sam joined your team with this address; remove the address, or remove Sam and invite the new one.',
    );
    await refused(
      owner.put(`/api/team/${member.id}`, { phone: null }),
      400,
      'notify_by: SMS and WhatsApp need a mobile phone number; add one or choose e-mail.',
    );
    await refused(
      owner.put(`/api/team/${member.id}`, { phone: 'call me' }),
      400,
      'phone: please enter a mobile number with its country code, such as +1 212 555 0100.',
    );
    const withoutEmail = await owner.put(`/api/team/${member.id}`, { email: null });
    expect(withoutEmail.status, JSON.stringify(withoutEmail.body)).toBe(200);
    expect(withoutEmail.body).toMatchObject({ email: null, phone: '+33612345678', status: 'active' });

    // Assigning a run to her mails nothing and tells the host so on the run's timeline.
    const property = await owner.post('/api/properties', { name: 'Gull Cottage', address: '12 Shore Rd' });
    const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
    const run = await owner.post('/api/runs', {
      property_id: property.body.id,
      type: 'turnover',
      template_id: template.id,
      assigned_to: member.id,
    });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    const timeline = (await owner.get(`/api/runs/${run.body.id}/timeline`)).body as { kind: string; detail: string }[];
    expect(timeline.find((entry) => entry.kind === 'link_sent')?.detail).toBe(
      'Link not e-mailed: Sam has no e-mail address, so no e-mail was sent.',
    );
  });

  it('an invited member’s address can change, and the old address’s link then stops working', async () => {
    const owner = await professionalOwner();
    const first = uniqueEmail('typo');
    const member = await added(owner, { email: first, name: 'Kim' });
    const token = new URL(
      /https?:\/\/\S+token=[\w-]+/.exec((await api.mailbox.latest(first, /invited you/)).text)?.[0] ?? '',
    ).searchParams.get('token');
    const second = uniqueEmail('right');
    const changed = await owner.put(`/api/team/${member.id}`, { email: second });
    expect(changed.body).toMatchObject({ email: second, status: 'invited' });
    await refused(
      owner.post('/api/team/invitations/accept', { token }),
      400,
      'This invitation link is invalid or was already used. Ask the host to invite you again.',
    );
  });

  it('says which channels this server can use: e-mail only until texts are set up', async () => {
    const owner = await professionalOwner();
    expect((await owner.get('/api/team/channels')).body).toMatchObject({ email: true, sms: false, whatsapp: false });
  });

  it('never shows or lets another owner change a member with a phone', async () => {
    const owner = await professionalOwner();
    const member = await added(owner, { name: 'Ana', phone: '+12125550100' });
    const other = await professionalOwner();
    expect((await other.get('/api/team')).body).toEqual([]);
    expect((await other.get(`/api/team/${member.id}`)).status).toBe(404);
    expect((await other.put(`/api/team/${member.id}`, { phone: '+12125550199' })).status).toBe(404);
    // The same number on another owner's team is that owner's own member.
    expect((await added(other, { name: 'Ana', phone: '+12125550100' })).phone).toBe('+12125550100');
    expect((await owner.get(`/api/team/${member.id}`)).body).toMatchObject({ phone: '+12125550100' });
  });
});
