import { createHmac, randomBytes } from 'node:crypto';

/** `whsec_` and 32 random bytes, base64url: shown once to the owner, kept sealed to sign deliveries. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The `Turnproof-Signature` header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 * The time is inside the signed text, so a receiver can refuse an old delivery replayed at it.
 */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}
