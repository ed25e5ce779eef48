import type { EntityManager } from '@mikro-orm/postgresql';
import { BillingAccount, BillingSubscription, Profile } from '@turnproof/db';
import { type AccessTier, type Plan, PLANS, tierAtLeast } from './plans.ts';

/** Stripe subscription states that keep the plan's access on (a failed payment keeps it during dunning). */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'];

export type AccessStatus = 'admin' | 'trial' | 'active' | 'inactive';

/** What the owner may do and what they have used: the console's gating, sidebar card and meters read it. */
export interface Access {
  is_admin: boolean;
  status: AccessStatus;
  /** The plan picked (flex, starter, pro, team), or null before any choice. */
  plan_key: Plan['key'] | null;
  /** Sidebar wording: Starter, Professional, Enterprise or No plan. */
  plan_name: string;
  tier: AccessTier;
  subscribed: boolean;
  on_trial: boolean;
  trial_ends_at: string | null;
  subscription_ends_at: string | null;
  needs_onboarding: boolean;
  features: { analytics: boolean; team: boolean };
  limits: { max_properties: number | null; max_team_members: number | null };
  reports: { used: number; included: number; cap: number | null };
}

const TIER_NAMES: Record<AccessTier, string> = {
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

/** End of the no-card trial; the billing branch's Trial workflow records it on the billing account. */
function trialEndOf(_account: BillingAccount | null): Date | null {
  return null;
}

/**
 * The owner's access, from the profile (admin role, onboarding), the live Stripe subscription and the
 * billing account. The architecture page's gate: onboarding is needed without onboarding_completed_at,
 * a live subscription or a running trial (admins never need it).
 */
export async function accessOf(em: EntityManager, userId: string): Promise<Access> {
  const profile = await em.findOne(Profile, { user: userId });
  const account = await em.findOne(BillingAccount, { user: userId });
  const subscription = await em.findOne(
    BillingSubscription,
    { user: userId, status: { $in: LIVE_SUBSCRIPTION_STATUSES } },
    { orderBy: { created_at: 'desc' } },
  );
  const isAdmin = profile?.role === 'admin';
  const trialEndsAt = trialEndOf(account);
  const onTrial = trialEndsAt !== null && trialEndsAt.getTime() > Date.now();
  const subscribed = subscription !== null;
  // Flex costs nothing: choosing it is enough to be on it.
  const chosenPlan = subscription?.plan_key ?? account?.plan_key ?? null;
  const plan = PLANS[subscription?.plan_key ?? (onTrial ? 'pro' : 'flex')];
  const tier: AccessTier = isAdmin ? 'enterprise' : plan.accessTier;
  const status: AccessStatus = isAdmin
    ? 'admin'
    : onTrial
      ? 'trial'
      : subscribed || chosenPlan === 'flex'
        ? 'active'
        : 'inactive';
  return {
    is_admin: isAdmin,
    status,
    plan_key: chosenPlan,
    plan_name: status === 'inactive' ? 'No plan' : TIER_NAMES[tier],
    tier,
    subscribed,
    on_trial: onTrial,
    trial_ends_at: trialEndsAt?.toISOString() ?? null,
    subscription_ends_at: subscription?.current_period_end?.toISOString() ?? null,
    needs_onboarding: !isAdmin && !profile?.onboarding_completed_at && !subscribed && !onTrial,
    features: {
      analytics: tierAtLeast(tier, 'professional'),
      team: tierAtLeast(tier, 'professional'),
    },
    limits: isAdmin
      ? { max_properties: null, max_team_members: null }
      : { max_properties: plan.maxProperties, max_team_members: plan.maxTeamMembers },
    reports: {
      used: account?.reports_this_period ?? 0,
      included: plan.includedReports,
      cap: plan.monthlyReportCap,
    },
  };
}
