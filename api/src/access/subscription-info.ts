import type { EntityManager } from '@mikro-orm/postgresql';
import { PLANS } from '@turnproof/config';
import { BillingAccount, User } from '@turnproof/db';
import { z } from 'zod';
import { loadOwnerAccess, type OwnerAccess } from '@turnproof/platform/owner-access';

export const subscriptionInfo = z.object({
  subscribed: z.boolean(),
  subscription_tier: z.enum(['starter', 'professional', 'enterprise']).nullable(),
  subscription_end: z.string().nullable(),
  trial_end: z.string().nullable(),
  onTrial: z.boolean(),
  isAdmin: z.boolean(),
  /** Whether the owner's e-mail address is confirmed. */
  verified: z.boolean(),
  plan_key: z.enum(['flex', 'starter', 'pro', 'team']),
  usage: z.object({
    used: z.int(),
    included: z.int(),
    percentage: z.int(),
    isOverLimit: z.boolean(),
  }),
  credits: z.int(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfo>;

/**
 * Reports used this period against what the plan gives: the included reports, or flex's monthly cap
 * (flex includes none but stops at 10). Past the included reports a paid plan bills overage; flex
 * refuses.
 */
export function usageOf(access: Pick<OwnerAccess, 'planKey'>, used: number): SubscriptionInfo['usage'] {
  const plan = PLANS[access.planKey];
  const included = plan.monthlyReportCap ?? plan.includedReports;
  return {
    used,
    included,
    percentage: included > 0 ? Math.round((used / included) * 100) : 0,
    isOverLimit: plan.monthlyReportCap !== null ? used >= plan.monthlyReportCap : used > included,
  };
}

/** Unused promo credits that have not expired. */
async function creditsLeft(em: EntityManager, userId: string): Promise<number> {
  const [row] = await em
    .getConnection()
    .execute<{ credits: string | null }[]>(
      'select sum(remaining) as credits from report_credits where org_id = ? and remaining > 0 and expires_at > now()',
      [userId],
    );
  return Number(row?.credits ?? 0);
}

/** The spec's subscription info (check-subscription) plus plan, usage and credits. */
export async function subscriptionInfoOf(em: EntityManager, userId: string): Promise<SubscriptionInfo> {
  const [access, account, credits, user] = await Promise.all([
    loadOwnerAccess(em, userId),
    em.findOne(BillingAccount, { user: userId }, { fields: ['reports_this_period'] }),
    creditsLeft(em, userId),
    em.findOneOrFail(User, userId, { fields: ['email_confirmed_at'] }),
  ]);
  return {
    subscribed: access.subscribed,
    subscription_tier: access.tier,
    subscription_end: access.subscriptionEnd?.toISOString() ?? null,
    trial_end: access.trialEnd?.toISOString() ?? null,
    onTrial: access.onTrial,
    isAdmin: access.isAdmin,
    verified: user.email_confirmed_at !== null,
    plan_key: access.planKey,
    usage: usageOf(access, account?.reports_this_period ?? 0),
    credits,
  };
}
