import type { Access } from '../types.ts';

/** The spec's seven upgrade messages; each screen picks the one that names what the owner lacks. */
export const UPGRADE_MESSAGES = {
  starter: 'Upgrade to Starter to unlock this feature',
  professional: 'Upgrade to Professional to unlock advanced features',
  enterprise: 'Upgrade to Enterprise for full access',
  analytics: 'Upgrade to access detailed analytics and reports',
  team: 'Upgrade to Professional to add unlimited team members',
  anyFeature: 'Upgrade your plan to access this feature',
} as const;

export const propertyLimitMessage = (max: number) =>
  `You've reached your limit of ${max} properties. Upgrade for more.`;

/**
 * The banner messages for an owner's plan, in rotation order: none at the top plan (or for an admin); the
 * next plan up otherwise. Without a plan (trial over, subscription ended) the way in is Starter.
 */
export function upgradeBannerMessages(access: Access): string[] {
  if (access.is_admin || access.tier === 'enterprise') return [];
  if (access.status === 'inactive') return [UPGRADE_MESSAGES.starter];
  if (access.tier === 'professional') return [UPGRADE_MESSAGES.enterprise];
  return [UPGRADE_MESSAGES.professional, UPGRADE_MESSAGES.analytics, UPGRADE_MESSAGES.team];
}
