import { TIER_PLAN_NAMES } from '@turnproof/config/plans';
import type { AccessTier } from '../types.ts';

const TIERS: AccessTier[] = ['starter', 'professional', 'enterprise'];

/** A feature open to one tier is open to the tiers above it. */
export const tierAtLeast = (tier: AccessTier, needed: AccessTier) => TIERS.indexOf(tier) >= TIERS.indexOf(needed);

/** The badge a locked item shows: the plan that unlocks it. */
export const TIER_BADGES: Record<AccessTier, string> = TIER_PLAN_NAMES;
