import { randomUUID } from 'node:crypto';
import { RUN_MEDIA_MAX_COUNT } from '@turnproof/config';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../src/auth/rate-limits.ts';
import { hashToken } from '../../src/auth/secret-tokens.ts';
import { cameraPhoto, Cleaner } from '../runner/cleaner.ts';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * M6: /api/public/* (the magic-link API a cleaner's phone talks to) had no throttle: a link holder, or anyone
 * trying tokens, could send requests without end, each a database look-up or a file. Now each link and each
 * address (IPv6 by /64) has a budget; past it the answer is 429 with Retry-After and a sentence, which the
 * runner's offline queue takes as "try again later". The defaults leave room for a whole run at once.
 */

async function newRun(api: TestApi, owner: Awaited<ReturnType<typeof signedInOwner>>) {
  const property = await owner.post('/api/properties', { name: 'Harbor Loft', address: '3 Pier Ave' });
  const template = (await owner.get('/api/templates?filter={"kind":"move_in"}')).body[0];
  const run = await owner.post('/api/runs', {
    property_id: property.body.id,
    type: 'move_in',
    template_id: template.id,
  });
  return Cleaner.fromLink(run.body.magic_link);
}

describe('M6 a throttle on the link holder API', () => {
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof signedInOwner>>;
  const perLink = { points: 20, durationSeconds: 600 };
  const perAddress = { points: 40, durationSeconds: 600 };
  beforeAll(async () => {
    // Behind one proxy, as in production: X-Forwarded-For names the phone's address.
    api = await startTestApi({
      env: { TRUST_PROXY: '1' },
      rateLimits: { publicRequestsPerLink: perLink, publicRequestsPerIp: perAddress },
    });
    owner = await signedInOwner(api);
  });
  afterAll(() => api?.close());
  // The test files of one vitest worker share its database, budgets' rows included, and the burst below
  // comes from 127.0.0.1 like every earlier file's cleaner: each test starts with the budgets unspent.
  beforeEach(async () => {
    await api.orm.em.getConnection().execute(`delete from rate_limits where key like 'publicRequestsPer%'`);
  });

  const openRun = (token: string, address: string) =>
    fetch(`${api.baseUrl}/api/public/run?token=${encodeURIComponent(token)}`, {
      headers: { 'X-Forwarded-For': address },
    });

  it('one link: past its budget it answers 429 with Retry-After and a sentence, from any address; other links go on', async () => {
    const cleaner = await newRun(api, owner);
    const statuses: number[] = [];
    for (let n = 0; n < perLink.points; n += 1) {
      statuses.push((await openRun(cleaner.token, `198.51.100.${n + 1}`)).status);
    }
    expect(statuses).toEqual(Array(perLink.points).fill(200));

    const refused = await openRun(cleaner.token, '198.51.100.200');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(await refused.json()).toMatchObject({
      error: 'Too many requests through this link. Please wait 10 minutes and try again.',
    });
    // A write through the same link is refused alike: the budget is the link's, whatever the route.
    const tick = await fetch(`${api.baseUrl}/api/public/task`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.201' },
      body: JSON.stringify({ token: cleaner.token, runTaskId: randomUUID(), checked: true, action_id: randomUUID() }),
    });
    expect(tick.status).toBe(429);

    const other = await newRun(api, owner);
    expect((await openRun(other.token, '198.51.100.200')).status).toBe(200);
  });

  it('a burst of ticks through one link: as many as its budget has points are applied, the rest answer 429 and leave no trace', async () => {
    const cleaner = await newRun(api, owner);
    const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
    // Sent at once, so they share the statements that spend their budgets with the actions.
    const ticks = await Promise.all(
      Array.from({ length: perLink.points + 5 }, (_, n) =>
        cleaner.http.post('/api/public/task', {
          token: cleaner.token,
          runTaskId: tasks[n % tasks.length]!.id,
          checked: true,
          action_id: randomUUID(),
        }),
      ),
    );
    const statuses = ticks.map((tick) => tick.status);
    // The run's opening spent a point of the link's budget.
    expect(statuses.filter((status) => status === 200)).toHaveLength(perLink.points - 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    const refused = ticks.find((tick) => tick.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(refused.body.error).toBe('Too many requests through this link. Please wait 10 minutes and try again.');
    const [applied] = await api.orm.em.getConnection().execute<{ actions: string; entries: string }[]>(
      `select (select count(*) from processed_actions p where p.run_id = r.id) as actions,
         (select count(*) from capture_entries e where e.run_id = r.id and e.kind in ('task_checked', 'task_unchecked')) as entries
       from runs r where r.token_hash = ?`,
      [hashToken(cleaner.token)],
    );
    expect([Number(applied?.actions), Number(applied?.entries)]).toEqual([perLink.points - 1, perLink.points - 1]);
  });

  it('one address: trying token after token is stopped at its budget; other addresses are not', async () => {
    const guesser = '203.0.113.66';
    const statuses: number[] = [];
    for (let n = 0; n < perAddress.points; n += 1) {
      statuses.push((await openRun(`guess-${n}-${randomUUID()}`, guesser)).status);
    }
    expect(statuses).toEqual(Array(perAddress.points).fill(404));
    const refused = await openRun(`guess-${randomUUID()}`, guesser);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({
      error: 'Too many requests from your network. Please wait 10 minutes and try again.',
    });
    // Uploads count too (no link can be named without a valid grant, so only the address's budget).
    const upload = await fetch(`${api.baseUrl}/api/public/upload/forged.grant`, {
      method: 'PUT',
      headers: { 'X-Forwarded-For': guesser },
      body: 'x',
    });
    expect(upload.status).toBe(429);
    expect((await openRun(`guess-${randomUUID()}`, '203.0.113.67')).status).toBe(404);
  });
});

describe('M6 the default budgets and a real cleaner', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      rateLimits: {
        publicRequestsPerLink: defaultRateLimits.publicRequestsPerLink,
        publicRequestsPerIp: defaultRateLimits.publicRequestsPerIp,
      },
    });
  });
  afterAll(() => api?.close());

  it('leave room for a whole run at once: every photo a run may hold (reserve, PUT, confirm) and 1,000 more', () => {
    expect(defaultRateLimits.publicRequestsPerLink.points).toBeGreaterThanOrEqual(3 * RUN_MEDIA_MAX_COUNT + 1_000);
    expect(defaultRateLimits.publicRequestsPerIp.points).toBeGreaterThanOrEqual(
      3 * defaultRateLimits.publicRequestsPerLink.points,
    );
  });

  it('a phone flushing 100 photos and every task at once is never throttled', { timeout: 300_000 }, async () => {
    const owner = await signedInOwner(api);
    const cleaner = await newRun(api, owner);
    const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
    const photo = await cameraPhoto('flush', 64, 48);
    const statuses = new Set<number>();
    // Three uploads at a time (reserve, PUT, confirm each), as the runner's queue sends them.
    for (let start = 0; start < 100; start += 3) {
      const batch = await Promise.all(
        [0, 1, 2].map((offset) => cleaner.uploadPhoto(tasks[(start + offset) % tasks.length]!.id, photo)),
      );
      for (const upload of batch) {
        statuses
          .add(upload.reserved.status)
          .add(upload.put?.status ?? 0)
          .add(upload.confirmed?.status ?? 0);
      }
    }
    for (const task of tasks) statuses.add((await cleaner.tick(task.id)).status);
    expect([...statuses]).toEqual([200]);
  });
});
