/**
 * The plan catalogue: plan set A of spec/calls-and-constants.md section 9 (per-report billing) with the
 * access tiers and limits the architecture page decides. Money is in cents; null means unlimited.
 */
export const PLAN_KEYS = ['flex', 'starter', 'pro', 'team'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

export const ACCESS_TIERS = ['starter', 'professional', 'enterprise'] as const;
export type AccessTier = (typeof ACCESS_TIERS)[number];

export interface Plan {
  key: PlanKey;
  name: string;
  monthlyPriceCents: number;
  /** Reports the monthly price pays for; later reports are overage. */
  includedReports: number;
  overageCentsPerReport: number;
  /** Reports refused past this many in a period (flex only). */
  monthlyReportCap: number | null;
  /** Days a run's photos and videos are kept (flex only); report PDFs are always kept. */
  mediaRetentionDays: number | null;
  accessTier: AccessTier;
  maxProperties: number | null;
  maxTeamMembers: number | null;
  /** Free days before the first charge at checkout (monthly plans). */
  trialDays: number;
  /** Texts (SMS, WhatsApp) to cleaners a calendar month (UTC); past it, notices go by e-mail. */
  monthlyTexts: number;
}

export const PLANS: Record<PlanKey, Plan> = {
  flex: {
    key: 'flex',
    name: 'Flex',
    monthlyPriceCents: 0,
    includedReports: 0,
    overageCentsPerReport: 200,
    monthlyReportCap: 10,
    mediaRetentionDays: 30,
    accessTier: 'starter',
    maxProperties: 3,
    maxTeamMembers: 5,
    trialDays: 0,
    monthlyTexts: 30,
  },
  starter: {
    key: 'starter',
    name: 'Starter',
    monthlyPriceCents: 1500,
    includedReports: 15,
    overageCentsPerReport: 150,
    monthlyReportCap: null,
    mediaRetentionDays: null,
    accessTier: 'starter',
    maxProperties: 10,
    maxTeamMembers: 5,
    trialDays: 14,
    monthlyTexts: 150,
  },
  pro: {
    key: 'pro',
    name: 'Pro',
    monthlyPriceCents: 2900,
    includedReports: 40,
    overageCentsPerReport: 100,
    monthlyReportCap: null,
    mediaRetentionDays: null,
    accessTier: 'professional',
    maxProperties: 50,
    maxTeamMembers: 25,
    trialDays: 14,
    monthlyTexts: 400,
  },
  team: {
    key: 'team',
    name: 'Team',
    monthlyPriceCents: 4900,
    includedReports: 80,
    overageCentsPerReport: 80,
    monthlyReportCap: null,
    mediaRetentionDays: null,
    accessTier: 'enterprise',
    maxProperties: null,
    maxTeamMembers: null,
    trialDays: 14,
    monthlyTexts: 1000,
  },
};

/**
 * What a person reads for an access tier: the name of the plan that gives it. The tiers are internal
 * words; 'Professional' and 'Enterprise' are no plan anyone can buy, so no screen says them.
 */
export const TIER_PLAN_NAMES: Record<AccessTier, string> = {
  starter: PLANS.starter.name,
  professional: PLANS.pro.name,
  enterprise: PLANS.team.name,
};

/** The trial is professional access (the pro plan's limits) for 14 days, no card. */
export const TRIAL_PLAN: PlanKey = 'pro';
export const TRIAL_DAYS = 14;

export const isPlanKey = (value: unknown): value is PlanKey => PLAN_KEYS.includes(value as PlanKey);

/** Access tiers in increasing order: a feature open to one tier is open to the ones above. */
export const tierAtLeast = (tier: AccessTier, needed: AccessTier) =>
  ACCESS_TIERS.indexOf(tier) >= ACCESS_TIERS.indexOf(needed);

/** Overage cost: reports beyond the included ones times the plan's rate (flex: every report). */
export function overageCents(plan: Plan, reports: number): number {
  return Math.max(0, reports - plan.includedReports) * plan.overageCentsPerReport;
}
