import type { EntityManager } from '@mikro-orm/postgresql';
import { Run, RunTask } from '@turnproof/db';
import { hashToken } from '../auth/secret-tokens.ts';
import { recordRunWebhookEvent } from '@turnproof/platform/webhooks';
import { conflict, forbidden, HttpError, notFound } from '../http/errors.ts';

export const linkMessages = {
  invalid: 'This link is invalid, expired, or revoked. Please ask the host for a new link.',
  revoked: 'This link was revoked by the host. Please ask the host for a new link.',
  expired: 'This link has expired. Please ask the host for a new link.',
  replaced:
    'This link was replaced: the run was passed to someone else, or its cleaner got a new link. Please ask the host.',
  canceled: 'This run was canceled: the booking behind it was cancelled. You do not need to go.',
  completed: 'This run is already completed.',
  foreignTask: 'This task does not belong to this run.',
  foreignFile: 'This file does not belong to this run.',
  cameraOnly: 'This task needs a photo taken with the camera, not one from the gallery. Please take it again.',
  notReopened: 'This task is not open for revision. Only the tasks the host sent back can change.',
};

/**
 * The run a magic-link token opens: unknown 404, revoked, expired or replaced 410. Only the token's SHA-256 is
 * stored, so the look-up compares digests (an index hit on a hash reveals nothing about other tokens).
 */
export async function runForToken(em: EntityManager, token: string | undefined): Promise<Run> {
  if (!token || token.length > 200) throw notFound(linkMessages.invalid);
  const tokenHash = hashToken(token);
  const run = await em.findOne(Run, { token_hash: tokenHash });
  if (!run) {
    // A link replaced when its run changed hands (team-member removal, hand-over, revoked schedule).
    const [retired] = await em.execute(`select 1 from retired_run_links where token_hash = ?`, [tokenHash], 'all');
    throw retired ? new HttpError(410, linkMessages.replaced) : notFound(linkMessages.invalid);
  }
  assertLinkAlive(run);
  if (run.status === 'canceled') throw new HttpError(410, linkMessages.canceled);
  return run;
}

/** A revoked or expired link answers 410, and so do the upload and media URLs it handed out. */
export function assertLinkAlive(run: Pick<Run, 'link_revoked_at' | 'link_expired_at'>): void {
  if (run.link_revoked_at) throw new HttpError(410, linkMessages.revoked);
  if (run.link_expired_at) throw new HttpError(410, linkMessages.expired);
}

/**
 * Names the run's current magic link in the upload and media grants it hands out (a digest prefix,
 * nothing the link holder could not compute), so that rotating the link ends them with it.
 */
export const linkStamp = (run: Pick<Run, 'token_hash'>): string => run.token_hash.slice(0, 16);

/**
 * A grant handed out through a magic link works while that link does: 410 once it is revoked, expired
 * or replaced by a rotation. Grants signed before links were named in them carry none (they expire
 * within 15 minutes).
 */
export function assertGrantLinkAlive(
  run: Pick<Run, 'link_revoked_at' | 'link_expired_at' | 'token_hash'>,
  stamp?: string,
) {
  assertLinkAlive(run);
  if (stamp !== undefined && stamp !== linkStamp(run)) throw new HttpError(410, linkMessages.revoked);
}

/** Writes to a completed run answer 409: its record is final once the host has the report. */
export function assertOpen(run: Run): void {
  if (run.status === 'completed') throw conflict(linkMessages.completed);
}

/** While a run awaits revision, only the tasks the host sent back accept changes. */
export function assertTaskOpen(run: Pick<Run, 'status'>, task: Pick<RunTask, 'reopened'>): void {
  if (run.status === 'revision_requested' && !task.reopened) throw conflict(linkMessages.notReopened);
}

export async function taskOfRun(em: EntityManager, run: Run, runTaskId: string): Promise<RunTask> {
  const task = await em.findOne(RunTask, { id: runTaskId });
  if (!task || task.run.id !== run.id) throw forbidden(linkMessages.foreignTask);
  return task;
}

/**
 * Marks the run started on its first action, announcing `run.started` to the owner's webhook endpoints in
 * the same transaction; answers when it started (also when a concurrent action started it first).
 */
export async function noteRunStarted(em: EntityManager, run: Pick<Run, 'id' | 'started_at'>): Promise<Date> {
  if (run.started_at) return run.started_at;
  const connection = em.getConnection();
  const started = await connection.execute<{ started_at: Date }[]>(
    `update runs set status = case when status = 'pending' then 'in_progress' else status end,
         started_at = now(), updated_at = now()
       where id = ? and started_at is null returning started_at`,
    [run.id],
    'all',
    em.getTransactionContext(),
  );
  if (started[0]) {
    await recordRunWebhookEvent(em, run.id, 'run.started');
    return new Date(started[0].started_at);
  }
  const [current] = await connection.execute<{ started_at: Date | null }[]>(
    `select started_at from runs where id = ?`,
    [run.id],
    'all',
    em.getTransactionContext(),
  );
  return current?.started_at ? new Date(current.started_at) : new Date();
}
