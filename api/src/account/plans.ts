import type { PlanKey } from '@turnproof/db';

export type AccessTier = 'starter' | 'professional' | 'enterprise';

export interface Plan {
  key: PlanKey;
  name: string;
  monthlyPriceCents: number;
  includedReports: number;
  overageCentsPerReport: number;
  /** Reports refused past this many in a period (flex only). */
  monthlyReportCap: number | null;
  accessTier: AccessTier;
  /** null: unlimited. */
  maxProperties: number | null;
  maxTeamMembers: number | null;
}

/**
 * Plan set A of the spec (section 9) with the tiers and limits of the architecture page. The billing
 * branch brings the same catalogue to @turnproof/config; this module then re-exports it.
 */
export const PLANS: Record<PlanKey, Plan> = {
  flex: {
    key: 'flex',
    name: 'Flex',
    monthlyPriceCents: 0,
    includedReports: 0,
    overageCentsPerReport: 200,
    monthlyReportCap: 10,
    accessTier: 'starter',
    maxProperties: 3,
    maxTeamMembers: 5,
  },
  starter: {
    key: 'starter',
    name: 'Starter',
    monthlyPriceCents: 1500,
    includedReports: 15,
    overageCentsPerReport: 150,
    monthlyReportCap: null,
    accessTier: 'starter',
    maxProperties: 10,
    maxTeamMembers: 5,
  },
  pro: {
    key: 'pro',
    name: 'Pro',
    monthlyPriceCents: 2900,
    includedReports: 40,
    overageCentsPerReport: 100,
    monthlyReportCap: null,
    accessTier: 'professional',
    maxProperties: 50,
    maxTeamMembers: 25,
  },
  team: {
    key: 'team',
    name: 'Team',
    monthlyPriceCents: 4900,
    includedReports: 80,
    overageCentsPerReport: 80,
    monthlyReportCap: null,
    accessTier: 'enterprise',
    maxProperties: null,
    maxTeamMembers: null,
  },
};

const TIER_ORDER: AccessTier[] = ['starter', 'professional', 'enterprise'];

/** A feature open to one tier is open to the tiers above it. */
export const tierAtLeast = (tier: AccessTier, needed: AccessTier) =>
  TIER_ORDER.indexOf(tier) >= TIER_ORDER.indexOf(needed);
