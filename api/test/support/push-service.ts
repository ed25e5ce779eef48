import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import webpush from 'web-push';

export interface ReceivedPush {
  endpoint: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A browser's side of Web Push, on this machine: an HTTP push service that takes every POST (answering
 * 201, or what a test set for an endpoint: 410 for a subscription it no longer knows), and subscriptions
 * made like a browser's (a P-256 key pair and a 16-byte auth secret) whose messages it can decrypt.
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url}`;
      received.push({ endpoint, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(endpoint) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** A browser's subscription at this service, and the keys to read what arrives for it. */
    subscribe() {
      const keys: ECDH = createECDH('prime256v1');
      keys.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      return {
        endpoint,
        toJSON: () => ({
          endpoint,
          expirationTime: null,
          keys: { p256dh: keys.getPublicKey('base64url'), auth: auth.toString('base64url') },
        }),
        /** The payload of a push to it, decrypted (RFC 8291, aes128gcm) as JSON. */
        read: (push: ReceivedPush): unknown =>
          JSON.parse(decrypt(push.body, { version: 'aes128gcm', privateKey: keys, authSecret: auth }).toString()),
      };
    },
    /** What the service answers for that endpoint from now on. */
    answer(endpoint: string, status: number) {
      answers.set(endpoint, status);
    },
    /** Every push to the endpoint so far. */
    received: (endpoint: string) => received.filter((push) => push.endpoint === endpoint),
    /** The first `count` pushes to the endpoint, waiting for them up to the timeout. */
    async pushes(endpoint: string, count = 1, timeoutMs = 30_000): Promise<ReceivedPush[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const pushes = received.filter((push) => push.endpoint === endpoint);
        if (pushes.length >= count) return pushes.slice(0, count);
        if (Date.now() > deadline) throw new Error(`${pushes.length} of ${count} pushes arrived for ${endpoint}.`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/** A server's VAPID settings for a test API (and its worker): a fresh key pair. */
export function vapidEnv(): Record<string, string> {
  const keys = webpush.generateVAPIDKeys();
  return {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: 'mailto:push-test@example.test',
  };
}
