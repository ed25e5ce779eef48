import type { MessageKey } from '../i18n/keys.ts';
import type { Access } from '../types.ts';

/**
 * The spec's upgrade messages with the plans that exist (Pro, not 'Professional'); each screen picks the
 * one that names what the owner lacks. No message sells 'Enterprise', which is no plan.
 */
export const UPGRADE_MESSAGES = {
  starter: 'upgrade.starter',
  professional: 'upgrade.professional',
  analytics: 'upgrade.analytics',
  team: 'upgrade.team',
  anyFeature: 'upgrade.anyFeature',
} as const satisfies Record<string, MessageKey>;

/**
 * The banner messages for an owner's plan, in rotation order: none once analytics and the team are
 * open (Pro, Team, the trial) or for an admin; what Pro adds below it. Without a plan (trial over,
 * subscription ended) the way in is Starter.
 */
export function upgradeBannerMessages(access: Access): MessageKey[] {
  if (access.is_admin || access.tier !== 'starter') return [];
  if (access.status === 'inactive') return [UPGRADE_MESSAGES.starter];
  return [UPGRADE_MESSAGES.professional, UPGRADE_MESSAGES.analytics, UPGRADE_MESSAGES.team];
}
