import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import { expectOk, seedChecklist } from '../support/seed-checklist.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';
import { cameraPhoto, Cleaner } from './cleaner.ts';

/** The hours of a run (issue 27.3): pauses, work time, arrival, "Guest still here" and the late checkout. */

let api: TestApi;
let worker: WorkerProcess;
let owner: Awaited<ReturnType<typeof signedInOwner>>;

beforeAll(async () => {
  api = await startTestApi();
  worker = await startWorkerProcess(api);
  owner = await signedInOwner(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

/** The property's position: Lakeview Cabin, Austin. */
const HOME = { latitude: 30.2672, longitude: -97.7431 };
/** About 2.2 km north of it. */
const AWAY = { latitude: 30.2872, longitude: -97.7431 };

/** A run at a new located property; `checkoutAt` as a booking calendar would set it. */
async function newRun(name: string, { dueAt, checkoutAt }: { dueAt?: Date; checkoutAt?: Date } = {}) {
  const { propertyId, checklistId } = await seedChecklist(api.orm, owner, {
    property: { name, address: '12 Shore Rd, Austin TX' },
    checklistName: 'Turnover',
    tasks: 2,
    requiredMedia: 0,
  });
  expectOk(
    await owner.put(`/api/properties/${propertyId}`, {
      ...HOME,
      arrival_radius_meters: 200,
      timezone: 'America/Chicago',
    }),
    'property location',
  );
  const run = expectOk(
    await owner.post('/api/runs', {
      property_id: propertyId,
      type: 'turnover',
      checklist_id: checklistId,
      ...(dueAt && { due_at: dueAt.toISOString() }),
    }),
    'run',
  );
  if (checkoutAt) {
    await api.orm.em.getConnection().execute('update runs set checkout_at = ? where id = ?', [checkoutAt, run.body.id]);
  }
  const cleaner = Cleaner.fromLink(run.body.magic_link);
  const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
  return { run: run.body as { id: string }, cleaner, tasks };
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}\n${worker.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('pause and resume', () => {
  it('a run with a 6 s pause records its work time without the pause; each tap applies once', async () => {
    const { run, cleaner, tasks } = await newRun('Pause Cabin');
    const post = (path: string, fields: Record<string, unknown>) =>
      cleaner.http.post(`/api/public/${path}`, { token: cleaner.token, ...fields });
    expectOk(await cleaner.tick(tasks[0]!.id, HOME), 'first task');

    const pauseId = randomUUID();
    const paused = await post('pause', { action_id: pauseId, ...HOME });
    expect(paused).toMatchObject({ status: 200, body: { ok: true, applied: true, paused: true, resumed_at: null } });
    // The same tap again (a retried request) answers the same; another tap while paused changes nothing.
    expect((await post('pause', { action_id: pauseId })).body).toEqual(paused.body);
    expect((await post('pause', { action_id: randomUUID() })).body).toMatchObject({ applied: false, paused: true });
    expect((await cleaner.openRun()).body.run.paused_since).toBe(paused.body.paused_at);

    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const resumeId = randomUUID();
    const resumed = await post('resume', { action_id: resumeId });
    expect(resumed).toMatchObject({ status: 200, body: { applied: true, paused: false } });
    expect((await post('resume', { action_id: resumeId })).body).toEqual(resumed.body);
    expect((await post('resume', { action_id: randomUUID() })).body).toMatchObject({ applied: false, paused: false });
    const pausedMs = Date.parse(resumed.body.resumed_at) - Date.parse(resumed.body.paused_at);
    expect(pausedMs).toBeGreaterThanOrEqual(6_000);
    // An action id is one action: a resume's id cannot pause.
    expect((await post('pause', { action_id: resumeId })).status).toBe(409);

    expectOk(await cleaner.tick(tasks[1]!.id, HOME), 'second task');
    expectOk(await cleaner.completeWhenAccepted(), 'completion');
    const after = (await cleaner.openRun()).body.run;
    expect(after.paused_since).toBeNull();

    const hours = (await owner.get(`/api/runs/${run.id}/hours`)).body;
    const elapsed = (Date.parse(after.ended_at) - Date.parse(after.started_at)) / 1000;
    expect(hours.work_seconds).toBeGreaterThanOrEqual(Math.floor(elapsed - pausedMs / 1000) - 1);
    expect(hours.work_seconds).toBeLessThanOrEqual(Math.ceil(elapsed - pausedMs / 1000) + 1);
    expect(hours.work_seconds).toBeLessThan(elapsed - 5);
    expect(hours.pauses).toEqual([{ paused_at: resumed.body.paused_at, resumed_at: resumed.body.resumed_at }]);
    expect(hours.arrived_at).not.toBeNull();
    expect(hours.far_from_property_meters).toBeNull();

    const entries = (await cleaner.http.get(`/api/public/verify/${run.id}`)).body.entries as { label: string }[];
    expect(entries.map((entry) => entry.label)).toEqual(
      expect.arrayContaining(['Paused by the cleaner', 'Resumed by the cleaner']),
    );
    expect(entries.filter((entry) => entry.label === 'Paused by the cleaner')).toHaveLength(1);
  });
});

describe('guest still here', () => {
  it('reaches the host by mail at once, is in the capture log and on /verify, and sets the late checkout', async () => {
    const checkoutAt = new Date(Date.now() - 30 * 60_000);
    const checkInAt = new Date(Date.now() + 3 * 3600_000);
    const { run, cleaner, tasks } = await newRun('Guest Cabin', { dueAt: checkInAt, checkoutAt });
    // The cleaner first works from far away: the host sees it flagged.
    expectOk(await cleaner.tick(tasks[0]!.id, AWAY), 'a task away from the property');
    const { reserved } = await cleaner.storePhoto(tasks[0]!.id, await cameraPhoto('guest-bags', 400, 300));
    const actionId = randomUUID();
    const body = {
      token: cleaner.token,
      action_id: actionId,
      note: 'Guests still packing, said 20 minutes',
      media: [reserved.body.path],
      ...HOME,
    };
    const reported = await cleaner.http.post('/api/public/guest-present', body);
    expect(reported.status).toBe(201);
    expect(reported.body.alert).toMatchObject({ kind: 'guest_present', note: 'Guests still packing, said 20 minutes' });
    // The next check-in is about 3 h away, counted from the booking's checkout (30 min ago) less the wait so far.
    expect(reported.body.slack_minutes).toBeGreaterThan(170);
    expect(reported.body.slack_minutes).toBeLessThanOrEqual(210);
    expect((await cleaner.http.post('/api/public/guest-present', body)).body).toEqual(reported.body);

    const mail = await waitFor('the guest-present mail', () =>
      api.mailbox.received.find((m) => m.to.includes(owner.email) && m.subject === 'Guest still here at Guest Cabin'),
    );
    expect(mail.text).toContain('Guests still packing, said 20 minutes');
    expect(mail.text).toMatch(/found the guest still in the unit at Guest Cabin at .* CST/);
    expect(mail.text).toContain('Time left before the next check-in');
    expect(api.mailbox.received.filter((m) => m.subject === 'Guest still here at Guest Cabin')).toHaveLength(1);

    const verification = (await cleaner.http.get(`/api/public/verify/${run.id}`)).body;
    expect(verification.valid).toBe(true);
    const labels = (verification.entries as { label: string }[]).map((entry) => entry.label);
    expect(labels).toContain('Guest still here (reported by the cleaner)');
    expect(labels).toContain('Photo or video confirmed');

    const issues = (await owner.get(`/api/runs/${run.id}/evidence`)).body;
    expect(JSON.stringify(issues)).toContain('Guests still packing');

    // The dashboard shows the run while it is open, with the slack the run page shows.
    const since = encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString());
    const dashboard = (await owner.get(`/api/dashboard?since=${since}`)).body;
    const late = dashboard.late_checkouts.find((entry: { run_id: string }) => entry.run_id === run.id);
    expect(late).toMatchObject({ property_name: 'Guest Cabin', guest_present_at: expect.any(String) });
    expect(Math.abs(late.slack_minutes - reported.body.slack_minutes)).toBeLessThanOrEqual(1);

    expectOk(await cleaner.tick(tasks[1]!.id, HOME), 'the next task after the guest left');
    expectOk(await cleaner.completeWhenAccepted(), 'completion');
    const hours = (await owner.get(`/api/runs/${run.id}/hours`)).body;
    expect(hours.guest_present_at).not.toBeNull();
    // From the booking's checkout (30 min ago) to the next task action.
    expect(hours.late_checkout_minutes).toBeGreaterThanOrEqual(30);
    expect(hours.late_checkout_minutes).toBeLessThanOrEqual(32);
    expect(hours.far_from_property_meters).toBeGreaterThan(2000);
    expect(hours.far_from_property_meters).toBeLessThan(2500);
    expect(hours.arrived_at).not.toBeNull();
    // Completed: no longer a late checkout to watch.
    const after = (await owner.get(`/api/dashboard?since=${since}`)).body;
    expect(after.late_checkouts.map((entry: { run_id: string }) => entry.run_id)).not.toContain(run.id);
  });

  it('answers 404 for an unknown link and 400 naming a bad note', async () => {
    const { cleaner } = await newRun('Bad Input Cabin');
    const unknown = await cleaner.http.post('/api/public/guest-present', { token: 'nope', action_id: randomUUID() });
    expect(unknown.status).toBe(404);
    const long = await cleaner.http.post('/api/public/guest-present', {
      token: cleaner.token,
      action_id: randomUUID(),
      note: 'x'.repeat(2001),
    });
    expect(long).toMatchObject({ status: 400, body: { error: expect.stringContaining('note') } });
  });
});
