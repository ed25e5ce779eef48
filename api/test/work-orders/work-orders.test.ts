import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cleaner, cameraPhoto } from '../runner/cleaner.ts';
import { createApiKey, keyClient } from '../support/api-key-client.ts';
import { Browser, signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/** Work orders end to end over HTTP: from an issue to a vendor's link, completion, approval and revocation. */

let api: TestApi;
beforeAll(async () => {
  // The webhook endpoint of the test listens on 127.0.0.1 (nothing is delivered here: no worker runs).
  api = await startTestApi({ env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' } });
});
afterAll(() => api.close());

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** A run at a new property whose cleaner reported a broken fan with a photo. */
async function reportedFan(owner: Owner) {
  const property = (
    await owner.post('/api/properties', { name: 'Heron House', address: '4 Marsh Lane', timezone: 'America/Chicago' })
  ).body;
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = (await owner.post('/api/runs', { property_id: property.id, type: 'turnover', template_id: template.id }))
    .body;
  const cleaner = Cleaner.fromLink(run.magic_link);
  const task = (await cleaner.openRun()).body.run.tasks[0];
  const stored = await cleaner.storePhoto(task.id, await cameraPhoto('fan'));
  const reported = await cleaner.http.post('/api/public/issue', {
    token: cleaner.token,
    action_id: randomUUID(),
    runTaskId: task.id,
    severity: 'medium',
    description: 'Ceiling fan in the bedroom does not turn',
    media: [stored.reserved.body.path],
  });
  expect(reported.status).toBe(201);
  const [issue] = (await owner.get(`/api/runs/${run.id}/issues`)).body;
  return { property, run, issue };
}

/** The vendor: no account, only the link's token. */
function vendorOf(link: string) {
  const token = new URL(link).pathname.split('/')[2]!;
  const http = new Browser(new URL(link).origin);
  return {
    token,
    http,
    view: () => http.get(`/api/public/work-order?token=${encodeURIComponent(token)}`),
    complete: (fields: Record<string, unknown>) => http.post('/api/public/work-order/complete', { token, ...fields }),
    async photo(bytes: Buffer) {
      const response = await fetch(`${http.baseUrl}/api/public/work-order/photo?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'image/jpeg' },
        body: new Uint8Array(bytes),
      });
      return { status: response.status, body: await response.json() };
    },
  };
}

describe('work orders', () => {
  it('turns an issue into a work order whose vendor completes it once through the link, and the host approves', async () => {
    const owner = await signedInOwner(api);
    const { property, run, issue } = await reportedFan(owner);
    const vendorEmail = `fixit-${randomUUID().slice(0, 8)}@example.test`;
    const endpoint = await owner.post('/api/webhook-endpoints', {
      url: 'http://127.0.0.1:9/hooks',
      events: ['work_order.created', 'work_order.completed', 'work_order.approved'],
    });
    expect(endpoint.status).toBe(201);

    const created = await owner.post('/api/work-orders', {
      property_id: property.id,
      issue_id: issue.id,
      title: 'Fix the bedroom ceiling fan',
      description: 'Check the wiring and the pull switch.',
      vendor_name: 'Fix-It Fred',
      vendor_email: vendorEmail,
      due_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      cost_limit_cents: 20_000,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'open',
      issue_id: issue.id,
      cost_cents: null,
      awaiting_approval: false,
    });
    expect(created.body.vendor_link).toMatch(new RegExp(`^${api.baseUrl}/w/[A-Za-z0-9_-]{43}$`));

    // The vendor gets the link by mail.
    const mail = await api.mailbox.latest(vendorEmail, /Work order: Fix the bedroom ceiling fan at Heron House/);
    expect(mail.text).toContain(created.body.vendor_link);

    // The link works without an account: the vendor sees the property, the issue and its photo.
    const vendor = vendorOf(created.body.vendor_link);
    const seen = await vendor.view();
    expect(seen.status).toBe(200);
    expect(seen.body.work_order).toMatchObject({
      title: 'Fix the bedroom ceiling fan',
      status: 'in_progress',
      property: { name: 'Heron House', address: '4 Marsh Lane' },
      issue: { description: 'Ceiling fan in the bedroom does not turn' },
    });
    expect(seen.body.work_order.issue.photos).toHaveLength(1);
    const issuePhoto = await fetch(seen.body.work_order.issue.photos[0].thumbnail_url);
    expect(issuePhoto.status).toBe(200);
    const page = await fetch(created.body.vendor_link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Fix the bedroom ceiling fan');

    const photo = await vendor.photo(await cameraPhoto('fixed fan'));
    expect(photo.status).toBe(201);

    // The same completion sent twice (a retried tap) is applied once; a new action after it is refused.
    const actionId = randomUUID();
    const first = await vendor.complete({ action_id: actionId, note: 'Replaced the switch', cost_cents: 8_500 });
    const again = await vendor.complete({ action_id: actionId, note: 'Replaced the switch', cost_cents: 8_500 });
    expect(first).toMatchObject({ status: 200, body: { status: 'done', cost_cents: 8_500, awaiting_approval: false } });
    expect(again).toMatchObject({ status: 200, body: first.body });
    const other = await vendor.complete({ action_id: randomUUID(), note: 'again', cost_cents: 1 });
    expect(other.status).toBe(409);

    const done = await owner.get(`/api/work-orders/${created.body.id}`);
    expect(done.body).toMatchObject({ status: 'done', cost_cents: 8_500, completion_note: 'Replaced the switch' });
    expect(done.body.photos).toHaveLength(1);
    expect((await fetch(done.body.photos[0].thumbnail_url)).status).toBe(200);
    await api.mailbox.latest(owner.email, /Work order done: Fix the bedroom ceiling fan/);

    const approved = await owner.post(`/api/work-orders/${created.body.id}/approve`);
    expect(approved).toMatchObject({ status: 200, body: { status: 'approved' } });
    expect((await owner.post(`/api/work-orders/${created.body.id}/approve`)).status).toBe(409);
    const listed = await owner.get(
      `/api/work-orders?filter=${encodeURIComponent(JSON.stringify({ issue_id: issue.id }))}`,
    );
    expect(listed.headers.get('content-range')).toBe('work-orders 0-0/1');
    expect(listed.body[0]).toMatchObject({ id: created.body.id, status: 'approved', cost_cents: 8_500 });

    // Each change was announced to the owner's webhooks, and /api/v1 reads the work order.
    const events = await api.orm.em
      .getConnection()
      .execute<{ type: string; payload: { work_order: { id: string; status: string } } }[]>(
        `select type, payload from webhook_events where owner_id = ? order by created_at`,
        [owner.userId],
      );
    expect(events.map((event) => [event.type, event.payload.work_order.status])).toEqual([
      ['work_order.created', 'open'],
      ['work_order.completed', 'done'],
      ['work_order.approved', 'approved'],
    ]);
    const integration = keyClient(api, (await createApiKey(owner, ['read'])).key);
    const v1List = await integration.get(`/api/v1/work-orders?property_id=${property.id}`);
    expect(v1List.body.data).toEqual([
      expect.objectContaining({ id: created.body.id, status: 'approved', cost_cents: 8_500 }),
    ]);
    expect(v1List.body.data[0].vendor_link).toBeUndefined();
    const v1One = await integration.get(`/api/v1/work-orders/${created.body.id}`);
    expect(v1One.body).toMatchObject({ status: 'approved', cost_cents: 8_500 });

    // The next turnover's cleaner sees the repair as fixed; the run where the issue was reported does not list it.
    const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
    const next = (
      await owner.post('/api/runs', { property_id: property.id, type: 'turnover', template_id: template.id })
    ).body;
    const nextRun = (await Cleaner.fromLink(next.magic_link).openRun()).body.run;
    expect(nextRun.fixed_work_orders).toEqual([{ id: created.body.id, title: 'Fix the bedroom ceiling fan' }]);
    const reportedIn = (await Cleaner.fromLink(run.magic_link).openRun()).body.run;
    expect(reportedIn.fixed_work_orders).toEqual([]);
  });

  it('holds a cost over the limit for the owner, who may send it back with a note', async () => {
    const owner = await signedInOwner(api);
    const { property } = await reportedFan(owner);
    const created = await owner.post('/api/work-orders', {
      property_id: property.id,
      title: 'Replace the dishwasher pump',
      vendor_name: 'Appliance Ann',
      cost_limit_cents: 10_000,
    });
    expect(created.status).toBe(201);
    const vendor = vendorOf(created.body.vendor_link);
    const done = await vendor.complete({ action_id: randomUUID(), note: 'Pump and hose', cost_cents: 25_000 });
    expect(done.body).toMatchObject({ status: 'done', cost_cents: 25_000, awaiting_approval: true });

    const waiting = await owner.get(`/api/work-orders/${created.body.id}`);
    expect(waiting.body).toMatchObject({ status: 'done', awaiting_approval: true });
    const mail = await api.mailbox.latest(owner.email, /Work order done: Replace the dishwasher pump/);
    expect(mail.text).toContain('over your limit of $100.00');
    const page = await (await fetch(created.body.vendor_link)).text();
    expect(page).toContain('The cost is over the limit: it waits for the owner&#39;s approval.');

    const back = await owner.post(`/api/work-orders/${created.body.id}/send-back`, { note: 'Please quote first' });
    expect(back.body).toMatchObject({ status: 'in_progress', sent_back_note: 'Please quote first' });
    expect((await vendor.view()).body.work_order.sent_back_note).toBe('Please quote first');
    const redone = await vendor.complete({ action_id: randomUUID(), note: 'Quoted', cost_cents: 9_000 });
    expect(redone.body).toMatchObject({ status: 'done', awaiting_approval: false });
    expect((await owner.post(`/api/work-orders/${created.body.id}/approve`)).body.status).toBe('approved');
  });

  it('answers 410 for a revoked vendor link and 404 for an unknown one, and keeps work orders to their owner', async () => {
    const owner = await signedInOwner(api);
    const { property } = await reportedFan(owner);
    const created = await owner.post('/api/work-orders', {
      property_id: property.id,
      title: 'Fix the gate latch',
      vendor_name: 'Gate Gus',
    });
    const vendor = vendorOf(created.body.vendor_link);
    expect((await owner.post(`/api/work-orders/${created.body.id}/revoke-link`)).body.link_revoked_at).not.toBeNull();
    expect((await vendor.view()).status).toBe(410);
    expect((await vendor.complete({ action_id: randomUUID(), cost_cents: 100 })).status).toBe(410);
    expect((await vendor.photo(await cameraPhoto('late'))).status).toBe(410);
    const revokedPage = await fetch(created.body.vendor_link);
    expect(revokedPage.status).toBe(410);
    expect(await revokedPage.text()).toContain('This work order link was revoked by the host.');
    expect((await fetch(`${api.baseUrl}/w/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await vendorOf(`${api.baseUrl}/w/${'y'.repeat(43)}`).view()).status).toBe(404);

    const stranger = await signedInOwner(api);
    expect((await stranger.get(`/api/work-orders/${created.body.id}`)).status).toBe(404);
    expect((await stranger.post(`/api/work-orders/${created.body.id}/revoke-link`)).status).toBe(404);
    const foreign = await stranger.post('/api/work-orders', {
      property_id: property.id,
      title: 'Not mine',
      vendor_name: 'Nobody',
    });
    expect(foreign.status).toBe(404);
    expect((await owner.post('/api/work-orders', { property_id: property.id, vendor_name: 'X' })).status).toBe(400);
  });
});
