import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { signedActionText } from '@turnproof/config/device-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, type Owner, startConsoleHarness } from '../../../api/test/console/console-harness.ts';
import { Cleaner } from '../../../api/test/runner/cleaner.ts';
import { PHONE } from './chromium.ts';
import { ensureBuilt } from './runner-build.ts';
import {
  currentTaskIs,
  OFFLINE_BANNER,
  openControlledRun,
  screenshotOnFailure,
  SYNC_TIMEOUT_MS,
  UI_TIMEOUT_MS,
} from './runner-harness.ts';

/**
 * Device signatures in a phone-sized Chromium: the runner makes its own non-exportable P-256 key on the
 * first open of a link, registers its public half with the run, and signs every tick (an offline one
 * when it is queued); the server records the signatures in the capture log and /verify counts them.
 * Forged requests (a signed tick replayed with a changed field, one signed by another key, a key of
 * another run) are refused and add nothing.
 */

const TASKS = [
  { title: 'Strip the beds', required_media: 0 },
  { title: 'Empty the bins', required_media: 0 },
  { title: 'Lock the door', required_media: 0 },
] as const;

// No worker: ticks and their capture-log entries need none.
let harness: ConsoleHarness;
let owner: Owner;

beforeAll(async () => {
  ensureBuilt();
  harness = await startConsoleHarness();
  owner = await harness.owner();
}, 300_000);
afterAll(() => harness?.close());

const sql = <T>(query: string, params: unknown[]) => harness.api.orm.em.getConnection().execute<T[]>(query, params);

async function newRun(): Promise<{ id: string; magic_link: string }> {
  const property = await owner.post('/api/properties', { name: 'Lakeview Cabin', address: '12 Shore Rd, Austin TX' });
  const checklist = await owner.post('/api/checklists', {
    property_id: property.body.id,
    name: 'Quick Turnover',
    type: 'turnover',
  });
  for (const task of TASKS) await owner.post('/api/tasks', { checklist_id: checklist.body.id, ...task });
  const run = await owner.post('/api/runs', { property_id: property.body.id, checklist_id: checklist.body.id });
  expect(run.status).toBe(201);
  return run.body;
}

/** A key pair of our own, as a second phone (or an attacker) would have, and its public JWK. */
function otherKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' });
  return { privateKey, jwk: { kty, crv, x, y } };
}

const signWith = (privateKey: ReturnType<typeof otherKey>['privateKey'], body: Record<string, unknown>) =>
  sign('sha256', Buffer.from(signedActionText('task', body)), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString(
    'base64url',
  );

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
      const keys = () => sql<{ id: string }>('select id from device_keys where run_id = ?', [run.id]);
      await expect.poll(async () => (await keys()).length, { timeout: UI_TIMEOUT_MS }).toBe(1);

      const complete = async (title: string) => {
        const card = await currentTaskIs(page, title);
        await card.getByRole('button', { name: 'Complete Task' }).click({ timeout: UI_TIMEOUT_MS });
      };
      await complete(TASKS[0].title);
      await expect.poll(async () => (await entries()).length, { timeout: SYNC_TIMEOUT_MS }).toBe(1);

      await context.setOffline(true);
      await page.getByText(OFFLINE_BANNER).waitFor({ timeout: UI_TIMEOUT_MS });
      await complete(TASKS[1].title);
      await page.getByText('1 queued').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await entries()).toHaveLength(1);
      await context.setOffline(false);
      await expect.poll(async () => (await entries()).length, { timeout: SYNC_TIMEOUT_MS }).toBe(2);

      await complete(TASKS[2].title);
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
});
