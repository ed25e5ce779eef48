import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import type { Stripe } from '@turnproof/platform/stripe';
import { BillingSubscription, PromoRedemption, Report, ReportCredit, Run, User } from '@turnproof/db';
import { runWorkflowId, terminateWorkflow } from '@turnproof/temporal/client';
import { billingWorkflowId, promoWorkflowId, reportWorkflowId, trialWorkflowId } from '@turnproof/workflows';
import { badRequest, serviceUnavailable } from '../http/errors.ts';
import { forgetRun } from '../runs/forget-run.ts';
import { statementPdfFolder } from '../pay/pay-statements.ts';

export const accountMessages = {
  confirmMismatch: 'To delete your account, type your account email address exactly as shown.',
  deleted: 'Your account and all of its data have been deleted.',
  cancelFailed:
    'Your subscription could not be cancelled just now, so nothing was deleted. Please try again in a few minutes.',
};

const reason = 'The owner deleted their account.';
/** Stripe subscription states that still bill the owner. */
const BILLING_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete'];

/**
 * The account's workflows (ids of ARCHITECTURE.md's catalogue): its runs, every report version (a run's
 * first report outlives a terminated run), the trial, the subscription and the promo credits.
 */
async function accountWorkflowIds(em: EntityManager, userId: string, runIds: string[]): Promise<string[]> {
  const reports = await em.find(Report, { run: { $in: runIds } }, { fields: ['version', 'run'] });
  const promos = await em.find(PromoRedemption, { org_id: userId }, { fields: ['code'] });
  const reportIds = new Set(runIds.map((runId) => reportWorkflowId(runId, 1)));
  for (const report of reports) reportIds.add(reportWorkflowId(report.run.id, report.version));
  return [
    ...runIds.map(runWorkflowId),
    ...reportIds,
    trialWorkflowId(userId),
    billingWorkflowId(userId),
    ...promos.map((promo) => promoWorkflowId(userId, promo.code)),
  ];
}

/** A deleted owner must not be billed again: their live Stripe subscriptions end now, before anything goes. */
async function cancelSubscriptions(stripe: Stripe | null, em: EntityManager, userId: string) {
  const live = await em.find(BillingSubscription, { user: userId, status: { $in: BILLING_STATUSES } });
  if (live.length === 0) return;
  if (!stripe) throw serviceUnavailable(accountMessages.cancelFailed);
  try {
    await Promise.all(live.map((subscription) => stripe.subscriptions.cancel(subscription.stripe_subscription_id)));
  } catch {
    throw serviceUnavailable(accountMessages.cancelFailed);
  }
}

/** The owner typed their own address: the first of Delete Account's confirmations. */
export function assertTypedEmail(user: { email: string }, typedEmail: string): void {
  if (typedEmail.trim().toLowerCase() !== user.email.toLowerCase()) throw badRequest(accountMessages.confirmMismatch);
}

/**
 * Deletes the signed-in owner after they typed their e-mail. Their Stripe subscriptions are cancelled
 * and their workflows stop first, so nothing bills, writes or mails for the account while it goes; then
 * every row (the database cascades from the user to profiles, properties, runs, media rows, team,
 * billing), then the runs' photos and report files, and the pay statements' PDFs.
 */
export async function deleteAccount(
  deps: { temporal: Client; storage: MediaStorage; stripe: Stripe | null },
  em: EntityManager,
  user: { id: string; email: string },
  typedEmail: string,
) {
  assertTypedEmail(user, typedEmail);
  await cancelSubscriptions(deps.stripe, em, user.id);
  const runIds = (await em.find(Run, { property: { owner: user.id } }, { fields: ['id'] })).map((run) => run.id);
  const workflowIds = await accountWorkflowIds(em, user.id, runIds);
  await Promise.all(workflowIds.map((id) => terminateWorkflow(deps.temporal, id, reason)));
  await em.transactional(async (tx) => {
    // Report credits name the organisation by id without a foreign key, so they go explicitly.
    await tx.nativeDelete(ReportCredit, { org_id: user.id });
    await tx.nativeDelete(User, { id: user.id });
  });
  await Promise.all(runIds.map((runId) => forgetRun(deps, runId)));
  await deps.storage.removeTree(statementPdfFolder(user.id));
}
