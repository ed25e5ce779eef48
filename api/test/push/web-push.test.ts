// Web Push end to end: browsers' subscriptions stored through the API (the runner's by a run's magic link,
// the console's by the host's session), events of the real API and worker pushed to a local push service,
// and each message decrypted there as a browser would (RFC 8291, aes128gcm) to the notification it shows.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@turnproof/config/time-format';
import { PushSubscription } from '@turnproof/db';
import { Cleaner, completeThroughMagicLink } from '../runner/cleaner.ts';
import { signedInOwner, uniqueEmail } from '../support/browser.ts';
import { propertyWithOneTask, turnoverAt } from '../support/mail-language.ts';
import { startPushService, vapidEnv, type PushService } from '../support/push-service.ts';
import { acceptedMember } from '../support/team-member.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startTwilioApi, type TwilioApi } from '../support/twilio-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

let api: TestApi;
let worker: WorkerProcess;
let pushService: PushService;
let twilioApi: TwilioApi;

beforeAll(async () => {
  pushService = await startPushService();
  // Texts too: a cleaner declines by answering one.
  twilioApi = await startTwilioApi();
  api = await startTestApi({ env: { ...vapidEnv(), ...twilioApi.env } });
  worker = await startWorkerProcess(api);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await pushService?.close();
  await twilioApi?.close();
});

/** A host, a cleaner on their team, and a Madrid property with a one-task checklist. */
async function hostWithCleaner() {
  const owner = await signedInOwner(api);
  const member = await acceptedMember(api, owner, { email: uniqueEmail('cleaner'), name: 'Lucía Ortega' });
  const name = `Casa ${randomUUID().slice(0, 6)}`;
  const place = await propertyWithOneTask(api, owner, name, 'Clean the oven');
  return { owner, member, place, name };
}

const subscriptionsAt = (endpoint: string) => api.orm.em.fork().count(PushSubscription, { endpoint });

