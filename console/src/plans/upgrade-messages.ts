import type { Access } from '../types.ts';

/**
 * The spec's upgrade messages with the plans that exist (Pro, not 'Professional'); each screen picks the
 * one that names what the owner lacks. No message sells 'Enterprise', which is no plan.
 */
export const UPGRADE_MESSAGES = {
  starter: 'Upgrade to Starter to unlock this feature',
  professional: 'Upgrade to Pro to unlock advanced features',
  analytics: 'Upgrade to access detailed analytics and reports',
  team: 'Upgrade to Pro to add team members',
  anyFeature: 'Upgrade your plan to access this feature',
} as const;

/** The lock screens' button: the plan that unlocks analytics and the team. */
export const UPGRADE_TO_PRO = 'Upgrade to Pro';

export const propertyLimitMessage = (max: number) =>
  `You've reached your limit of ${max} properties. Upgrade for more.`;

/**
 * The banner messages for an owner's plan, in rotation order: none once analytics and the team are
 * open (Pro, Team, the trial) or for an admin; what Pro adds below it. Without a plan (trial over,
 * subscription ended) the way in is Starter.
 */
export function upgradeBannerMessages(access: Access): string[] {
  if (access.is_admin || access.tier !== 'starter') return [];
  if (access.status === 'inactive') return [UPGRADE_MESSAGES.starter];
  return [UPGRADE_MESSAGES.professional, UPGRADE_MESSAGES.analytics, UPGRADE_MESSAGES.team];
}
