import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { AuthToken, User } from '@turnproof/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * L7: a reset request for an address with an account used to send its mail before answering; one for
 * an unknown address answered at once. The difference told anyone which addresses have accounts. A
 * mail server that takes its time (here: one that never greets) makes the difference plain.
 */

let api: TestApi;
let slowMailServer: Server;
const sockets = new Set<Socket>();

beforeAll(async () => {
  slowMailServer = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => slowMailServer.listen(0, '127.0.0.1', resolve));
  const { port } = slowMailServer.address() as AddressInfo;
  api = await startTestApi({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await api?.close();
  for (const socket of sockets) socket.destroy();
  slowMailServer?.close();
});

async function timedResetRequest(email: string) {
  const started = performance.now();
  const answer = await fetch(`${api.baseUrl}/api/auth/password-reset/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  return { status: answer?.status, body: await answer?.json(), ms: performance.now() - started };
}

describe('L7 password reset requests', () => {
  it('answer as fast, and the same, whether or not the address has an account', async () => {
    const known = uniqueEmail('known');
    const em = api.orm.em.fork();
    const user = em.create(User, { email: known, password_hash: null, email_confirmed_at: new Date() });
    await em.flush();

    const unknown = await timedResetRequest(uniqueEmail('nobody'));
    const existing = await timedResetRequest(known);
    expect(existing.status).toBe(200);
    expect(existing.body).toEqual(unknown.body);
    expect(existing.ms).toBeLessThan(1_000);
    // The link is still made (and its mail on its way) after the answer.
    await expect.poll(() => api.orm.em.fork().count(AuthToken, { user: user.id, purpose: 'password_reset' })).toBe(1);
  }, 30_000);
});
