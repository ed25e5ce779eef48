import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

// Skipped time: a tenth of a second stands in for a day, so credits last 9 s instead of 90 days.
const DAY = 100;
const promoCreditLifetimeMs = 90 * DAY;

let api: TestApi;
let worker: WorkerProcess;
beforeAll(async () => {
  api = await startTestApi({ promoCreditLifetimeMs });
  worker = await startWorkerProcess(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const count = async (query: string, params: unknown[]) =>
  Number((await api.orm.em.getConnection().execute<{ n: string }[]>(query, params))[0]?.n);

describe('promo codes', () => {
  it('answers INVALID_CODE for an unknown code and BAD_INPUT for a blank one, and needs a session', async () => {
    const owner = await signedInOwner(api);
    const unknown = await owner.post('/api/promo/apply', { orgId: owner.userId, code: 'FREEBIES' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'INVALID_CODE', error: 'Invalid promo code' });
    for (const code of ['   ', '', 42, undefined]) {
      const bad = await owner.post('/api/promo/apply', { orgId: owner.userId, code });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'BAD_INPUT', error: 'Please enter a valid promo code' });
    }
    const someoneElses = await owner.post('/api/promo/apply', { orgId: crypto.randomUUID(), code: 'TURNPROOF5' });
    expect(someoneElses.status).toBe(404);
    expect((await owner.get(`/api/promo/status?orgId=${crypto.randomUUID()}`)).status).toBe(404);

    const anonymous = new Browser(api.baseUrl);
    const refused = await anonymous.post('/api/promo/apply', { orgId: owner.userId, code: 'TURNPROOF5' });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('Authentication required');
    expect(await count(`select count(*) as n from promo_redemptions where org_id = ?`, [owner.userId])).toBe(0);
  });

  it('grants exactly 5 credits to 20 concurrent applies for one organisation, 5 more to another, and removes the unused ones after 90 days', async () => {
    const [first, second] = await Promise.all([signedInOwner(api), signedInOwner(api)]);
    const appliedAt = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => first.post('/api/promo/apply', { orgId: first.userId, code: ' turnproof5 ' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(
      answers.filter((answer) => answer.body.message === 'Promo code applied: 5 free reports added.'),
    ).toHaveLength(1);
    for (const answer of answers) {
      expect(answer.body).toMatchObject({ ok: true, code: 'TURNPROOF5', remaining: 5 });
    }
    const expiresAt = Date.parse(answers[0]?.body.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(appliedAt + promoCreditLifetimeMs - 1000);
    expect(await count(`select count(*) as n from promo_redemptions where org_id = ?`, [first.userId])).toBe(1);
    expect(await count(`select sum(remaining) as n from report_credits where org_id = ?`, [first.userId])).toBe(5);

    const other = await second.post('/api/promo/apply', { code: 'TURNPROOF5' });
    expect(other.body).toMatchObject({ ok: true, remaining: 5, message: 'Promo code applied: 5 free reports added.' });
    expect((await first.get(`/api/promo/status?orgId=${first.userId}`)).body).toEqual({ ok: true, remaining: 5 });
    expect((await second.get('/api/promo/status')).body).toEqual({ ok: true, remaining: 5 });

    // Day 89: the credits are still there; after day 90 the workflow has removed them.
    await sleep(appliedAt + 89 * DAY - Date.now());
    expect((await first.get('/api/promo/status')).body.remaining).toBe(5);
    await api.temporal.workflow.getHandle(`promo/${first.userId}/TURNPROOF5`).result();
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
    expect((await first.get('/api/promo/status')).body).toEqual({ ok: true, remaining: 0 });
    expect(await count(`select count(*) as n from report_credits where org_id = ?`, [first.userId])).toBe(0);

    const again = await first.post('/api/promo/apply', { code: 'TURNPROOF5' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ALREADY_REDEEMED' });
    expect(await count(`select count(*) as n from promo_redemptions where org_id = ?`, [first.userId])).toBe(1);
  });
});
