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

/** The spec's upgrade message for a feature that needs a tier, when the feature has none of its own. */
export const UPGRADE_MESSAGES: Record<AccessTier, string> = {
  starter: 'Upgrade to Starter to unlock this feature',
  professional: 'Upgrade to Professional to unlock advanced features',
  enterprise: 'Upgrade to Enterprise for full access',
};
export const upgradeMessage = (tier?: AccessTier) =>
  tier ? UPGRADE_MESSAGES[tier] : 'Upgrade your plan to access this feature';
