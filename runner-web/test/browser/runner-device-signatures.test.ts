import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { type SignedAction, signedActionText } from '@turnproof/config/device-signature';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, type Owner, startConsoleHarness } from '../../../api/test/console/console-harness.ts';
import { pdfText, reportPdf } from '../../../api/test/proof/proof-support.ts';
import { cameraPhoto, Cleaner } from '../../../api/test/runner/cleaner.ts';
import { PHONE } from './chromium.ts';
import { ensureBuilt } from './runner-build.ts';
import {
  addCameraPhoto,
  currentTaskIs,
  OFFLINE_BANNER,
  openControlledRun,
  pickCameraPhoto,
  screenshotOnFailure,
  SYNC_TIMEOUT_MS,
  UI_TIMEOUT_MS,
} from './runner-harness.ts';

/**
 * Device signatures in a phone-sized Chromium: the runner makes its own non-exportable P-256 key on the
 * first open of a link, registers its public half with the run, and signs every action that makes a
 * capture-log entry: ticks and the completion when they are queued, photo confirmations and reports
 * (which name uploaded files) when they are sent, offline ones on reconnect. The server records the
 * signatures in the capture log and /verify counts them. Forged requests (a signed request replayed with
 * a changed field, one signed by another key, a key of another run) are refused and add nothing.
 */

const TASKS = [
  { title: 'Strip the beds', required_media: 0 },
  { title: 'Empty the bins', required_media: 0 },
  { title: 'Lock the door', required_media: 0 },
] as const;

/** A turnover with a photo to take, for the whole job. */
const JOB = [
  { title: 'Strip the beds', required_media: 0 },
  { title: 'Photograph the kitchen', required_media: 1 },
  { title: 'Lock the door', required_media: 0 },
] as const;

// A worker: a run completes through its workflow, which writes the completion's entry.
let harness: ConsoleHarness;
let owner: Owner;

beforeAll(async () => {
  ensureBuilt();
  harness = await startConsoleHarness({ worker: true });
  owner = await harness.owner();
}, 300_000);
afterAll(() => harness?.close());

const sql = <T>(query: string, params: unknown[]) => harness.api.orm.em.getConnection().execute<T[]>(query, params);

async function newRun(tasks: readonly { title: string; required_media: number }[] = TASKS) {
  const property = await owner.post('/api/properties', { name: 'Lakeview Cabin', address: '12 Shore Rd, Austin TX' });
  const checklist = await owner.post('/api/checklists', {
    property_id: property.body.id,
    name: 'Quick Turnover',
    type: 'turnover',
  });
  for (const task of tasks) await owner.post('/api/tasks', { checklist_id: checklist.body.id, ...task });
  const run = await owner.post('/api/runs', { property_id: property.body.id, checklist_id: checklist.body.id });
  expect(run.status).toBe(201);
  return run.body as { id: string; magic_link: string };
}

const deviceKeys = (runId: string) => sql<{ id: string }>('select id from device_keys where run_id = ?', [runId]);

/** A key pair of our own, as a second phone (or an attacker) would have, and its public JWK. */
function otherKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' });
  return { privateKey, jwk: { kty, crv, x, y } };
}

