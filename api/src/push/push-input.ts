import { z } from 'zod';

export const pushMessages = {
  notConfigured:
    'Browser notifications are off on this server: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npm start writes them).',
  endpoint: 'The subscription endpoint must be an https URL of a push service.',
  p256dh: "The subscription's p256dh key must be a P-256 public key (65 bytes, base64url).",
  auth: "The subscription's auth secret must be 16 bytes, base64url.",
  noAssignee: 'This run has no assigned cleaner to notify.',
};

/** The 503 answer's code when VAPID keys are not configured. */
export const PUSH_NOT_CONFIGURED = 'push_not_configured';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Push services are https; plain http only on this machine outside production (the tests' push endpoint).
 * The server POSTs to the endpoint, so anything else would let a browser point it at any address.
 */
function isPushEndpoint(value: string, production: boolean): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' || (!production && url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

const base64urlOf = (bytes: number, message: string, check: (decoded: Buffer) => boolean = () => true) =>
  z
    .string({ error: message })
    .max(200, message)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((value) => {
      const decoded = Buffer.from(value, 'base64url');
      return decoded.length === bytes && check(decoded);
    }, message);

/** A browser's `PushSubscription.toJSON()` (expirationTime and other fields are ignored). */
export const subscriptionInput = (production: boolean) =>
  z.object({
    endpoint: z
      .string({ error: pushMessages.endpoint })
      .max(2000, pushMessages.endpoint)
      .refine((value) => isPushEndpoint(value, production), pushMessages.endpoint),
    keys: z.object({
      // An uncompressed P-256 point: 0x04, then x and y.
      p256dh: base64urlOf(65, pushMessages.p256dh, (decoded) => decoded[0] === 4),
      auth: base64urlOf(16, pushMessages.auth),
    }),
  });

export type SubscriptionInput = z.output<ReturnType<typeof subscriptionInput>>;

export const endpointInput = z.object({ endpoint: z.string().min(1).max(2000) });

export const pushConfigView = z.object({
  enabled: z.boolean().describe('False when the server has no VAPID keys: browser notifications are off'),
  public_key: z.string().nullable().describe('The VAPID public key to subscribe with (applicationServerKey)'),
});
