// Every notice a cleaner gets goes on their channel (issue 25): the calendar's link and cancellation, the
// due reminder and a revision request texted in the cleaner's language; a text Twilio reports failed goes by
// e-mail instead; STOP tells the host. Real API, worker, Temporal, PostgreSQL, SMTP and the local Twilio API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cleaner } from '../runner/cleaner.ts';
import { signedInOwner, uniqueEmail } from '../support/browser.ts';
import { startFeedServer } from '../support/feed-server.ts';
import { propertyWithOneTask, turnoverAt } from '../support/mail-language.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { zoneAbbreviation } from '@turnproof/config/time-format';
import { expectShort, textCleaners, urlIn, zoneAtHour } from '../support/text-cleaners.ts';
import { startTwilioApi, type TwilioApi } from '../support/twilio-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

let twilioApi: TwilioApi;
let api: TestApi;
let worker: WorkerProcess;
let feed: Awaited<ReturnType<typeof startFeedServer>>;
let phones: ReturnType<typeof textCleaners>;

beforeAll(async () => {
  twilioApi = await startTwilioApi();
  api = await startTestApi({
    // The feed lives on 127.0.0.1, which production refuses.
    env: { ...twilioApi.env, CALENDAR_ALLOW_PRIVATE_ADDRESSES: 'true' },
    runDurations: { reminderBeforeDueMs: 4_000, linkReadableAfterCompletionMs: 60_000 },
    calendarDurations: { pollIntervalMs: 60 * 60_000, defaultTurnaroundMs: 24 * 3_600_000 },
  });
  worker = await startWorkerProcess(api);
  feed = await startFeedServer();
  phones = textCleaners(api, twilioApi);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await feed?.close();
  await api?.close();
  await twilioApi?.close();
});

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

async function proOwner() {
  const owner = await signedInOwner(api);
  await ownerRecords(api).grantPlan(owner.userId, 'pro');
  return owner;
}

const timelineOf = async (owner: Owner, runId: string) =>
  (await owner.get(`/api/runs/${runId}/timeline`)).body as { kind: string; code: string | null; detail: string }[];

/** The text of a notice about a run, by what it tells (two notices may say the same words). */
async function noticeText(runId: string, notice: string, timeout = 30_000) {
  let sid: string | undefined;
  await expect
    .poll(
      async () => {
        const rows = await api.orm.em
          .getConnection()
          .execute<{ twilio_sid: string | null }[]>(
            `select twilio_sid from text_messages where run_id = ? and notice = ? and twilio_sid is not null`,
            [runId, notice],
          );
        return (sid = rows[0]?.twilio_sid ?? undefined);
      },
      { timeout },
    )
    .toBeDefined();
  return twilioApi.received.find((text) => text.sid === sid)!;
}

/** Words of English texts that Spanish ones never use; links are left out. */
const ENGLISH = /\b(the|you|your|is|was|due|at|link|assigned|canceled|revision|reply|accept)\b/i;
const spanish = (body: string) => body.replace(/https?:\/\/\S+/g, '');

async function waitForStatus(owner: Owner, runId: string, status: string) {
  await expect.poll(async () => (await owner.get(`/api/runs/${runId}`)).body.status, { timeout: 60_000 }).toBe(status);
}

