import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARGON2_CONCURRENCY, passwordHashingLoad } from '../../src/auth/passwords.ts';
import { uniqueEmail } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * M2's gap: nothing capped argon2. A burst of sign-ins from many addresses (each within its own
 * budget) ran one 19 MiB argon2id per request at once, on the thread pool that file reads and image
 * checks share. Now at most ARGON2_CONCURRENCY run in the process; the rest wait their turn.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('M2 argon2 concurrency', () => {
  it('a burst of 40 sign-ins runs at most 4 password checks at once, and every one is answered', async () => {
    expect(ARGON2_CONCURRENCY).toBe(4);
    let mostRunning = 0;
    let mostWaiting = 0;
    const sampler = setInterval(() => {
      const load = passwordHashingLoad();
      mostRunning = Math.max(mostRunning, load.running);
      mostWaiting = Math.max(mostWaiting, load.waiting);
    }, 2);
    try {
      const statuses = await Promise.all(
        Array.from({ length: 40 }, () =>
          fetch(`${api.baseUrl}/api/auth/login`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email: uniqueEmail('burst'), password: 'wrong-pass-1' }),
          }).then((answer) => answer.status),
        ),
      );
      expect(statuses).toEqual(Array(40).fill(401));
    } finally {
      clearInterval(sampler);
    }
    expect(mostRunning).toBeGreaterThan(0);
    expect(mostRunning).toBeLessThanOrEqual(ARGON2_CONCURRENCY);
    expect(mostWaiting).toBeGreaterThan(0);
  }, 60_000);
});
