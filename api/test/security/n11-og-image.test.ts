import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * N11: /api/og-image drew whatever title and description it was given into a branded PNG on the
 * product's own domain (brand spoofing), and each new text was a render on the thread pool that
 * sign-in and uploads share. Now it draws only a public page's own title and description, looked up
 * from its path, and renders are budgeted per address.
 */

let api: TestApi;
const RENDERS = { points: 3, durationSeconds: 3600 };
beforeAll(async () => {
  // Behind one proxy, so each test is its own client (X-Forwarded-For).
  api = await startTestApi({ env: { TRUST_PROXY: '1' }, rateLimits: { ogImageRendersPerIp: RENDERS } });
});
afterAll(() => api?.close());

async function card(query: string, client: string) {
  const answer = await fetch(`${api.baseUrl}/api/og-image?${query}`, { headers: { 'X-Forwarded-For': client } });
  return { status: answer.status, bytes: Buffer.from(await answer.arrayBuffer()) };
}

const spoof = new URLSearchParams({
  title: 'Your Turnproof account is locked',
  description: 'Call +1 555 0100 to unlock it and keep your bookings.',
});

describe('N11 /api/og-image', () => {
  it("draws the page's own title whatever text is asked for, and the plain card for a path that is no page", async () => {
    const client = '203.0.113.11';
    const pricing = await card('path=%2Fpricing', client);
    expect(pricing.status).toBe(200);
    expect(pricing.bytes.subarray(1, 4).toString()).toBe('PNG');
    const spoofedPricing = await card(`${spoof}&path=%2Fpricing`, client);
    expect(spoofedPricing.status).toBe(200);
    expect(spoofedPricing.bytes.equals(pricing.bytes)).toBe(true);

    const plain = await card('path=%2Fno-such-page', client);
    const spoofedElsewhere = await card(`${spoof}&path=%2Fno-such-page-${Date.now()}`, client);
    expect(spoofedElsewhere.status).toBe(200);
    expect(spoofedElsewhere.bytes.equals(plain.bytes)).toBe(true);
    expect(plain.bytes.equals(pricing.bytes)).toBe(false);
  });

  it('answers 429 once a client has had its budget of new cards drawn; cached cards still come', async () => {
    const client = '203.0.113.12';
    const statuses = [];
    for (const path of ['/terms', '/privacy', '/features', '/help']) {
      statuses.push((await card(`path=${encodeURIComponent(path)}`, client)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await card('path=%2Fterms', client)).status).toBe(200);
  });
});
