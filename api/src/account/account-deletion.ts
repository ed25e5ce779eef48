import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { MediaStorage } from '@turnproof/activities/media-storage';
import { PromoRedemption, Report, ReportCredit, Run, User } from '@turnproof/db';
import { runWorkflowId, terminateWorkflow } from '@turnproof/temporal/client';
import { reportWorkflowId } from '@turnproof/workflows';
import { badRequest } from '../http/errors.ts';
import { forgetRun } from '../runs/forget-run.ts';

export const accountMessages = {
  confirmMismatch: 'To delete your account, type your account email address exactly as shown.',
  deleted: 'Your account and all of its data have been deleted.',
};

const reason = 'The owner deleted their account.';

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
    `trial/${userId}`,
    `billing/${userId}`,
    ...promos.map((p) => `promo/${userId}/${p.code}`),
  ];
}

/**
 * Deletes the signed-in owner after they typed their e-mail. Their workflows stop first, so none writes
 * or mails for the account while it goes; then every row (the database cascades from the user to
 * profiles, properties, runs, media rows, team, billing), then the runs' photos and report files.
 */
export async function deleteAccount(
  deps: { temporal: Client; storage: MediaStorage },
  em: EntityManager,
  user: { id: string; email: string },
  typedEmail: string,
) {
  if (typedEmail.trim().toLowerCase() !== user.email.toLowerCase()) throw badRequest(accountMessages.confirmMismatch);
  const runIds = (await em.find(Run, { property: { owner: user.id } }, { fields: ['id'] })).map((run) => run.id);
  const workflowIds = await accountWorkflowIds(em, user.id, runIds);
  await Promise.all(workflowIds.map((id) => terminateWorkflow(deps.temporal, id, reason)));
  await em.transactional(async (tx) => {
    // Report credits name the organisation by id without a foreign key, so they go explicitly.
    await tx.nativeDelete(ReportCredit, { org_id: user.id });
    await tx.nativeDelete(User, { id: user.id });
  });
  await Promise.all(runIds.map((runId) => forgetRun(deps, runId)));
}
