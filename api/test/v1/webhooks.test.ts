import { createMailer } from '@turnproof/platform/mailer';
import { encryptLink } from '@turnproof/platform/magic-link';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookActivities } from '../../../activities/src/webhook-activities.ts';
import { createApiKey, keyClient } from '../support/api-key-client.ts';
import { signedInOwner } from '../support/browser.ts';
import { randomUUID } from 'node:crypto';
import { Cleaner } from '../runner/cleaner.ts';
import { completedRun } from '../support/completed-run.ts';
import { startFeedServer } from '../support/feed-server.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { signatureVerifies, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

// Retries in seconds instead of 30 s ... 3 days; the receivers live on loopback, so the test switch is on.
const durations = { firstRetryMs: 500, maxRetryIntervalMs: 1_000, giveUpAfterMs: 6_000 };

let api: TestApi;
let worker: WorkerProcess;
let receiver: WebhookReceiver;
let feed: Awaited<ReturnType<typeof startFeedServer>>;
beforeAll(async () => {
  api = await startTestApi({
    env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', CALENDAR_ALLOW_PRIVATE_ADDRESSES: 'true' },
    webhookDurations: durations,
    // Only the test's own syncs run.
    calendarDurations: { pollIntervalMs: 60 * 60_000, defaultTurnaroundMs: 24 * 3_600_000 },
  });
  worker = await startWorkerProcess(api);
  receiver = await startWebhookReceiver();
  feed = await startFeedServer();
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await receiver?.close();
  await feed?.close();
});

