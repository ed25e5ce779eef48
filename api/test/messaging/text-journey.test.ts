import { sendTextOnce } from '@turnproof/platform/send-text-once';
import { createTextSender } from '@turnproof/platform/twilio-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { textCleaners, zoneAtHour } from '../support/text-cleaners.ts';
import { startTwilioApi, type TwilioApi } from '../support/twilio-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

// Due in an hour with these margins: only a reply moves the ladder within the test.
const ladder = { perTaskMs: 100, reminderMarginMs: 600_000, handOverMarginMs: 300_000 };
let twilioApi: TwilioApi;
let api: TestApi;
let worker: WorkerProcess;

beforeAll(async () => {
  twilioApi = await startTwilioApi();
  api = await startTestApi({
    env: twilioApi.env,
    runDurations: { reminderBeforeDueMs: 600_000, linkReadableAfterCompletionMs: 60_000, ladder },
  });
  worker = await startWorkerProcess(api);
  phones = textCleaners(api, twilioApi);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await twilioApi?.close();
});

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
let phones: ReturnType<typeof textCleaners>;

async function setup() {
  const owner = await signedInOwner(api);
  await ownerRecords(api).grantPlan(owner.userId, 'pro');
  const ana = {
    ...(await phones.textedMember(owner, { name: 'Ana Lima', phone: phones.nextNumber(), notify_by: 'sms' })),
  };
  const bea = {
    ...(await phones.textedMember(owner, { name: 'Bea Cruz', phone: phones.nextNumber(), notify_by: 'sms' })),
  };
  const property = (
    await owner.post('/api/properties', {
      name: 'Dune House',
      address: '4 Dune Rd',
      // Midday there whenever the test runs: no text waits out the night (quiet hours).
      timezone: zoneAtHour(12),
      backup_assignee_id: bea.id,
    })
  ).body;
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = async (assignee: string) => {
    const created = await owner.post('/api/runs', {
      property_id: property.id,
      template_id: template.id,
      due_at: new Date(Date.now() + 3_600_000).toISOString(),
      assigned_to: assignee,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; magic_link: string };
  };
  return { owner, ana, bea, run };
}

const timelineOf = async (owner: Owner, runId: string) =>
  (await owner.get(`/api/runs/${runId}/timeline`)).body as { kind: string; code: string | null; detail: string }[];

describe('cleaners on their phones', () => {
  it('texts the link on assignment; a signed "1" accepts, a forged one changes nothing', async () => {
    const { owner, ana, run } = await setup();
    const created = await run(ana.id);
    const assigned = await phones.nextText(ana.phone, /Dune House/);
    expect(assigned.body).toContain(created.magic_link);
    expect(assigned.body).toContain('Reply 1 to accept, 2 to decline.');
    expect(assigned.statusCallback).toBe(`${api.config.publicOrigin}/api/messaging/twilio/status`);

    const forged = await phones.reply(ana.phone, '1', 'Zm9yZ2Vk');
    expect(forged.status).toBe(403);
    expect((await timelineOf(owner, created.id)).map((entry) => entry.kind)).not.toContain('accepted');

    const accepted = await phones.reply(ana.phone, 'Yes');
    expect(accepted.text).toContain('<Message>Thanks! You are confirmed for Dune House.');
    const timeline = await timelineOf(owner, created.id);
    expect(timeline.find((entry) => entry.kind === 'link_sent')?.detail).toBe('Link sent to Ana Lima by SMS.');
    expect(timeline.find((entry) => entry.kind === 'accepted')?.detail).toBe('Ana Lima accepted by text.');
  }, 90_000);

  it('passes the run to the backup by text at once when the cleaner answers "2"', async () => {
    const { owner, ana, bea, run } = await setup();
    const created = await run(ana.id);
    await phones.nextText(ana.phone, /Dune House/);
    const declined = await phones.reply(ana.phone, '2');
    expect(declined.text).toContain('will find someone else for Dune House.');
    // The ladder's next step is half an hour away: only the decline brings the offer now.
    const offer = await phones.nextText(bea.phone, /Dune House/);
    expect(offer.body).toContain('Reply 1 to accept, 2 to decline.');
    expect(offer.body).toContain((await owner.get(`/api/runs/${created.id}`)).body.magic_link);
    expect((await owner.get(`/api/runs/${created.id}`)).body.assigned_to).toBe(bea.id);
    // Ana said no herself: no "passed to" text for her.
    expect(phones.textsTo(ana.phone).filter((text) => /passed|now goes to/.test(text.body))).toHaveLength(0);
    const kinds = (await timelineOf(owner, created.id)).map((entry) => entry.kind);
    expect(kinds).toEqual(expect.arrayContaining(['link_sent', 'declined', 'handed_over']));
    // A late "2" from Ana is about nothing any more.
    expect((await phones.reply(ana.phone, '2')).text).toContain('There is no turnover waiting for your answer.');
  }, 90_000);

  it('stops texting a number that answered STOP: the next assignment says so on the run, START opts back in', async () => {
    const { owner, ana, run } = await setup();
    await run(ana.id);
    await phones.nextText(ana.phone, /Dune House/);
    const stop = await phones.reply(ana.phone, 'STOP');
    expect(stop.status).toBe(200);
    const before = phones.textsTo(ana.phone).length;
    const next = await run(ana.id);
    // No e-mail address either: the host reads why nothing went out.
    const linkSent = (await timelineOf(owner, next.id)).find((entry) => entry.kind === 'link_sent');
    expect(linkSent?.detail).toBe('Link not e-mailed: Ana Lima has no e-mail address, so no e-mail was sent.');
    expect(phones.textsTo(ana.phone)).toHaveLength(before);

    await phones.reply(ana.phone, 'START');
    const third = await run(ana.id);
    await phones.nextText(ana.phone, new RegExp(third.magic_link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  }, 90_000);

  it("texts a WhatsApp cleaner on WhatsApp, both numbers 'whatsapp:'-prefixed", async () => {
    const owner = await signedInOwner(api);
    await ownerRecords(api).grantPlan(owner.userId, 'pro');
    const carla = await phones.textedMember(owner, {
      name: 'Carla Ruiz',
      phone: '+34612345678',
      notify_by: 'whatsapp',
    });
    const invitation = phones.textsTo('whatsapp:+34612345678').at(-1)!;
    expect(invitation.from).toBe('whatsapp:+14155238886');
    expect(carla.name).toBe('Carla Ruiz');
    // The console offers both channels on this server.
    expect((await owner.get('/api/team/channels')).body).toMatchObject({ email: true, sms: true, whatsapp: true });
  }, 60_000);

  it('texts once per key, however often the sending activity is retried', async () => {
    const sender = createTextSender({ ...api.config, ...twilioApi.env })!;
    const owner = await signedInOwner(api);
    const notice = {
      key: `test/${owner.userId}/retried`,
      ownerId: owner.userId,
      runId: null,
      teamMemberId: null,
      notice: 'reminder',
      channel: 'sms' as const,
      to: '+12125550177',
      body: 'Reminder',
      asksReply: false,
      statusCallback: `${api.config.publicOrigin}/api/messaging/twilio/status`,
    };
    expect(await sendTextOnce(api.orm.em.fork(), sender, notice)).toBe('sent');
    expect(await sendTextOnce(api.orm.em.fork(), sender, notice)).toBe('already_sent');
    expect(phones.textsTo('+12125550177')).toHaveLength(1);
  });
});
