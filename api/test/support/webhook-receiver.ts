import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  signature: string;
  /** The body as it came, byte for byte (what the signature covers). */
  raw: string;
  event: { id: string; type: string; created: number; data: Record<string, any> };
}

/** A receiver's own check, as docs/api.md shows it: HMAC-SHA256(secret, "<t>.<body>") against `v1`. */
export function signatureVerifies(secret: string, header: string, raw: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${raw}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * An integration's webhook receiver on a real HTTP server on loopback: it keeps every POST and answers
 * the statuses it is told, in order (then 200).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ signature: String(request.headers['turnproof-signature'] ?? ''), raw, event: JSON.parse(raw) });
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/turnproof`,
    received,
    /** The next answers' statuses, in order; 200 after them. */
    answer(next: number[]) {
      statuses = [...next];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