/** An owner with a write key, and an endpoint on the receiver for these events, made through /api/v1. */
async function ownerWithEndpoint(events: string[]) {
  const owner = await signedInOwner(api);
  const client = keyClient(api, (await createApiKey(owner, ['read', 'write'])).key);
  const created = await client.post('/api/v1/webhook-endpoints', { url: receiver.url, events });
  expect(created.status).toBe(201);
  return { owner, client, endpoint: created.body as { id: string; secret: string } };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}\n${worker.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const eventsFor = (runId: string, type: string) =>
  receiver.received.filter((delivery) => delivery.event.type === type && delivery.event.data.run?.id === runId);

/** The run's deliveries of this type once `count` have arrived. */
const arrived = (runId: string, type: string, count = 1, timeoutMs?: number) =>
  until(
    `${count} ${type}`,
    async () => {
      const got = eventsFor(runId, type);
      return got.length >= count ? got : undefined;
    },
    timeoutMs,
  );

describe('signed webhooks', () => {
  it('POSTs run.completed and report.ready, signed with the secret shown once, when a cleaner completes a run', async () => {
    const { owner, client, endpoint } = await ownerWithEndpoint(['run.completed', 'report.ready']);
    expect(endpoint.secret).toMatch(/^whsec_[\w-]{43}$/);
    const listed = await client.get('/api/v1/webhook-endpoints');
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: endpoint.id, url: receiver.url, disabled_at: null }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);

    const run = await completedRun(owner, 'Webhook Villa');
    const [completed] = await arrived(run.id, 'run.completed');
    expect(completed!.event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: 'run.completed',
      data: { run: { id: run.id, status: 'completed', property_name: 'Webhook Villa' } },
    });
    expect(Math.abs(completed!.event.created - Date.now() / 1000)).toBeLessThan(120);
    expect(signatureVerifies(endpoint.secret, completed!.signature, completed!.raw)).toBe(true);
    expect(signatureVerifies(`${endpoint.secret}x`, completed!.signature, completed!.raw)).toBe(false);
    // Not subscribed: the run's creation is not sent.
    expect(eventsFor(run.id, 'run.created')).toEqual([]);

    const [ready] = await arrived(run.id, 'report.ready', 1, 120_000);
    expect(ready!.event.data.report).toEqual({
      version: 1,
      download_url: `${api.baseUrl}/api/v1/runs/${run.id}/reports/1/pdf`,
    });
    const pdf = await client.get(new URL(ready!.event.data.report.download_url).pathname);
    expect(pdf.status).toBe(200);

    const deliveries = await client.get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries`);
    expect(deliveries.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event_id: completed!.event.id,
          event_type: 'run.completed',
          status: 'succeeded',
          attempts: 1,
          response_code: 200,
        }),
      ]),
    );
  }, 240_000);

  it('delivers the same event id again after a 500, and once more on Resend', async () => {
    const { owner, client, endpoint } = await ownerWithEndpoint(['run.completed']);
    receiver.answer([500]);
    const run = await completedRun(owner, 'Retry Cottage');
    const attempts = await arrived(run.id, 'run.completed', 2);
    expect(attempts.map((attempt) => attempt.event.id)).toEqual([attempts[0]!.event.id, attempts[0]!.event.id]);
    const delivery = await until('the delivery to succeed', async () => {
      const [row] = (await client.get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.data;
      return row?.status === 'succeeded' ? row : undefined;
    });
    expect(delivery).toMatchObject({ attempts: 2, response_code: 200, last_error: null });

    const resent = await client.post(`/api/v1/webhook-deliveries/${delivery.id}/resend`);
    expect(resent.status).toBe(202);
    const again = await arrived(run.id, 'run.completed', 3);
    expect(again[2]!.event.id).toBe(attempts[0]!.event.id);
    await until('three attempts on the row', async () => {
      const [row] = (await client.get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.data;
      return row?.attempts === 3 && row.status === 'succeeded' ? row : undefined;
    });
  }, 240_000);

  it('sends run.created, run.started, issue.reported, review.revision_requested and review.approved from where they happen', async () => {
    const events = ['run.created', 'run.started', 'issue.reported', 'review.approved', 'review.revision_requested'];
    const { owner, client } = await ownerWithEndpoint(events);
    const property = await client.post('/api/v1/properties', { name: 'Event Manor', address: '5 Signal Way' });
    const checklists = await client.get(`/api/v1/properties/${property.body.id}/checklists`);
    const open = await client.post('/api/v1/runs', {
      property_id: property.body.id,
      checklist_id: checklists.body.data[0].id,
    });
    const [created] = await arrived(open.body.id, 'run.created');
    expect(created!.event.data.run).toMatchObject({ id: open.body.id, status: 'pending' });

    const cleaner = Cleaner.fromLink(open.body.magic_link);
    const issue = await cleaner.http.post('/api/public/issue', {
      token: cleaner.token,
      action_id: randomUUID(),
      severity: 'high',
      description: 'Broken window',
    });
    expect(issue.status).toBe(201);
    const [reported] = await arrived(open.body.id, 'issue.reported');
    expect(reported!.event.data.issue).toMatchObject({
      id: issue.body.alert.id,
      severity: 'high',
      description: 'Broken window',
    });
    // Reporting an issue does not start the run; the first task ticked does.
    const firstTask = (await cleaner.openRun()).body.run.tasks[0].id as string;
    expect((await cleaner.tick(firstTask)).status).toBe(200);
    const [started] = await arrived(open.body.id, 'run.started');
    expect(started!.event.data.run).toMatchObject({
      id: open.body.id,
      status: 'in_progress',
      started_at: expect.any(String),
    });

    const sentBack = await completedRun(owner, 'Event Manor Two');
    const taskId = (await client.get(`/api/v1/runs/${sentBack.id}`)).body.tasks[0].id as string;
    const revise = { decision: 'revise', task_ids: [taskId], note: 'Redo the beds' };
    expect((await owner.post(`/api/runs/${sentBack.id}/review`, revise)).status).toBe(200);
    const [revision] = await arrived(sentBack.id, 'review.revision_requested');
    expect(revision!.event.data.review).toMatchObject({ decision: 'revision_requested', note: 'Redo the beds' });

    const approved = await completedRun(owner, 'Event Manor Three');
    expect((await owner.post(`/api/runs/${approved.id}/review`, { decision: 'approve', score: 5 })).status).toBe(200);
    const [approval] = await arrived(approved.id, 'review.approved');
    expect(approval!.event.data.review).toMatchObject({ decision: 'approved', score: 5 });
    await Promise.all([arrived(sentBack.id, 'run.created'), arrived(approved.id, 'run.created')]);
    // Each once: the events are written in the change's own transaction.
    const ofThisOwner = receiver.received.filter((delivery) =>
      [open.body.id, sentBack.id, approved.id].includes(delivery.event.data.run?.id),
    );
    expect(ofThisOwner.map((delivery) => delivery.event.type).sort()).toEqual(
      [
        'issue.reported',
        'review.approved',
        'review.revision_requested',
        'run.created',
        'run.created',
        'run.created',
        'run.started',
        'run.started',
        'run.started',
      ].sort(),
    );
  }, 180_000);

  it('sends run.created for each turnover a calendar sync makes, and run.canceled when a booking vanishes', async () => {
    const { owner } = await ownerWithEndpoint(['run.created', 'run.canceled']);
    await ownerRecords(api).grantPlan(owner.userId, 'pro');
    const property = (await owner.post('/api/properties', { name: 'Calendar Cabin', address: '4 Lake Road' })).body;
    const stays = [
      { uid: 'stays@airbnb.com', start: '2027-03-10', end: '2027-03-13' },
      { uid: 'gone@airbnb.com', start: '2027-03-13', end: '2027-03-16' },
    ];
    feed.setEvents(stays);
    expect((await owner.put(`/api/properties/${property.id}`, { calendar_urls: [feed.url] })).status).toBe(200);
    const sync = () => owner.post(`/api/properties/${property.id}/calendar/sync`);
    expect((await sync()).status).toBe(200);
    const runs = (
      await owner.get(`/api/runs?filter=${encodeURIComponent(JSON.stringify({ property_id: property.id }))}`)
    ).body as { id: string; reservation_uid: string }[];
    const gone = runs.find((run) => run.reservation_uid === 'gone@airbnb.com')!;
    expect(runs).toHaveLength(2);
    for (const run of runs) {
      const [created] = await arrived(run.id, 'run.created');
      expect(created!.event.data.run).toMatchObject({ id: run.id, status: 'pending', property_name: 'Calendar Cabin' });
    }
    feed.setEvents(stays.slice(0, 1));
    expect((await sync()).status).toBe(200);
    const [canceled] = await arrived(gone.id, 'run.canceled');
    expect(canceled!.event.data.run).toMatchObject({
      id: gone.id,
      status: 'canceled',
      property_name: 'Calendar Cabin',
    });
    expect(receiver.received.filter((delivery) => delivery.event.type === 'run.canceled')).toHaveLength(1);
  }, 120_000);

  it('disables an endpoint that fails for the whole retry window and mails its owner once', async () => {
    const { owner, client, endpoint } = await ownerWithEndpoint(['run.created']);
    receiver.answer(Array.from({ length: 50 }, () => 500));
    const property = await client.post('/api/v1/properties', { name: 'Gone Dark Loft', address: '3 Quiet Lane' });
    const checklists = await client.get(`/api/v1/properties/${property.body.id}/checklists`);
    const run = await client.post('/api/v1/runs', {
      property_id: property.body.id,
      checklist_id: checklists.body.data[0].id,
    });
    expect(run.status).toBe(201);
    const mail = await api.mailbox.latest(owner.email, /Webhook endpoint disabled/, 60_000);
    // Mails show a typed URL defanged (http[:]//...), so it is not a link.
    expect(mail.text).toContain('/hooks/turnproof failed every delivery');
    receiver.answer([]);
    const [listed] = (await client.get('/api/v1/webhook-endpoints')).body.data;
    expect(listed.disabled_at).not.toBeNull();
    const [delivery] = (await client.get(`/api/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.data;
    expect(delivery).toMatchObject({ status: 'failed', response_code: 500 });
    expect(delivery.attempts).toBeGreaterThan(1);
    expect((await client.post(`/api/v1/webhook-deliveries/${delivery.id}/resend`)).status).toBe(409);
    expect(api.mailbox.received.filter((m) => m.to.includes(owner.email) && /Webhook/.test(m.subject))).toHaveLength(1);
  }, 120_000);
});

