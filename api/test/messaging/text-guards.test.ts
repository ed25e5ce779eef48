import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { formatTime } from '@turnproof/config/time-format';
import { sendTextOnce } from '@turnproof/platform/send-text-once';
import { TEXTS_PER_NUMBER_PER_HOUR } from '@turnproof/platform/text-guards';
import { createTextSender } from '@turnproof/platform/twilio-messages';
import { heldTextsRelease } from '@turnproof/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner, uniqueEmail } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { textCleaners, zoneAtHour } from '../support/text-cleaners.ts';
import { INVALID_NUMBER, startTwilioApi, type TwilioApi } from '../support/twilio-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

const HOUR = 3_600_000;
let twilioApi: TwilioApi;
let api: TestApi;
let worker: WorkerProcess;
let texts: ReturnType<typeof textCleaners>;
/** What the API logged (info and up) while this file ran; the worker's output is its own. */
const apiLog: string[] = [];

beforeAll(async () => {
  twilioApi = await startTwilioApi();
  api = await startTestApi({
    env: twilioApi.env,
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        apiLog.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
  worker = await startWorkerProcess(api, { LOG_LEVEL: 'debug' });
  texts = textCleaners(api, twilioApi, '213');
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await twilioApi?.close();
});

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
interface LoggedText {
  id: string;
  status: string;
  send_at: string | null;
  refusal_code: string | null;
  refusal_params: Record<string, string | number> | null;
}

async function pro() {
  const owner = await signedInOwner(api);
  await ownerRecords(api).grantPlan(owner.userId, 'pro');
  return owner;
}

const member = (owner: Owner, fields: { name: string; phone: string; email?: string }) =>
  texts.textedMember(owner, { ...fields, notify_by: 'sms' });

async function runIn(owner: Owner, timezone: string, assignee: string, dueInMs: number, backup?: string) {
  const property = await owner.post('/api/properties', {
    name: 'Cove House',
    address: '9 Cove Rd',
    timezone,
    ...(backup ? { backup_assignee_id: backup } : {}),
  });
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const created = await owner.post('/api/runs', {
    property_id: property.body.id,
    template_id: template.id,
    due_at: new Date(Date.now() + dueInMs).toISOString(),
    assigned_to: assignee,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; magic_link: string };
}

const messagesOf = async (owner: Owner, runId: string) =>
  (await owner.get(`/api/runs/${runId}/messages`)).body as LoggedText[];
const linkStep = async (owner: Owner, runId: string) =>
  ((await owner.get(`/api/runs/${runId}/timeline`)).body as { kind: string; code: string; params: object }[]).find(
    (entry) => entry.kind === 'link_sent',
  );
const releaseHeldTexts = () =>
  api.temporal.workflow.execute(heldTextsRelease, {
    workflowId: `held-texts-test/${randomUUID()}`,
    taskQueue: api.config.TEMPORAL_TASK_QUEUE,
  });
const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

describe('guard rails on texts', () => {
  it('holds a text at night where the property is until 08:00 there, unless the run is due within 12 hours', async () => {
    const owner = await pro();
    const ana = await member(owner, { name: 'Ana Lima', phone: texts.nextNumber() });
    const night = zoneAtHour(23);

    const tomorrow = await runIn(owner, night, ana.id, 24 * HOUR);
    const [held] = await messagesOf(owner, tomorrow.id);
    expect(held).toMatchObject({ status: 'held' });
    // What the run's message log says: "Held until 8:00 AM GMT+…", the property's time.
    expect(formatTime(held!.send_at!, night, 'en')).toMatch(/^8:00 AM/);
    expect(new Date(held!.send_at!).getTime() - Date.now()).toBeGreaterThan(8 * HOUR);
    expect((await linkStep(owner, tomorrow.id))?.code).toBe('link_text_held');
    expect(texts.textsTo(ana.phone).filter((text) => text.body.includes(tomorrow.magic_link))).toHaveLength(0);

    // Due in two hours: the cleaner needs to know now.
    const soon = await runIn(owner, night, ana.id, 2 * HOUR);
    await texts.nextText(ana.phone, escaped(soon.magic_link));

    // Another run held for Ana goes to Bea during the night: Ana's offer is moot, Bea's is held in turn.
    const bea = await member(owner, { name: 'Bea Cruz', phone: texts.nextNumber() });
    const moved = await runIn(owner, night, ana.id, 24 * HOUR);
    expect((await owner.put(`/api/runs/${moved.id}`, { assigned_to: bea.id })).status).toBe(200);
    const [anasOffer, beasOffer] = await messagesOf(owner, moved.id);
    expect([anasOffer?.status, beasOffer?.status]).toEqual(['held', 'held']);

    // Their time has not come: the release leaves them; once it has, the texts go, but the moot one.
    expect(await releaseHeldTexts()).toEqual({ sent: 0 });
    await api.orm.em
      .getConnection()
      .execute(`update text_messages set send_at = now() where status = 'held' and run_id in (?, ?)`, [
        tomorrow.id,
        moved.id,
      ]);
    expect(await releaseHeldTexts()).toEqual({ sent: 2 });
    await texts.nextText(ana.phone, escaped(tomorrow.magic_link));
    expect((await messagesOf(owner, tomorrow.id))[0]).toMatchObject({ id: held!.id, status: 'queued' });
    expect(await messagesOf(owner, moved.id)).toMatchObject([
      { id: anasOffer!.id, status: 'withdrawn' },
      { id: beasOffer!.id, status: 'queued' },
    ]);
    await texts.nextText(bea.phone, /Cove House/);
    expect(texts.textsTo(ana.phone).filter((text) => text.body.includes(moved.magic_link))).toHaveLength(0);
  }, 90_000);

  it("mails the link when the owner's month of texts is used up, and says so on the run", async () => {
    const owner = await pro();
    const email = uniqueEmail('bea');
    const bea = await member(owner, { name: 'Bea Cruz', phone: texts.nextNumber(), email });
    const { used, allowance } = (await owner.get('/api/team/channels')).body.texts_this_month;
    expect(allowance).toBe(400);
    // The month's other texts, to other numbers.
    await api.orm.em.getConnection().execute(
      `insert into text_messages (owner_id, send_key, notice, channel, to_number, status)
       select ?, 'seeded/' || ? || '/' || g, 'reminder', 'sms', '+15550000000', 'delivered' from generate_series(1, ?) g`,
      [owner.userId, owner.userId, allowance - used],
    );
    expect((await owner.get('/api/team/channels')).body.texts_this_month).toMatchObject({ used: 400, allowance });

    const before = texts.textsTo(bea.phone).length;
    const run = await runIn(owner, zoneAtHour(12), bea.id, 24 * HOUR);
    const mail = await api.mailbox.latest(email, /Cove House/);
    expect(mail.text).toContain(run.magic_link);
    expect(texts.textsTo(bea.phone)).toHaveLength(before);
    const now = new Date();
    const renews = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
    const steps = (await owner.get(`/api/runs/${run.id}/timeline`)).body as { code: string; params: object }[];
    expect(steps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'link_text_allowance_used',
          params: { cleaner: 'Bea Cruz', allowance: 400, renews },
        }),
        expect.objectContaining({ code: 'link_sent' }),
      ]),
    );
    expect((await messagesOf(owner, run.id))[0]).toMatchObject({
      status: 'refused',
      refusal_code: 'text_allowance_used',
      refusal_params: { allowance: 400, renews },
    });
  }, 90_000);

  it(`texts a number at most ${TEXTS_PER_NUMBER_PER_HOUR} times an hour, whoever sends`, async () => {
    const sender = createTextSender({ ...api.config, ...twilioApi.env })!;
    const to = texts.nextNumber();
    const owners = [await signedInOwner(api), await signedInOwner(api)];
    const notice = (index: number) => ({
      key: `test/rate/${to}/${index}`,
      ownerId: owners[index % 2]!.userId,
      runId: null,
      teamMemberId: null,
      notice: 'reminder',
      channel: 'sms' as const,
      to,
      body: `Reminder ${index}`,
      asksReply: false,
      statusCallback: `${api.config.publicOrigin}/api/messaging/twilio/status`,
    });
    for (let index = 0; index < TEXTS_PER_NUMBER_PER_HOUR; index++) {
      expect(await sendTextOnce(api.orm.em.fork(), sender, notice(index))).toBe('sent');
    }
    const refused = await sendTextOnce(api.orm.em.fork(), sender, notice(TEXTS_PER_NUMBER_PER_HOUR));
    expect(refused).toMatchObject({ code: 'text_rate_limited', params: { limit: TEXTS_PER_NUMBER_PER_HOUR } });
    expect(texts.textsTo(to)).toHaveLength(TEXTS_PER_NUMBER_PER_HOUR);
    // A retry of the refused notice is refused again, so its e-mail still goes.
    expect(await sendTextOnce(api.orm.em.fork(), sender, notice(TEXTS_PER_NUMBER_PER_HOUR))).toMatchObject({
      code: 'text_rate_limited',
    });
  });

  it('logs no phone number and no message body along the whole journey', async () => {
    const owner = await pro();
    const ana = await member(owner, { name: 'Ana Lima', phone: texts.nextNumber() });
    const bea = await member(owner, { name: 'Bea Cruz', phone: texts.nextNumber() });
    // Twilio refuses this invitation (error 21211, its message naming the number): no address to mail either.
    const cleo = { role: 'Cleaner', notify_by: 'sms', name: 'Cleo Wu', phone: INVALID_NUMBER };
    expect((await owner.post('/api/team', cleo)).body.code).toBe('invite_text_refused');
    const run = await runIn(owner, zoneAtHour(12), ana.id, HOUR, bea.id);
    const assigned = await texts.nextText(ana.phone, escaped(run.magic_link));
    expect((await texts.report(assigned, 'delivered')).status).toBe(200);
    // The backup's offer fails once at Twilio (the worker's activity retries) and then goes.
    twilioApi.failNext(500);
    expect((await texts.reply(ana.phone, '2')).status).toBe(200);
    const offer = await texts.nextText(bea.phone, /Cove House/, 30_000);

    const logs = [apiLog.join(''), worker.output()];
    // The log lines of these steps are there: the assertions below look at real output.
    expect(logs[0]).toContain('"path":"/api/messaging/twilio/inbound"');
    expect(logs[0]).toContain('"path":"/api/messaging/twilio/status"');
    expect(logs[1]).toMatch(/"status":500.*"msg":"Activity failed"/);
    const numbers = [ana.phone, bea.phone, INVALID_NUMBER];
    const secrets = [
      ...numbers,
      ...numbers.map((number) => number.slice(2)),
      run.magic_link,
      offer.body,
      assigned.body,
      'Reply 1 to accept',
    ];
    for (const log of logs) for (const secret of secrets) expect(log).not.toContain(secret);
  }, 90_000);
});