const signWith = (
  privateKey: ReturnType<typeof otherKey>['privateKey'],
  body: Record<string, unknown>,
  action: SignedAction = 'task',
) =>
  sign('sha256', Buffer.from(signedActionText(action, body)), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString(
    'base64url',
  );

/** Taps Complete Task on `title` once it is the current task. */
async function completeTask(page: Page, title: string) {
  const card = await currentTaskIs(page, title);
  await card.getByRole('button', { name: 'Complete Task' }).click({ timeout: UI_TIMEOUT_MS });
}

describe('device signatures, in a phone-sized Chromium', () => {
  it('signs every tick on the phone, offline ones when queued, and /verify counts them', async () => {
    const api = harness.api;
    const run = await newRun();
    const cleaner = Cleaner.fromLink(run.magic_link);
    const entries = () =>
      sql<{ seq: number; signed: boolean }>(
        'select seq, device_key_id is not null as signed from capture_entries where run_id = ? order by seq',
        [run.id],
      );
    const page = await harness.newPage(PHONE);
    const context = page.context();
    const sent: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/public/task')
        sent.push(request.postDataJSON() as Record<string, unknown>);
    });
    await screenshotOnFailure(page, 'device-signatures-failed', async () => {
      await openControlledRun(page, run.magic_link);
      // One key for this run, registered on first open.
      const keys = () => deviceKeys(run.id);
      await expect.poll(async () => (await keys()).length, { timeout: UI_TIMEOUT_MS }).toBe(1);

      await completeTask(page, TASKS[0].title);
      await expect.poll(async () => (await entries()).length, { timeout: SYNC_TIMEOUT_MS }).toBe(1);

      await context.setOffline(true);
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
      await completeTask(page, TASKS[1].title);
      await page.getByText('1 queued').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await entries()).toHaveLength(1);
      await context.setOffline(false);
      await expect.poll(async () => (await entries()).length, { timeout: SYNC_TIMEOUT_MS }).toBe(2);

      await completeTask(page, TASKS[2].title);
      await expect.poll(async () => (await entries()).length, { timeout: SYNC_TIMEOUT_MS }).toBe(3);
      expect(await entries()).toEqual([1, 2, 3].map((seq) => ({ seq, signed: true })));
      const [key] = await keys();
      expect(sent.length).toBeGreaterThanOrEqual(3);
      expect(sent.every((body) => body.device_key_id === key!.id && typeof body.signature === 'string')).toBe(true);

      const verify = async () => (await fetch(`${api.baseUrl}/api/public/verify/${run.id}`)).json();
      expect(await verify()).toMatchObject({ valid: true, entry_count: 3, signed_count: 3 });

      // A forged tick: the phone's signed request replayed with a changed field. Refused, nothing recorded.
      const tick = sent[0]!;
      const changed = await cleaner.http.post('/api/public/task', {
        ...tick,
        action_id: randomUUID(),
        comment: 'Done (not really)',
      });
      expect(changed.status).toBe(422);
      expect(changed.body.error).toBe('The device signature does not match this action.');

      // Signed by another key under the phone's key id: refused.
      const other = otherKey();
      const body = { ...tick, action_id: randomUUID(), comment: 'Another key' };
      const foreignSigned = await cleaner.http.post('/api/public/task', {
        ...body,
        signature: signWith(other.privateKey, body),
      });
      expect(foreignSigned.status).toBe(422);

      // A key registered with another run cannot sign for this one, even with a signature that matches.
      const elsewhere = Cleaner.fromLink((await newRun()).magic_link);
      const registered = await elsewhere.http.post('/api/public/device-key', {
        token: elsewhere.token,
        public_key: other.jwk,
      });
      expect(registered.status).toBe(201);
      const crossRun = { ...tick, action_id: randomUUID(), device_key_id: registered.body.device_key_id };
      const crossAnswer = await cleaner.http.post('/api/public/task', {
        ...crossRun,
        signature: signWith(other.privateKey, crossRun),
      });
      expect(crossAnswer.status).toBe(422);
      expect(crossAnswer.body.error).toBe('This device key is not registered with this run.');
      // Registering needs a live link: an unknown token is refused.
      const unknown = await cleaner.http.post('/api/public/device-key', {
        token: 'not-a-real-token',
        public_key: other.jwk,
      });
      expect(unknown.status).toBe(404);
      expect(await entries()).toHaveLength(3);

      // An older runner's unsigned tick is still accepted, and counted as unsigned.
      const unsigned = await cleaner.tick(String(tick.runTaskId), { comment: 'From an old runner' });
      expect(unsigned.status).toBe(200);
      expect(await verify()).toMatchObject({ valid: true, entry_count: 4, signed_count: 3 });
      const pageText = await (await fetch(`${api.baseUrl}/verify/${run.id}`)).text();
      expect(pageText).toContain('3 of 4 entries signed on the cleaner&#39;s phone.');
    });
  }, 240_000);

  it('signs photo confirmations, an issue and a guest report with their photos, and the completion, offline ones too; forged ones are refused', async () => {
    const api = harness.api;
    const run = await newRun(JOB);
    const cleaner = Cleaner.fromLink(run.magic_link);
    const entries = () =>
      sql<{ kind: string; signed: boolean }>(
        'select kind, device_key_id is not null as signed from capture_entries where run_id = ? order by seq',
        [run.id],
      );
    const written = async () => ({
      entries: (await entries()).length,
      alerts: (await sql('select id from alerts where run_id = ?', [run.id])).length,
      media: await sql<{ status: string }>('select status from media where run_id = ? order by created_at', [run.id]),
      actions: (await sql('select action_id from processed_actions where run_id = ?', [run.id])).length,
    });
    const page = await harness.newPage(PHONE);
    const context = page.context();
    const offline = async () => {
      await context.setOffline(true);
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
    };
    await screenshotOnFailure(page, 'device-signatures-reports-failed', async () => {
      await openControlledRun(page, run.magic_link);
      await expect.poll(async () => (await deviceKeys(run.id)).length, { timeout: UI_TIMEOUT_MS }).toBe(1);
      const [key] = await deviceKeys(run.id);

      // Online: a tick, then the kitchen's photo (confirmed when its upload is done) and its tick.
      await completeTask(page, JOB[0].title);
      const kitchen = await currentTaskIs(page, JOB[1].title);
      await addCameraPhoto(kitchen, 'Add photos or video', 'signed-kitchen');
      await kitchen.getByRole('button', { name: 'Complete Task' }).click({ timeout: UI_TIMEOUT_MS });
      await expect.poll(async () => (await entries()).length, { timeout: SYNC_TIMEOUT_MS }).toBe(3);

      // No signal: an issue with its photo, "Guest still here" with its photo, and the last tick, all queued.
      await offline();
      const door = await currentTaskIs(page, JOB[2].title);
      await door.getByRole('button', { name: 'Report an issue' }).click({ timeout: UI_TIMEOUT_MS });
      const issue = page.getByRole('dialog', { name: `Report an issue: ${JOB[2].title}` });
      await issue.getByRole('radio', { name: 'High' }).check({ timeout: UI_TIMEOUT_MS });
      await issue.getByLabel('What is wrong?').fill('The lock sticks');
      await pickCameraPhoto(issue, 'Add photos', 'signed-issue');
      await issue.getByText('1 photo added').waitFor({ timeout: UI_TIMEOUT_MS });
      await issue.getByRole('button', { name: 'Send report' }).click();
      await issue.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await page.getByRole('button', { name: 'Guest still here' }).click({ timeout: UI_TIMEOUT_MS });
      const guest = page.getByRole('dialog', { name: 'Guest still here' });
      await guest.getByLabel('Note (optional)').fill('Guest packing');
      await pickCameraPhoto(guest, 'Add a photo (optional)', 'signed-guest');
      await guest.getByText('Photo added').waitFor({ timeout: UI_TIMEOUT_MS });
      await guest.getByRole('button', { name: 'Tell the host' }).click();
      await guest.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      await completeTask(page, JOB[2].title);
      await page.getByText('5 queued').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await entries()).toHaveLength(3);
      await context.setOffline(false);
      // The tick, the issue and the guest report, each with its photo's confirmation.
      await expect.poll(async () => (await entries()).length, { timeout: SYNC_TIMEOUT_MS }).toBe(8);

      // Forged, through the API, on the open run. A photo stored but not confirmed, confirmed under the
      // phone's key id with another key's signature: refused before anything is written.
      const [kitchenTask] = await sql<{ id: string }>(
        'select id from run_tasks where run_id = ? order by order_index offset 1 limit 1',
        [run.id],
      );
      const stored = await cleaner.storePhoto(kitchenTask!.id, await cameraPhoto('not-from-the-phone'));
      expect(stored.put?.status).toBe(200);
      const before = await written();
      const confirmation = {
        token: cleaner.token,
        runTaskId: kitchenTask!.id,
        action_id: randomUUID(),
        path: stored.reserved.body.path,
        type: 'photo',
        captured_at: Date.now(),
        device_key_id: key!.id,
      };
      const forgedConfirm = await cleaner.http.post('/api/public/media-confirm', {
        ...confirmation,
        signature: signWith(otherKey().privateKey, confirmation, 'media-confirm'),
      });
      expect(forgedConfirm.status).toBe(422);
      expect(forgedConfirm.body.error).toBe('The device signature does not match this action.');
      // An issue naming that photo under the phone's own signature of its real issue: refused too.
      const [reported] = await sql<{ signature: string }>(
        `select signature from capture_entries where run_id = ? and kind = 'issue_reported'`,
        [run.id],
      );
      const forgedIssue = await cleaner.http.post('/api/public/issue', {
        token: cleaner.token,
        action_id: randomUUID(),
        severity: 'high',
        description: 'The lock sticks, and the TV is broken',
        media: [stored.reserved.body.path],
        timestamp: Date.now(),
        device_key_id: key!.id,
        signature: reported!.signature,
      });
      expect(forgedIssue.status).toBe(422);
      expect(forgedIssue.body.error).toBe('The device signature does not match this action.');
      // So are a guest report and a completion under that signature: the run stays open.
      const underPhoneKey = { token: cleaner.token, device_key_id: key!.id, signature: reported!.signature };
      const forgedGuest = await cleaner.http.post('/api/public/guest-present', {
        ...underPhoneKey,
        action_id: randomUUID(),
        note: 'Guest gone',
        timestamp: Date.now(),
      });
      expect(forgedGuest.status).toBe(422);
      const forgedCompletion = await cleaner.http.post('/api/public/complete', {
        ...underPhoneKey,
        action_id: randomUUID(),
      });
      expect(forgedCompletion.status).toBe(422);
      expect(await sql('select status from runs where id = ?', [run.id])).toEqual([{ status: 'in_progress' }]);
      expect(await written()).toEqual(before);
      expect(before.media.at(-1)).toEqual({ status: 'uploaded' });

      // The completion, queued with no signal and sent on reconnect.
      await offline();
      await page.getByRole('button', { name: 'Mark Run as Complete' }).click({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('heading', { name: 'Run Complete' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await context.setOffline(false);
      await expect.poll(async () => (await entries()).length, { timeout: SYNC_TIMEOUT_MS }).toBe(9);

      // Every entry of the run is the cleaner's, and every one was signed on the phone.
      expect((await entries()).map(({ kind, signed }) => `${kind}${signed ? '' : ' (unsigned)'}`).sort()).toEqual([
        'guest_present',
        'issue_reported',
        'media_confirmed',
        'media_confirmed',
        'media_confirmed',
        'run_completed',
        'task_checked',
        'task_checked',
        'task_checked',
      ]);
      const verify = await (await fetch(`${api.baseUrl}/api/public/verify/${run.id}`)).json();
      expect(verify).toMatchObject({ valid: true, entry_count: 9, signed_count: 9 });
      const pageText = await (await fetch(`${api.baseUrl}/verify/${run.id}`)).text();
      expect(pageText).toContain('9 of 9 entries signed on the cleaner&#39;s phone.');
      // The report's proof says the same.
      const pdf = await reportPdf(owner, run.id, 1, harness.worker);
      expect(await pdfText(pdf)).toContain("9 of 9 entries signed on the cleaner's phone.");
    });
  }, 420_000);
});
