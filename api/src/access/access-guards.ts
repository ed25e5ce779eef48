import type { EntityManager } from '@mikro-orm/postgresql';
import { type AccessTier, tierAtLeast } from '@turnproof/config';
import { Property } from '@turnproof/db';
import { requireUser } from '../auth/sessions.ts';
import type { AppContext } from '../http/context.ts';
import { forbidden } from '../http/errors.ts';
import { loadOwnerAccess, type OwnerAccess } from '@turnproof/platform/owner-access';

/** Features gated by tier (architecture decision 2), with the spec's upgrade message for each and its code. */
export const FEATURES = {
  analytics: {
    tier: 'professional',
    message: 'Upgrade to access detailed analytics and reports',
    code: 'upgrade_for_analytics',
  },
  team_management: { tier: 'professional', message: 'Upgrade to Pro to add team members', code: 'upgrade_for_team' },
  /** API keys and /api/v1: integrations are for the plans that run several properties with a team. */
  api_access: { tier: 'professional', message: 'Upgrade to Pro to use the API', code: 'upgrade_for_api' },
} as const satisfies Record<string, { tier: AccessTier; message: string; code: string }>;
export type Feature = keyof typeof FEATURES;

export const propertyLimitMessage = (max: number | 'N') =>
  `You've reached your limit of ${max} properties. Upgrade for more.`;

export function mayUse(access: OwnerAccess, feature: Feature): boolean {
  return access.tier !== null && tierAtLeast(access.tier, FEATURES[feature].tier);
}

/**
 * Guard for a gated endpoint: answers 403 with the feature's upgrade message (like every plan refusal,
 * so the console shows the sentence and keeps the owner signed in), else the owner's access.
 */
export async function requireFeature(ctx: AppContext, feature: Feature): Promise<OwnerAccess> {
  const user = requireUser(ctx);
  const access = await loadOwnerAccess(ctx.state.em, user.id);
  if (!mayUse(access, feature)) throw forbidden(FEATURES[feature].message, FEATURES[feature].code);
  return access;
}

/**
 * Refuses a property past the plan's limit (the Template Collection does not count). Call it inside
 * the transaction that inserts, after locking the owner's row, so two concurrent creations cannot
 * both pass the count.
 */
export async function assertMayAddProperty(em: EntityManager, ownerId: string): Promise<void> {
  const { maxProperties } = (await loadOwnerAccess(em, ownerId)).limits;
  if (maxProperties === null) return;
  const owned = await em.count(Property, { owner: ownerId, is_system_property: false });
  if (owned >= maxProperties)
    throw forbidden(propertyLimitMessage(maxProperties), 'property_limit', { count: maxProperties });
}
