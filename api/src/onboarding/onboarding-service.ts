import type { EntityManager } from '@mikro-orm/postgresql';
import {
  BillingAccount,
  BillingSubscription,
  Checklist,
  OnboardingProgress,
  type OnboardingStep,
  Profile,
  Property,
  TeamMember,
} from '@turnproof/db';
import { type Access, accessOf } from '../account/access.ts';
import { type AccessTier, tierAtLeast } from '@turnproof/config';
import { conflict, HttpError } from '../http/errors.ts';

/** The four steps of 'Let's Set Up Your Account'; choose-plan is read from the plan, the others are stored. */
export const SETUP_STEPS = ['choose-plan', 'add-property', 'create-checklist', 'invite-team'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** Steps whose action needs a higher plan; their button opens the Upgrade Required modal below it. */
const STEP_TIERS: Partial<Record<OnboardingStep, AccessTier>> = {
  'invite-team': 'professional',
  'view-analytics': 'professional',
};

export const onboardingMessages = {
  upgradeRequired: 'Upgrade to Pro to unlock advanced features',
  planAlreadyPaid: 'You already have a subscription. Change plans from Plans & Billing.',
  useCheckout: 'Plans start at checkout: choose one with POST /api/stripe/checkout.',
  choosePlanFirst: 'Choose a plan to finish onboarding.',
} as const;

export interface SetupStepState {
  id: SetupStep;
  completed: boolean;
  completed_at: string | null;
  /** The tier the step's action needs, or null. */
  requires: AccessTier | null;
}

export interface OnboardingState {
  needs_onboarding: boolean;
  steps: SetupStepState[];
  completed: number;
  total: number;
}

/**
 * The setup checklist, the one onboarding checklist (onboarding and the dashboard show it). add-property
 * completes itself once a property exists, create-checklist once a checklist that is not a template
 * exists, invite-team once a team member exists; a step whose Start was pressed is stored and stays
 * complete (completed steps are never reopened).
 */
export async function onboardingStateOf(em: EntityManager, userId: string, access: Access): Promise<OnboardingState> {
  const stored = await em.find(OnboardingProgress, { user: userId, completed: true });
  const storedAt = new Map(stored.map((row) => [row.step_id, row.completed_at?.toISOString() ?? null]));
  const ownProperties = { owner: userId, is_system_property: false };
  const derived: Record<SetupStep, boolean> = {
    'choose-plan': access.status !== 'inactive',
    'add-property': (await em.count(Property, ownProperties)) > 0,
    'create-checklist': (await em.count(Checklist, { property: ownProperties, is_template: false })) > 0,
    'invite-team': (await em.count(TeamMember, { owner: userId })) > 0,
  };
  const steps = SETUP_STEPS.map((id): SetupStepState => {
    const storedStep = id === 'choose-plan' ? undefined : storedAt.get(id);
    return {
      id,
      completed: derived[id] || storedStep !== undefined,
      completed_at: storedStep ?? null,
      requires: id === 'choose-plan' ? null : (STEP_TIERS[id] ?? null),
    };
  });
  return {
    needs_onboarding: access.needs_onboarding,
    steps,
    completed: steps.filter((step) => step.completed).length,
    total: steps.length,
  };
}

/** Marks a step done when its action runs; a step above the owner's plan is refused. */
export async function completeStep(em: EntityManager, userId: string, stepId: OnboardingStep): Promise<void> {
  const needed = STEP_TIERS[stepId];
  if (needed) {
    const access = await accessOf(em, userId);
    if (!tierAtLeast(access.tier, needed))
      throw new HttpError(402, onboardingMessages.upgradeRequired, {}, 'upgrade_required');
  }
  await em.upsert(
    OnboardingProgress,
    { user: userId, step_id: stepId, completed: true, completed_at: new Date() },
    { onConflictFields: ['user', 'step_id'], onConflictAction: 'ignore' },
  );
}

/** Ends onboarding; an owner needs a plan or a running trial to leave it. */
export async function finishOnboarding(em: EntityManager, userId: string): Promise<void> {
  const access = await accessOf(em, userId);
  if (access.status === 'inactive') throw conflict(onboardingMessages.choosePlanFirst);
  await markOnboarded(em, userId);
}

async function markOnboarded(em: EntityManager, userId: string): Promise<void> {
  const profile = await em.findOneOrFail(Profile, { user: userId });
  profile.onboarding_completed = true;
  profile.onboarding_completed_at ??= new Date();
  await em.flush();
}

/**
 * Puts the owner on Flex where billing is not configured (no STRIPE_SECRET_KEY: development and tests),
 * and ends onboarding. With Stripe, every plan, Flex included, starts at checkout.
 */
export async function chooseFlexWithoutBilling(em: EntityManager, userId: string, billingConfigured: boolean) {
  if (billingConfigured) throw conflict(onboardingMessages.useCheckout);
  if (await em.count(BillingSubscription, { user: userId, status: { $in: ['active', 'trialing', 'past_due'] } })) {
    throw conflict(onboardingMessages.planAlreadyPaid);
  }
  await em.upsert(
    BillingAccount,
    { user: userId, plan_key: 'flex', plan_status: 'active' },
    { onConflictFields: ['user'], onConflictMergeFields: ['plan_key', 'plan_status'] },
  );
  await markOnboarded(em, userId);
}
