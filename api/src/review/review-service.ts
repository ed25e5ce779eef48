import { WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mailer } from '@turnproof/activities/mailer';
import type { Config } from '@turnproof/config';
import { runHandle } from '@turnproof/temporal/client';
import { reviewRunUpdate, type ReviewResult } from '@turnproof/workflows';
import type { z } from 'zod';
import { conflict } from '../http/errors.ts';
import { decryptLink } from '../runs/magic-link.ts';
import { findOwnedRun } from '../runs/run-service.ts';
import type { reviewBody } from './review-input.ts';
import { revisionMail } from './revision-mail.tsx';

/**
 * The host's decision goes to the run's workflow as an Update: its validator judges it (completed,
 * tasks of this run, score) and its handler records it. A revision then e-mails the assignee the link.
 */
export async function reviewRun(
  deps: { temporal: Client; mailer: Mailer; config: Config },
  em: EntityManager,
  ownerId: string,
  runId: string,
  input: z.output<typeof reviewBody>,
): Promise<ReviewResult> {
  const run = await findOwnedRun(em, ownerId, runId);
  let result: ReviewResult;
  try {
    result = await runHandle(deps.temporal, run.id).executeUpdate(reviewRunUpdate, {
      args: [{ decision: input.decision, taskIds: input.task_ids, note: input.note, score: input.score }],
    });
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError)
      throw conflict(error.cause?.message ?? 'This run cannot be reviewed now.');
    throw error;
  }
  const assignee = run.assigned_to?.email;
  if (input.decision === 'revise' && assignee && !run.link_revoked_at) {
    const titles = run.tasks
      .getItems()
      .filter((task) => input.task_ids.includes(task.id))
      .map((task) => task.title);
    await deps.mailer.send(
      revisionMail(assignee, {
        propertyName: run.property.name,
        taskTitles: titles,
        note: input.note ?? '',
        magicLink: decryptLink(deps.config.SECRET_KEY, run.link_encrypted),
      }),
    );
  }
  return result;
}
