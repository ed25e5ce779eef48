import type { EntityManager } from '@mikro-orm/postgresql';
import { type AccessTier, type PlanKey, PLANS, TIER_PLAN_NAMES } from '@turnproof/config';
import { BillingAccount, Profile } from '@turnproof/db';
import { mayUse } from '../access/access-guards.ts';
import { loadOwnerAccess } from '@turnproof/platform/owner-access';

export type AccessStatus = 'admin' | 'trial' | 'active' | 'inactive';

/**
 * The owner's access as the console reads it (gating, sidebar card, plan badges, meters), in the
 * spec's words, from the billing branch's access decision.
 */
export interface Access {
  is_admin: boolean;
  status: AccessStatus;
  /** The plan that is on, or null without one (on trial or before any choice). */
  plan_key: PlanKey | null;
  /** Sidebar wording: the plan's name (Flex, Starter, Pro, Team; Pro on the trial) or No plan. */
  plan_name: string;
  /** Without a plan or trial the spec's effective tier is starter. */
  tier: AccessTier;
  subscribed: boolean;
  on_trial: boolean;
  trial_ends_at: string | null;
  subscription_ends_at: string | null;
  /** The onboarding gate: true without onboarding_completed_at, a plan or a running trial. */
  needs_onboarding: boolean;
  /** Whether the owner finished onboarding (picked a plan or went on with the trial). */
  onboarding_completed: boolean;
  features: { analytics: boolean; team: boolean; api: boolean };
  limits: { max_properties: number | null; max_team_members: number | null };
  reports: { used: number; included: number; cap: number | null };
}

/**
 * The architecture page's gate: onboarding is needed without onboarding_completed_at, a plan or a
 * running trial; admins never need it.
 */
export async function accessOf(em: EntityManager, userId: string): Promise<Access> {
  const access = await loadOwnerAccess(em, userId);
  const profile = await em.findOne(Profile, { user: userId }, { fields: ['onboarding_completed_at'] });
  const account = await em.findOne(BillingAccount, { user: userId }, { fields: ['reports_this_period'] });
  const plan = PLANS[access.planKey];
  const status: AccessStatus = access.isAdmin
    ? 'admin'
    : access.onTrial
      ? 'trial'
      : access.subscribed
        ? 'active'
        : 'inactive';
  return {
    is_admin: access.isAdmin,
    status,
    plan_key: access.subscribed ? access.planKey : null,
    plan_name: access.subscribed ? plan.name : access.tier ? TIER_PLAN_NAMES[access.tier] : 'No plan',
    tier: access.tier ?? 'starter',
    subscribed: access.subscribed,
    on_trial: access.onTrial,
    trial_ends_at: access.trialEnd?.toISOString() ?? null,
    subscription_ends_at: access.subscriptionEnd?.toISOString() ?? null,
    needs_onboarding: !access.isAdmin && !profile?.onboarding_completed_at && !access.subscribed && !access.onTrial,
    onboarding_completed: Boolean(profile?.onboarding_completed_at),
    features: {
      analytics: mayUse(access, 'analytics'),
      team: mayUse(access, 'team_management'),
      api: mayUse(access, 'api_access'),
    },
    limits: { max_properties: access.limits.maxProperties, max_team_members: access.limits.maxTeamMembers },
    reports: {
      used: account?.reports_this_period ?? 0,
      included: plan.includedReports,
      cap: plan.monthlyReportCap,
    },
  };
}
