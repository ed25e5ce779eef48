import Stripe from 'stripe';
import type { Config } from '@turnproof/config';

export type StripeConfig = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>;

/**
 * The Stripe SDK, pointed at STRIPE_API_BASE when set (stripe-mock in tests); null when no secret key
 * is configured, so a development setup without Stripe still runs everything else.
 */
export function createStripeClient(config: StripeConfig): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY, {
    ...(base ? { host: base.hostname, port: Number(base.port || (protocol === 'http' ? 80 : 443)), protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
}

export type { Stripe };
