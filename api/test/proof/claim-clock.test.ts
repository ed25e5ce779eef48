import { randomUUID } from 'node:crypto';
import { formatDateTime } from '@turnproof/config/time-format';
import { claimClockWorkflowId } from '@turnproof/workflows';
import JSZip from 'jszip';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, vapidEnv, type PushService } from '../support/push-service.ts';
import type { TestApi } from '../support/test-api.ts';
import type { WorkerProcess } from '../support/worker-process.ts';
import { completeThroughMagicLink } from '../runner/cleaner.ts';
import { claimPackZip, newRun, type Owner, squash, useProofStack } from './proof-support.ts';

let api: TestApi;
let worker: WorkerProcess;
let owner: Owner;

let pushService: PushService;

useProofStack((stack) => ({ api, worker, owner } = stack), vapidEnv());
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(() => pushService?.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const AIRBNB_RULE = 'Airbnb: 14 days after checkout or before the next check-in, whichever is first';

/** A New York property whose Airbnb feed lists the guest who left and, when given, the next one's first night. */
async function airbnbProperty(name: string, nextStart?: string) {
  const property = (
    await owner.post('/api/properties', { name, address: '12 Bay Ridge Ave, Brooklyn', timezone: 'America/New_York' })
  ).body as { id: string };
  const reservations = [
    { uid: `${name}-left@airbnb.com`, summary: 'Reserved', start: '2026-11-15', end: '2026-11-20' },
    ...(nextStart
      ? [{ uid: `${name}-next@airbnb.com`, summary: 'Reserved', start: nextStart, end: '2026-12-30' }]
      : []),
  ];
  await api.orm.em.getConnection().execute(
    `insert into calendar_feeds (id, property_id, url, reservations, created_at)
     values (gen_random_uuid(), ?, ?, cast(? as jsonb), now())`,
    [property.id, 'https://www.airbnb.com/calendar/ical/4242.ics?s=x', JSON.stringify(reservations)],
  );
  return property.id;
}

/** A turnover after the reservation that checked out at `checkoutAt`, with a damage issue, completed. */
async function damagedTurnover(propertyId: string, checkoutAt: Date, uid: string | null) {
  const { run, cleaner } = await newRun(owner, 'turnover', {}, propertyId);
  // The booking the run follows, as a calendar sync leaves it on the run.
  await api.orm.em
    .getConnection()
    .execute(`update runs set checkout_at = ?, source = ?, reservation_uid = ? where id = ?`, [
      checkoutAt,
      uid ? 'calendar' : 'manual',
      uid,
      run.id,
    ]);
  const opened = (await cleaner.openRun()).body.run;
  const issue = await cleaner.http.post('/api/public/issue', {
    token: cleaner.token,
    action_id: randomUUID(),
    runTaskId: opened.tasks[0].id,
    severity: 'high',
    description: 'Cracked glass coffee table',
  });
  expect(issue.status).toBe(201);
  await completeThroughMagicLink(cleaner);
  return run.id;
}

const clockOf = async (runId: string) => (await owner.get(`/api/runs/${runId}/claim-clock`)).body;

describe('the claim clock', () => {
  // Checkout Friday Nov 20, 2026, 11:00 in New York (16:00 UTC).
  const checkout = new Date('2026-11-20T16:00:00Z');

  it('ends 14 days after checkout when the next guest comes later, and the claim PDF opens with it', async () => {
    const propertyId = await airbnbProperty('Bay Ridge Loft', '2026-12-10');
    const runId = await damagedTurnover(propertyId, checkout, 'Bay Ridge Loft-left@airbnb.com');

    const clock = await clockOf(runId);
    expect(clock).toMatchObject({
      deadline_at: '2026-12-04T16:00:00.000Z',
      basis: 'window',
      rule: AIRBNB_RULE,
      platform: 'airbnb',
      next_check_in_at: '2026-12-10T20:00:00.000Z',
      time_zone: 'America/New_York',
    });

    const zip = await JSZip.loadAsync(Buffer.from(await (await claimPackZip(owner, runId, worker)).arrayBuffer()));
    const pdf = new Uint8Array(await zip.file('claim.pdf')!.async('uint8array'));
    const firstPage = squash((await new PDFParse({ data: pdf }).getText({ partial: [1] })).text).trim();
    // First thing on the first page, in the property's zone (EST), with the rule named.
    expect(firstPage).toMatch(/^File this claim by Dec 4, 2026, 11:00 AM EST /);
    expect(firstPage).toContain(`${AIRBNB_RULE}.`);
    expect(firstPage).toContain('Next check-in: Dec 10, 2026, 3:00 PM EST');
    expect(firstPage.indexOf('File this claim by')).toBeLessThan(firstPage.indexOf('TURNPROOF DAMAGE CLAIM'));
  });

  it("ends at the next guest's check-in when that comes first; a run of no known platform gets the default rule", async () => {
    const propertyId = await airbnbProperty('Prospect Studio', '2026-11-23');
    const runId = await damagedTurnover(propertyId, checkout, 'Prospect Studio-left@airbnb.com');
    expect(await clockOf(runId)).toMatchObject({
      deadline_at: '2026-11-23T20:00:00.000Z',
      basis: 'next_check_in',
      rule: AIRBNB_RULE,
    });

    const typedIn = await damagedTurnover(propertyId, checkout, null);
    expect(await clockOf(typedIn)).toMatchObject({
      deadline_at: '2026-11-23T20:00:00.000Z',
      platform: 'unknown',
      rule: 'Default (platform unknown): 14 days after checkout or before the next check-in, whichever is first',
    });
  });

  it('reminds the host by e-mail and in the browser before the deadline, and not once the claim is closed', async () => {
    const browser = pushService.subscribe();
    expect((await owner.post('/api/push/subscriptions', browser.toJSON())).status).toBe(201);
    const claimPushes = () =>
      pushService
        .received(browser.endpoint)
        .map((push) => browser.read(push) as { title: string; body: string; url: string; tag: string })
        .filter((push) => push.title.startsWith('Damage claim deadline'));
    // Checkouts 11 days ago (plus a few seconds): the 3-days-before reminders fall due in seconds. The claim
    // to close comes first, with the wider margin, so a slow machine still closes it before its reminder.
    const closed = await damagedTurnover(
      await airbnbProperty('Red Hook Loft'),
      new Date(Date.now() - 11 * DAY_MS + 40_000),
      'Red Hook Loft-left@airbnb.com',
    );
    const closing = await owner.post(`/api/runs/${closed}/claim-clock/close`, { outcome: 'filed' });
    expect(closing.status).toBe(200);
    expect(closing.body).toMatchObject({ outcome: 'filed' });
    const remindAt = Date.parse((await clockOf(closed)).deadline_at) - 3 * DAY_MS;
    expect(Date.now()).toBeLessThan(remindAt);
    const open = await damagedTurnover(
      await airbnbProperty('Greenpoint Flat'),
      new Date(Date.now() - 11 * DAY_MS + 15_000),
      'Greenpoint Flat-left@airbnb.com',
    );

    const mail = await api.mailbox.latest(owner.email, /^Damage claim deadline .*: Greenpoint Flat$/, 60_000);
    expect(Date.now()).toBeLessThan(Date.parse((await clockOf(open)).deadline_at));
    expect(mail.text).toContain('must be filed with the booking platform by');
    expect(mail.text).toContain('3 days left.');
    expect(mail.text).toContain(AIRBNB_RULE);
    const deadline = new Date((await clockOf(open)).deadline_at);
    await expect.poll(claimPushes, { timeout: 30_000 }).toEqual([
      {
        title: 'Damage claim deadline: Greenpoint Flat',
        body: `File the claim with the booking platform by ${formatDateTime(deadline, 'America/New_York', 'en')}.`,
        url: `${api.baseUrl}/runs/${open}/show#claim-clock`,
        tag: `run-${open}-claim_deadline`,
      },
    ]);

    // The closed claim's clock wakes at its reminder, finds the claim filed and ends without a mail.
    await api.temporal.workflow.getHandle(claimClockWorkflowId(closed)).result();
    expect(Date.now()).toBeGreaterThanOrEqual(remindAt);
    expect(api.mailbox.received.filter((m) => /^Damage claim deadline .*: Red Hook Loft$/.test(m.subject))).toEqual([]);
    expect(claimPushes().map((push) => push.title)).toEqual(['Damage claim deadline: Greenpoint Flat']);
  });
});
