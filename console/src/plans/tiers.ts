import type { AccessTier } from '../types.ts';

const TIERS: AccessTier[] = ['starter', 'professional', 'enterprise'];

/** A feature open to one tier is open to the tiers above it. */
export const tierAtLeast = (tier: AccessTier, needed: AccessTier) => TIERS.indexOf(tier) >= TIERS.indexOf(needed);

/** The badge a locked item shows. */
export const TIER_BADGES: Record<AccessTier, string> = {
  starter: 'Starter',
  professional: 'Pro',
  enterprise: 'Enterprise',
};