describe('every notice on the cleaner’s channel', () => {
  it('texts a Spanish phone-only cleaner the schedule link on joining, the calendar’s link, move and cancellation, the due reminder and a revision request, each short and in Spanish', async () => {
    const owner = await proOwner();
    const phone = phones.nextNumber();
    const lucia = await phones.textedMember(owner, { name: 'Lucía Ortega', phone, notify_by: 'sms', language: 'es' });

    // Invited by text, she gets her schedule link by text on joining.
    const joined = await phones.nextText(phone, /^Te uniste al equipo de Test Owner\. /);
    expect(joined.body).toMatch(/ \S+\/c\/\S+$/);
    expect((await fetch(urlIn(joined.body))).status).toBe(200);
    expectShort(joined);

    // The booking calendar makes her runs and cancels one.
    const loft = (await owner.post('/api/properties', { name: 'Casa Gaviota', address: '1 Calle Mayor' })).body;
    // Midday there whenever the test runs: no text waits out the night (quiet hours).
    const zone = zoneAtHour(12);
    const abbreviation = zoneAbbreviation('2027-01-19T10:00:00Z', zone);
    feed.setEvents([
      { uid: 'a@airbnb.com', start: '2027-01-10', end: '2027-01-13' },
      { uid: 'b@airbnb.com', start: '2027-01-16', end: '2027-01-18' },
    ]);
    const saved = await owner.put(`/api/properties/${loft.id}`, {
      timezone: zone,
      check_in_time: '16:00',
      checkout_time: '10:00',
      default_assignee_id: lucia.id,
      calendar_urls: [feed.url],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await owner.post(`/api/properties/${loft.id}/calendar/sync`)).status).toBe(200);
    const runs = (
      (await owner.get(`/api/runs?filter=${encodeURIComponent(JSON.stringify({ property_id: loft.id }))}`)).body as {
        id: string;
        magic_link: string;
        reservation_uid: string;
      }[]
    ).sort((a, b) => a.reservation_uid.localeCompare(b.reservation_uid));
    expect(runs).toHaveLength(2);
    const assigned = await noticeText(runs[1]!.id, 'assigned');
    // Too long for two segments with Spanish accents: spelled in GSM-7, which holds twice as much.
    expect(assigned.body).toBe(
      `Test Owner te ha asignado la rotacion en Casa Gaviota. Hora limite: 19 ene 2027, 10:00 ${abbreviation}. ${runs[1]!.magic_link} Responde 1 para aceptar, 2 para rechazar.`,
    );
    expectShort(assigned);

    // The next guest arrives a day later: the first run's new due time, with the same link.
    feed.setEvents([
      { uid: 'a@airbnb.com', start: '2027-01-10', end: '2027-01-13' },
      { uid: 'b@airbnb.com', start: '2027-01-17', end: '2027-01-18' },
    ]);
    expect((await owner.post(`/api/properties/${loft.id}/calendar/sync`)).body).toMatchObject({ moved: 1 });
    const moved = await noticeText(runs[0]!.id, 'rescheduled');
    expect(moved.body).toBe(
      `La rotacion en Casa Gaviota tiene ahora como hora limite el 17 ene 2027, 16:00 ${abbreviation}: cambio la reserva correspondiente. ${runs[0]!.magic_link}`,
    );
    expectShort(moved);

    feed.setEvents([{ uid: 'a@airbnb.com', start: '2027-01-10', end: '2027-01-13' }]);
    expect((await owner.post(`/api/properties/${loft.id}/calendar/sync`)).body).toMatchObject({ canceled: 1 });
    const canceled = await noticeText(runs[1]!.id, 'canceled');
    expect(canceled.body).toBe(
      `La rotacion en Casa Gaviota con hora limite el 19 ene 2027, 10:00 ${abbreviation} se ha cancelado: se cancelo la reserva correspondiente. Su enlace de la lista de tareas ya no funciona. No hace falta que vayas.`,
    );
    expectShort(canceled);

    // A run of hers due in a few seconds: the due reminder, then her work sent back for revision.
    const place = await propertyWithOneTask(api, owner, 'Casa Gaviota', 'Limpiar el horno');
    const run = await turnoverAt(owner, place, { assignedTo: lucia.id, dueAt: new Date(Date.now() + 9_000) });
    const reminder = await noticeText(run.id, 'due_reminder');
    expect(reminder.to).toBe(phone);
    expect(reminder.body).toMatch(
      /^La rotacion en Casa Gaviota que tienes asignada tiene como hora limite el .+ y aun no ha empezado\. /,
    );
    expect(reminder.body).toContain(run.magic_link);
    expect(spanish(reminder.body)).not.toMatch(ENGLISH);
    expectShort(reminder);

    const cleaner = Cleaner.fromLink(run.magic_link);
    const [task] = (await cleaner.openRun()).body.run.tasks;
    expect((await cleaner.tick(task.id)).status).toBe(200);
    expect((await cleaner.completeWhenAccepted()).status).toBe(200);
    await waitForStatus(owner, run.id, 'completed');
    const revised = await owner.post(`/api/runs/${run.id}/review`, {
      decision: 'revise',
      task_ids: [task.id],
      note: 'Quedan manchas en la puerta.',
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    const revision = await noticeText(run.id, 'revision');
    expect(revision.body).toMatch(/^El anfitri(ó|o)n te ha devuelto una tarea en Casa Gaviota para revisar: /);
    expect(revision.body).toContain(run.magic_link);
    expectShort(revision);
    // Undelivered, and she has no address: the host reads that she could not be reached.
    expect((await phones.report(revision, 'undelivered', '30003')).status).toBe(200);
    await expect
      .poll(async () => (await timelineOf(owner, run.id)).some((entry) => entry.code === 'text_failed_unreachable'), {
        timeout: 30_000,
      })
      .toBe(true);
    // Nothing of it went by e-mail: she has no address.
    expect(api.mailbox.received.filter((mail) => /Casa Gaviota/.test(mail.subject) && mail.to !== owner.email)).toEqual(
      [],
    );
  }, 150_000);

  it('mails the notice once when Twilio reports the text undelivered, and the run says so; without an address, that the cleaner could not be reached', async () => {
    const owner = await proOwner();
    const email = uniqueEmail('rosa');
    const rosa = await phones.textedMember(owner, {
      name: 'Rosa Diaz',
      phone: phones.nextNumber(),
      notify_by: 'sms',
      email,
    });
    const place = await propertyWithOneTask(api, owner, 'Harbour Loft', 'Clean the oven');
    const run = await turnoverAt(owner, place, { assignedTo: rosa.id, dueAt: new Date(Date.now() + 3_600_000) });
    const text = await phones.nextText(rosa.phone, /Harbour Loft/);

    expect((await phones.report(text, 'sent')).status).toBe(200);
    expect((await phones.report(text, 'undelivered', '30003')).status).toBe(200);
    const mail = await api.mailbox.latest(email, /^New turnover at Harbour Loft$/, 30_000);
    expect(mail.text).toContain(run.magic_link);
    await expect
      .poll(
        async () => (await timelineOf(owner, run.id)).find((entry) => entry.code === 'text_failed_mailed')?.detail,
        {
          timeout: 30_000,
        },
      )
      .toBe('The text to Rosa Diaz was not delivered, so it went by e-mail.');
    // A repeated report changes nothing: one mail.
    expect((await phones.report(text, 'failed', '30003')).status).toBe(200);
    // Had it started a second fallback, that mail would be in within a few seconds.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(api.mailbox.received.filter((m) => m.to === email && /^New turnover/.test(m.subject))).toHaveLength(1);

    const tom = await phones.textedMember(owner, { name: 'Tom Reyes', phone: phones.nextNumber(), notify_by: 'sms' });
    const other = await turnoverAt(owner, place, { assignedTo: tom.id, dueAt: new Date(Date.now() + 3_600_000) });
    const toTom = await phones.nextText(tom.phone, /Harbour Loft/);
    expect((await phones.report(toTom, 'failed', '30005')).status).toBe(200);
    await expect
      .poll(
        async () =>
          (await timelineOf(owner, other.id)).find((entry) => entry.code === 'text_failed_unreachable')?.detail,
        {
          timeout: 30_000,
        },
      )
      .toBe(
        'The text to Tom Reyes was not delivered, and Tom Reyes has no e-mail address, so no e-mail was sent. Tom Reyes could not be reached.',
      );
  }, 120_000);

  it('tells the host by e-mail when a member answers STOP, shows it on the team list, and e-mails the next assignment', async () => {
    const owner = await proOwner();
    const email = uniqueEmail('ines');
    const ines = await phones.textedMember(owner, {
      name: 'Inés Vidal',
      phone: phones.nextNumber(),
      notify_by: 'sms',
      email,
    });

    expect((await phones.reply(ines.phone, 'STOP')).status).toBe(200);
    const hostMail = await api.mailbox.latest(owner.email, /^Inés Vidal stopped texts from Turnproof$/);
    expect(hostMail.text).toContain(
      'Inés Vidal replied STOP to a Turnproof text, so they get no more texts from your team.',
    );
    const member = ((await owner.get('/api/team')).body as { id: string; sms_opted_out_at: string | null }[]).find(
      (record) => record.id === ines.id,
    );
    expect(Date.parse(member?.sms_opted_out_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // A second STOP is no news.
    await phones.reply(ines.phone, 'STOP');

    const texted = phones.textsTo(ines.phone).length;
    const place = await propertyWithOneTask(api, owner, 'Dune House', 'Sweep the deck');
    const run = await turnoverAt(owner, place, { assignedTo: ines.id });
    const assignment = await api.mailbox.latest(email, /^New turnover at Dune House$/);
    expect(assignment.text).toContain(run.magic_link);
    expect(phones.textsTo(ines.phone)).toHaveLength(texted);
    expect(
      api.mailbox.received.filter((mail) => /stopped texts/.test(mail.subject) && mail.to === owner.email),
    ).toHaveLength(1);
  }, 90_000);
});
