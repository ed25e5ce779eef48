import type { EntityManager } from '@mikro-orm/postgresql';
import { type AccessTier, type Plan, type PlanKey, PLANS, TRIAL_PLAN } from '@turnproof/config';
import { BillingAccount, type PlanStatus, Profile } from '@turnproof/db';

/** The billing facts access is decided from, as the database holds them. */
export interface BillingState {
  isAdmin: boolean;
  planKey: PlanKey;
  planStatus: PlanStatus;
  trialEndsAt: Date | null;
  graceEndsAt: Date | null;
  currentPeriodEnd: Date | null;
}

/** What an owner may do right now. */
export interface OwnerAccess {
  isAdmin: boolean;
  /** A plan is on (admin, active, or past due: the paid plan during the grace, flex after it). */
  subscribed: boolean;
  onTrial: boolean;
  /** The tier of the plan or trial; null with neither (the owner belongs in onboarding). */
  tier: AccessTier | null;
  /** The plan billed for reports (flex unless a paid plan is on). */
  planKey: PlanKey;
  /** The plan whose limits apply: the paid plan, pro during the trial, flex limits without either. */
  limits: Pick<Plan, 'maxProperties' | 'maxTeamMembers'> & { monthlyTexts: number | null };
  trialEnd: Date | null;
  subscriptionEnd: Date | null;
  graceEnd: Date | null;
}

const unlimited = { maxProperties: null, maxTeamMembers: null, monthlyTexts: null };
const limitsOf = (plan: Plan) => ({
  maxProperties: plan.maxProperties,
  maxTeamMembers: plan.maxTeamMembers,
  monthlyTexts: plan.monthlyTexts,
});

/**
 * Decides access from the billing state (pure, so every rule is testable without a clock):
 * admin has everything; a plan is on while active, or past due until its grace ends (then the owner
 * is on flex, which the billing workflow writes); a trial gives the pro plan's access until it ends;
 * without a plan or trial the spec's effective tier is starter with flex's limits, and no tier is shown.
 */
export function decideAccess(state: BillingState, now: Date): OwnerAccess {
  const graceRunning = state.planStatus === 'past_due' && !!state.graceEndsAt && state.graceEndsAt > now;
  const planKey: PlanKey = state.planStatus === 'past_due' && !graceRunning ? 'flex' : state.planKey;
  const subscribedToPlan = state.planStatus !== 'none';
  const onTrial = !subscribedToPlan && !!state.trialEndsAt && state.trialEndsAt > now;
  const common = {
    isAdmin: state.isAdmin,
    trialEnd: state.trialEndsAt,
    subscriptionEnd: subscribedToPlan ? state.currentPeriodEnd : null,
    graceEnd: graceRunning ? state.graceEndsAt : null,
  };
  if (state.isAdmin) {
    return { ...common, subscribed: true, onTrial: false, tier: 'enterprise', planKey, limits: unlimited };
  }
  if (subscribedToPlan) {
    const plan = PLANS[planKey];
    return { ...common, subscribed: true, onTrial: false, tier: plan.accessTier, planKey, limits: limitsOf(plan) };
  }
  if (onTrial) {
    const plan = PLANS[TRIAL_PLAN];
    return { ...common, subscribed: false, onTrial, tier: plan.accessTier, planKey, limits: limitsOf(plan) };
  }
  return { ...common, subscribed: false, onTrial: false, tier: null, planKey, limits: limitsOf(PLANS.flex) };
}

/** Reads the owner's billing state; an owner without a billing row has never had a plan or trial. */
export async function loadBillingState(em: EntityManager, userId: string): Promise<BillingState> {
  const [account, profile] = await Promise.all([
    em.findOne(BillingAccount, { user: userId }, { refresh: true }),
    em.findOne(Profile, { user: userId }, { fields: ['role'] }),
  ]);
  return {
    isAdmin: profile?.role === 'admin',
    planKey: account?.plan_key ?? 'flex',
    planStatus: account?.plan_status ?? 'none',
    trialEndsAt: account?.trial_ends_at ?? null,
    graceEndsAt: account?.grace_ends_at ?? null,
    currentPeriodEnd: account?.current_period_end ?? null,
  };
}

export async function loadOwnerAccess(em: EntityManager, userId: string, now = new Date()): Promise<OwnerAccess> {
  return decideAccess(await loadBillingState(em, userId), now);
}