describe('the SSRF guard without WEBHOOK_ALLOW_PRIVATE_ADDRESSES', () => {
  it('refuses loopback and private URLs at registration with a 400 naming url', async () => {
    const guarded = await startTestApi();
    try {
      const owner = await signedInOwner(guarded);
      const client = keyClient(guarded, (await createApiKey(owner, ['read', 'write'])).key);
      for (const url of [receiver.url, 'http://10.1.2.3/hook', 'http://[::1]/hook', 'http://169.254.169.254/']) {
        const refused = await client.post('/api/v1/webhook-endpoints', { url, events: ['run.completed'] });
        expect(refused.status, url).toBe(400);
        expect(refused.body).toMatchObject({ code: 'invalid_field', params: { field: 'url' } });
      }
      const console = await owner.post('/api/webhook-endpoints', {
        url: 'http://localhost/x',
        events: ['run.created'],
      });
      expect(console.status).toBe(400);
      expect((await client.get('/api/v1/webhook-endpoints')).body.data).toEqual([]);
    } finally {
      await guarded.close();
    }
  });

  it('refuses a delivery to an address that became private after registration, and reaches nothing', async () => {
    const owner = await signedInOwner(api);
    const connection = api.orm.em.getConnection();
    const [endpoint] = await connection.execute<{ id: string }[]>(
      `insert into webhook_endpoints (owner_id, url, events, secret_encrypted, secret_prefix)
       values (?, ?, '["run.created"]', ?, 'whsec_test') returning id`,
      [owner.userId, receiver.url, encryptLink(api.config.SECRET_KEY, 'whsec_test')],
    );
    await connection.execute(
      `insert into webhook_events (id, owner_id, type, payload) values ('evt_guarded', ?, 'run.created', '{}')`,
      [owner.userId],
    );
    const [delivery] = await connection.execute<{ id: string }[]>(
      `insert into webhook_deliveries (event_id, endpoint_id) values ('evt_guarded', ?) returning id`,
      [endpoint!.id],
    );
    const before = receiver.received.length;
    const activities = createWebhookActivities({
      orm: api.orm,
      mailer: createMailer(api.config),
      publicOrigin: api.config.publicOrigin,
      secretKey: api.config.SECRET_KEY,
      allowPrivateWebhookAddresses: false,
    });
    await expect(activities.deliverWebhook(delivery!.id)).rejects.toThrow(/private network address/);
    expect(receiver.received.length).toBe(before);
    const [row] = await connection.execute<{ status: string; attempts: number; last_error: string }[]>(
      `select status, attempts, last_error from webhook_deliveries where id = ?`,
      [delivery!.id],
    );
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/private/) });
  });
});
