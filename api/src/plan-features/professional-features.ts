import type { EntityManager } from '@mikro-orm/postgresql';
import { BillingSubscription, type PlanKey, Profile } from '@turnproof/db';
import { forbidden } from '../http/errors.ts';

/**
 * Interim plan check for the professional features (analytics, team), until the billing module's
 * access checks land: the tiers follow ARCHITECTURE.md decision 1 (pro -> professional, team ->
 * enterprise, everything else and no subscription -> starter); admins have full access.
 */
export type AccessTier = 'starter' | 'professional' | 'enterprise';

const tierOfPlan: Record<PlanKey, AccessTier> = {
  flex: 'starter',
  starter: 'starter',
  pro: 'professional',
  team: 'enterprise',
};

const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'];

export async function accessTierOf(em: EntityManager, userId: string): Promise<AccessTier> {
  const profile = await em.findOne(Profile, { user: userId }, { fields: ['role'] });
  if (profile?.role === 'admin') return 'enterprise';
  const subscriptions = await em.find(BillingSubscription, {
    user: userId,
    status: { $in: LIVE_SUBSCRIPTION_STATUSES },
  });
  const tiers = subscriptions.map((subscription) => tierOfPlan[subscription.plan_key]);
  if (tiers.includes('enterprise')) return 'enterprise';
  if (tiers.includes('professional')) return 'professional';
  return 'starter';
}

/** Refuses (403 with the spec's upgrade sentence) an owner whose plan lacks the professional features. */
export async function requireProfessional(
  em: EntityManager,
  userId: string,
  upgradeMessage: string,
): Promise<AccessTier> {
  const tier = await accessTierOf(em, userId);
  if (tier === 'starter') throw forbidden(upgradeMessage);
  return tier;
}
