import { WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import { cleanerLanguage } from '@turnproof/platform/mail';
import type { Mailer } from '@turnproof/platform/mailer';
import { cleanerTexts } from '@turnproof/platform/cleaner-texts';
import type { TextSender } from '@turnproof/platform/twilio-messages';
import type { Config } from '@turnproof/config';
import type { Run } from '@turnproof/db';
import { runHandle } from '@turnproof/temporal/client';
import { reviewRunUpdate, type ReviewRequest, type ReviewResult } from '@turnproof/workflows';
import type { RateLimits } from '../auth/rate-limits.ts';
import { badRequest, conflict, HttpError } from '../http/errors.ts';
import { decryptLink } from '../runs/magic-link.ts';
import { findOwnedRun } from '../runs/run-service.ts';
import { textOrMail } from '../team/member-notice.ts';
import { approvalMail } from '@turnproof/platform/approval-mail';
import type { ReviewInput } from './review-input.ts';
import { revisionMail } from '@turnproof/platform/revision-mail';

type ReviewDeps = {
  temporal: Client;
  mailer: Mailer;
  texts: TextSender | null;
  config: Config;
  rateLimits: RateLimits;
};

/**
 * The host's decision goes to the run's workflow as an Update: its validator judges it (completed,
 * tasks of this run, score) and its handler records it. A revision then tells the assignee (by text on
 * their channel, else by e-mail) with the link and the notes; an approval tells the assignee it was approved.
 */
export async function reviewRun(
  deps: ReviewDeps,
  em: EntityManager,
  ownerId: string,
  runId: string,
  input: ReviewInput,
): Promise<ReviewResult> {
  const run = await findOwnedRun(em, ownerId, runId);
  const request = await reviewRequest(em, run, input);
  let result: ReviewResult;
  try {
    result = await runHandle(deps.temporal, run.id).executeUpdate(reviewRunUpdate, { args: [request] });
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError)
      throw conflict(error.cause?.message ?? 'This run cannot be reviewed now.');
    throw error;
  }
  if (input.decision === 'revise') await tellRevision(deps, em, run, request, input.note, result.reviewedAt);
  else await tellApproval(deps, em, ownerId, run, request, new Date(result.reviewedAt));
  return result;
}

const titleOf = (run: Run, taskId: string) => run.tasks.getItems().find((task) => task.id === taskId)?.title;

/**
 * The Update's request: every task sent back (with or without a note of its own), and the run's note,
 * which a send-back with notes only on its tasks takes from them ('Oven: grease on the door'). Rejected
 * photos must be confirmed photos of their task (400 naming them otherwise).
 */
async function reviewRequest(em: EntityManager, run: Run, input: ReviewInput): Promise<ReviewRequest> {
  const base = { decision: input.decision, note: input.note, score: input.score };
  if (input.decision === 'approve') return { ...base, taskIds: [] };
  const tasks = [
    ...input.tasks.map((task) => ({ id: task.id, note: task.note, rejectedMediaIds: task.rejected_media_ids })),
    ...input.task_ids
      .filter((id) => !input.tasks.some((task) => task.id === id))
      .map((id) => ({ id, note: null, rejectedMediaIds: [] })),
  ];
  await assertTaskPhotos(em, run, tasks);
  const taskNotes = tasks.flatMap((task) => (task.note ? [`${titleOf(run, task.id) ?? task.id}: ${task.note}`] : []));
  return {
    ...base,
    note: input.note ?? (taskNotes.length ? taskNotes.join('\n') : null),
    taskIds: tasks.map((task) => task.id),
    tasks,
  };
}

async function assertTaskPhotos(em: EntityManager, run: Run, tasks: NonNullable<ReviewRequest['tasks']>) {
  const wanted = tasks.flatMap((task) => task.rejectedMediaIds.map((mediaId) => ({ task: task.id, media: mediaId })));
  if (wanted.length === 0) return;
  const found = await em.getConnection().execute<{ id: string; run_task_id: string }[]>(
    `select id, run_task_id from media
     where run_id = ? and status = 'confirmed' and id in (select value::uuid from jsonb_array_elements_text(?::jsonb))`,
    [run.id, JSON.stringify(wanted.map((item) => item.media))],
  );
  const foreign = wanted.filter((item) => !found.some((row) => row.id === item.media && row.run_task_id === item.task));
  if (foreign.length) {
    const task = titleOf(run, foreign[0]!.task) ?? 'this task';
    throw badRequest(
      `Only the photos of a task sent back can be rejected; these are not photos of “${task}”: ${foreign.map((item) => item.media).join(', ')}.`,
    );
  }
}

/** The assignee's language: the one their runner showed on this run, else as `cleanerLanguage` falls back. */
const languageOf = (em: EntityManager, run: Run, memberId: string) =>
  cleanerLanguage(em, { memberId, ownerId: run.property.owner.id, runLanguage: run.cleaner_language });

/** `hostNote`: the run's note as the host wrote it (the tasks' own notes are listed with them). */
async function tellRevision(
  deps: ReviewDeps,
  em: EntityManager,
  run: Run,
  request: ReviewRequest,
  hostNote: string | null,
  reviewedAt: string,
) {
  const assignee = run.assigned_to;
  if (!assignee || run.link_revoked_at) return;
  const magicLink = decryptLink(deps.config.SECRET_KEY, run.link_encrypted);
  const tasks = (request.tasks ?? []).map((task) => ({
    title: titleOf(run, task.id) ?? task.id,
    note: task.note,
    rejectedPhotos: task.rejectedMediaIds.length,
  }));
  const language = await languageOf(em, run, assignee.id);
  await textOrMail(deps, em, {
    // Each send-back is its own notice: a second revision of the run texts again.
    key: `run/${run.id}/revision/${assignee.id}/${reviewedAt}`,
    ownerId: run.property.owner.id,
    runId: run.id,
    member: assignee,
    notice: 'revision',
    asksReply: false,
    text: () => cleanerTexts.revision({ propertyName: run.property.name, tasks: tasks.length, magicLink }, language),
    mail: async (to) =>
      revisionMail(to, { propertyName: run.property.name, tasks, note: hostNote, magicLink }, language),
  });
}

/**
 * The assignee hears of the approval in the language their runner last showed, with the time in the
 * property's zone. A mail spends the owner's hourly budget of mails to team members; once that is spent the
 * approval stands and no mail goes.
 */
async function tellApproval(
  deps: ReviewDeps,
  em: EntityManager,
  ownerId: string,
  run: Run,
  request: ReviewRequest,
  approvedAt: Date,
) {
  const member = run.assigned_to;
  if (!member) return;
  const language = await languageOf(em, run, member.id);
  await textOrMail(deps, em, {
    key: `run/${run.id}/approved/${member.id}`,
    ownerId,
    runId: run.id,
    member,
    notice: 'approved',
    asksReply: false,
    text: () => cleanerTexts.approved(run.property.name, language),
    mail: async (to) => {
      try {
        await deps.rateLimits.consume(['assignmentMailsPerOwner', ownerId]);
      } catch (error) {
        if (error instanceof HttpError && error.status === 429) return null;
        throw error;
      }
      const approval = {
        propertyName: run.property.name,
        approvedAt,
        timeZone: run.property.timezone,
        score: request.score,
        note: request.note,
      };
      return approvalMail(to, approval, language);
    },
  });
}
