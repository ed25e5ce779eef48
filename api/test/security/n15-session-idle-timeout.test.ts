import { Session } from '@turnproof/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * N15: a session cookie left in a shared browser must not stay good for its whole 30 days: after 7
 * days without a request the session has ended; every use pushes that moment on.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const DAY_MS = 24 * 3_600_000;

/** Makes the owner's sessions look last used `days` ago (no API call can age a session). */
async function lastUsed(userId: string, days: number) {
  await api.orm.em
    .fork()
    .nativeUpdate(Session, { user: userId }, { last_seen_at: new Date(Date.now() - days * DAY_MS) });
}
/** When the owner's most recently used session was last seen (confirming the e-mail signs in too, so
 * `signedInOwner` leaves two sessions; only the cookie's one slides). */
const lastSeen = async (userId: string) =>
  Math.max(...(await api.orm.em.fork().find(Session, { user: userId })).map((s) => s.last_seen_at.getTime()));

describe('N15 the session idle timeout', () => {
  it('ends a session unused for more than 7 days, though its 30-day lifetime has not run out', async () => {
    const owner = await signedInOwner(api);
    expect((await owner.get('/api/auth/session')).body.user.email).toBe(owner.email);
    await lastUsed(owner.userId, 7.5);
    const later = await owner.get('/api/auth/session');
    expect(later.body.user).toBeNull();
    expect((await owner.get('/api/properties')).status).toBe(401);
  });

  it('keeps a session in use alive: each request slides the timeout on', async () => {
    const owner = await signedInOwner(api);
    await lastUsed(owner.userId, 6.5);
    expect((await owner.get('/api/auth/session')).body.user.email).toBe(owner.email);
    expect(Date.now() - (await lastSeen(owner.userId))).toBeLessThan(60_000);
    // Another six and a half days later (13 since sign-in), it still works.
    await lastUsed(owner.userId, 6.5);
    expect((await owner.get('/api/properties')).status).toBe(200);
  });
});