describe('the cleaner', () => {
  it('allows notifications in the runner and hears of the next job, whose click opens its magic link', async () => {
    const { owner, member, place, name } = await hostWithCleaner();
    const first = await turnoverAt(owner, place, { assignedTo: member.id });
    const browser = pushService.subscribe();
    const cleaner = Cleaner.fromLink(first.magic_link);
    const stored = await cleaner.http.post('/api/public/push/subscriptions', {
      token: cleaner.token,
      subscription: browser.toJSON(),
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);

    const next = await turnoverAt(owner, place, { assignedTo: member.id, dueAt: new Date('2027-01-20T16:00:00Z') });
    const [push] = await pushService.pushes(browser.endpoint);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(browser.read(push!)).toEqual({
      title: `New job: ${name}`,
      body: 'Due Jan 20, 2027, 5:00 PM GMT+1. Tap to open the checklist.',
      url: next.magic_link,
      tag: `run-${next.id}-assigned`,
    });
  });

  it('is refused with a sentence for a key that is no P-256 point, an endpoint off https, or a dead link', async () => {
    const { owner, member, place } = await hostWithCleaner();
    const run = await turnoverAt(owner, place, { assignedTo: member.id });
    const cleaner = Cleaner.fromLink(run.magic_link);
    const good = pushService.subscribe().toJSON();
    const post = (token: string, subscription: unknown) =>
      cleaner.http.post('/api/public/push/subscriptions', { token, subscription });

    const badKey = await post(cleaner.token, { ...good, keys: { ...good.keys, p256dh: 'AAAA' } });
    expect(badKey.status).toBe(400);
    expect(badKey.body.error).toMatch(/p256dh key must be a P-256 public key/);
    const elsewhere = await post(cleaner.token, { ...good, endpoint: 'http://10.0.0.1/push/1' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toMatch(/must be an https URL/);
    expect((await post('not-a-link', good)).status).toBe(404);
    expect(await subscriptionsAt(good.endpoint)).toBe(0);
  });
});

describe('the host', () => {
  it('turns notifications on in the console and hears of a high-severity issue, opening the run at it', async () => {
    const { owner, member, place } = await hostWithCleaner();
    const config = await owner.get('/api/push/config');
    expect(config.body).toEqual({ enabled: true, public_key: api.config.VAPID_PUBLIC_KEY });
    const browser = pushService.subscribe();
    expect((await owner.post('/api/push/subscriptions', browser.toJSON())).status).toBe(201);

    const run = await turnoverAt(owner, place, { assignedTo: member.id });
    const cleaner = Cleaner.fromLink(run.magic_link);
    const issue = await cleaner.http.post('/api/public/issue', {
      token: cleaner.token,
      action_id: randomUUID(),
      severity: 'high',
      description: 'Water leaking under the sink.',
    });
    expect(issue.status, JSON.stringify(issue.body)).toBe(201);
    const [push] = await pushService.pushes(browser.endpoint, 1, 60_000);
    expect(browser.read(push!)).toMatchObject({
      title: expect.stringMatching(/^High-severity issue: Casa /),
      body: 'Water leaking under the sink.',
      url: `${api.baseUrl}/runs/${run.id}/show#issue-${issue.body.alert.id}`,
    });
  });

  it('hears that the cleaner completed a run', async () => {
    const { owner, member, place, name } = await hostWithCleaner();
    const browser = pushService.subscribe();
    expect((await owner.post('/api/push/subscriptions', browser.toJSON())).status).toBe(201);
    const run = await turnoverAt(owner, place, { assignedTo: member.id });
    await completeThroughMagicLink(Cleaner.fromLink(run.magic_link));
    const [push] = await pushService.pushes(browser.endpoint, 1, 60_000);
    expect(browser.read(push!)).toEqual({
      title: `Run completed: ${name}`,
      body: 'The photos and the report are ready to review.',
      url: `${api.baseUrl}/runs/${run.id}/show`,
      tag: `run-${run.id}-completed`,
    });
  });

  it("hears that a run is overdue, with its due time in the property's zone", async () => {
    const { owner, member, place, name } = await hostWithCleaner();
    const browser = pushService.subscribe();
    expect((await owner.post('/api/push/subscriptions', browser.toJSON())).status).toBe(201);
    const dueAt = new Date(Date.now() + 5_000);
    const run = await turnoverAt(owner, place, { assignedTo: member.id, dueAt });
    const [push] = await pushService.pushes(browser.endpoint, 1, 90_000);
    expect(browser.read(push!)).toMatchObject({
      title: `Run overdue: ${name}`,
      body: `Not completed by its due time, ${formatDateTime(dueAt, 'Europe/Madrid')}.`,
      url: `${api.baseUrl}/runs/${run.id}/show`,
    });
  }, 120_000);

  it('hears that the cleaner declined the run by text', async () => {
    const { owner, member, place, name } = await hostWithCleaner();
    const phone = '+12125550142';
    expect((await owner.put(`/api/team/${member.id}`, { phone, notify_by: 'sms' })).status).toBe(200);
    const browser = pushService.subscribe();
    expect((await owner.post('/api/push/subscriptions', browser.toJSON())).status).toBe(201);
    const run = await turnoverAt(owner, place, { assignedTo: member.id, dueAt: new Date(Date.now() + 3_600_000) });
    await expect.poll(() => twilioApi.received.some((text) => text.to === phone)).toBe(true);

    const reply = await twilioApi.postSigned(`${api.config.publicOrigin}/api/messaging/twilio/inbound`, {
      From: phone,
      To: '+15005550006',
      Body: '2',
      AccountSid: twilioApi.accountSid,
    });
    expect(reply.text).toContain('someone else');
    const [push] = await pushService.pushes(browser.endpoint, 1, 60_000);
    expect(browser.read(push!)).toEqual({
      title: `Cleaner declined: ${name}`,
      body: "Lucía Ortega can't do this run. Find someone else.",
      url: `${api.baseUrl}/runs/${run.id}/show`,
      tag: `run-${run.id}-declined`,
    });
  });

  it('tells the backup cleaner of the job a declined run hands them, whose click opens their new link', async () => {
    const { owner, member, place, name } = await hostWithCleaner();
    const backup = await acceptedMember(api, owner, { email: uniqueEmail('backup'), name: 'Rosa Vidal' });
    const phone = '+12125550143';
    expect((await owner.put(`/api/team/${member.id}`, { phone, notify_by: 'sms' })).status).toBe(200);
    expect((await owner.put(`/api/properties/${place.propertyId}`, { backup_assignee_id: backup.id })).status).toBe(
      200,
    );
    // The backup allowed notifications in the runner of an earlier job of theirs.
    const earlier = await turnoverAt(owner, place, { assignedTo: backup.id });
    const browser = pushService.subscribe();
    const runner = Cleaner.fromLink(earlier.magic_link);
    const body = { token: runner.token, subscription: browser.toJSON() };
    expect((await runner.http.post('/api/public/push/subscriptions', body)).status).toBe(201);

    const run = await turnoverAt(owner, place, { assignedTo: member.id, dueAt: new Date(Date.now() + 3_600_000) });
    await expect.poll(() => twilioApi.received.some((text) => text.to === phone)).toBe(true);
    await twilioApi.postSigned(`${api.config.publicOrigin}/api/messaging/twilio/inbound`, {
      From: phone,
      To: '+15005550006',
      Body: '2',
      AccountSid: twilioApi.accountSid,
    });
    const [push] = await pushService.pushes(browser.endpoint, 1, 60_000);
    const handed = browser.read(push!) as { title: string; url: string; tag: string };
    expect(handed).toMatchObject({ title: `New job: ${name}`, tag: `run-${run.id}-assigned` });
    const current = (await owner.get(`/api/runs/${run.id}`)).body as { magic_link: string; assigned_to: string };
    expect(current.assigned_to).toBe(backup.id);
    expect(handed.url).toBe(current.magic_link);
    expect(handed.url).not.toBe(run.magic_link);
  }, 120_000);

  it('turns notifications off: the browser is forgotten', async () => {
    const { owner } = await hostWithCleaner();
    const browser = pushService.subscribe();
    expect((await owner.post('/api/push/subscriptions', browser.toJSON())).status).toBe(201);
    expect(await subscriptionsAt(browser.endpoint)).toBe(1);
    const off = await owner.delete(`/api/push/subscriptions?endpoint=${encodeURIComponent(browser.endpoint)}`);
    expect(off.status).toBe(200);
    expect(await subscriptionsAt(browser.endpoint)).toBe(0);
  });
});

it('drops a subscription the push service answers 410 for, and keeps pushing to the others', async () => {
  const { owner, member, place } = await hostWithCleaner();
  const first = await turnoverAt(owner, place, { assignedTo: member.id });
  const cleaner = Cleaner.fromLink(first.magic_link);
  const [gone, kept] = [pushService.subscribe(), pushService.subscribe()];
  for (const browser of [gone, kept]) {
    const stored = await cleaner.http.post('/api/public/push/subscriptions', {
      token: cleaner.token,
      subscription: browser.toJSON(),
    });
    expect(stored.status).toBe(201);
  }
  pushService.answer(gone.endpoint, 410);

  await turnoverAt(owner, place, { assignedTo: member.id });
  await pushService.pushes(gone.endpoint);
  await pushService.pushes(kept.endpoint);
  expect(await subscriptionsAt(gone.endpoint)).toBe(0);
  expect(await subscriptionsAt(kept.endpoint)).toBe(1);

  await turnoverAt(owner, place, { assignedTo: member.id });
  await pushService.pushes(kept.endpoint, 2);
  await expect(pushService.pushes(gone.endpoint, 2, 1_000)).rejects.toThrow(/1 of 2 pushes/);
});

it('is off without VAPID keys: the config says so, and a subscription is refused with a sentence', async () => {
  const keyless = await startTestApi({ env: { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' } });
  try {
    const owner = await signedInOwner(keyless);
    expect((await owner.get('/api/push/config')).body).toEqual({ enabled: false, public_key: null });
    const refused = await owner.post('/api/push/subscriptions', pushService.subscribe().toJSON());
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      code: 'push_not_configured',
      error: expect.stringMatching(/VAPID_PUBLIC_KEY/),
    });
  } finally {
    await keyless.close();
  }
});
