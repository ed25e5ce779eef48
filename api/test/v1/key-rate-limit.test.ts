import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey, keyClient } from '../support/api-key-client.ts';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ rateLimits: { requestsPerApiKey: { points: 3, durationSeconds: 60 } } });
});
afterAll(() => api?.close());

it('meters each key on its own, with RateLimit-* headers, and answers 429 with Retry-After once spent', async () => {
  const owner = await signedInOwner(api);
  const first = keyClient(api, (await createApiKey(owner, ['read'])).key);
  const remaining: (string | null)[] = [];
  for (let request = 0; request < 3; request++) {
    const answer = await first.get('/api/v1/properties');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-limit')).toBe('3');
    expect(Number(answer.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    remaining.push(answer.headers.get('ratelimit-remaining'));
  }
  expect(remaining).toEqual(['2', '1', '0']);
  const refused = await first.get('/api/v1/properties');
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ code: 'rate_limited', request_id: expect.any(String) });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(refused.headers.get('ratelimit-remaining')).toBe('0');
  // Another key of the same owner has its own budget.
  const second = keyClient(api, (await createApiKey(owner, ['read'])).key);
  expect((await second.get('/api/v1/properties')).headers.get('ratelimit-remaining')).toBe('2');
});
