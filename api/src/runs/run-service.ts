import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Config } from '@turnproof/config';
import { recordRunWebhookEvent } from '@turnproof/platform/webhooks';
import { Checklist, InspectionTemplate, Property, recordActivity, Run, RunTask, UserPreferences } from '@turnproof/db';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import { productionDurations, withOwnerLadder, type RunDurations } from '@turnproof/config';
import type { Mailer } from '@turnproof/platform/mailer';
import type { TextSender } from '@turnproof/platform/twilio-messages';
import type { PushSender } from '@turnproof/platform/web-push-sender';
import type { OutboxRelay } from '../outbox/outbox-relay.ts';
import { enqueueRunStart } from '../outbox/outbox-writes.ts';
import { completeRun } from './complete-run.ts';
import { forgetRun } from './forget-run.ts';
import { markRunStarted, rescheduleRun } from './run-dispatch.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import type { RateLimits } from '../auth/rate-limits.ts';
import { assignableMember } from '../team/assignable-member.ts';
import { sendRunToAssignee } from '../team/assignment-mail.ts';
import { decryptLink, newMagicLink } from './magic-link.ts';
import { type CreateRunInput, runMessages, type UpdateRunInput } from './run-input.ts';

interface TaskSnapshot {
  task?: string;
  title: string;
  description: string | null;
  required_media: number;
  camera_only?: boolean;
}

/** What a new run is made from: its name, the checklist or template (if any) and the tasks it starts with. */
export interface RunSource {
  name: string;
  checklist: Checklist | null;
  template: InspectionTemplate | null;
  tasks: TaskSnapshot[];
}

/** The tasks a run starts with, from a checklist (own or own template) or a system template's sections. */
async function tasksOfSource(em: EntityManager, ownerId: string, input: CreateRunInput): Promise<RunSource> {
  if (input.checklist_id) {
    const checklist = await em.findOne(
      Checklist,
      { id: input.checklist_id, property: { owner: ownerId } },
      { populate: ['tasks'] },
    );
    if (!checklist) throw badRequest(runMessages.sourceNotFound);
    const tasks: TaskSnapshot[] = checklist.tasks.getItems().map((task) => ({
      task: task.id,
      title: task.title,
      description: task.description ?? null,
      required_media: task.required_media,
      camera_only: task.camera_only,
    }));
    return { name: checklist.name, checklist, template: null, tasks };
  }
  const template = await em.findOne(InspectionTemplate, { id: input.template_id ?? '', is_system_template: true });
  if (!template) throw badRequest(runMessages.sourceNotFound);
  const tasks: TaskSnapshot[] = template.sections.flatMap((section) => section.tasks);
  return { name: template.name, checklist: null, template, tasks };
}

async function findAssignee(em: EntityManager, ownerId: string, id: string | null | undefined, current: string | null) {
  if (!id) return null;
  return assignableMember(em, ownerId, { id, field: 'assigned_to', notFound: runMessages.assigneeNotFound, current });
}

/** A run task as the run's record shows it. */
export interface RunTaskRecord {
  id: string;
  title: string;
  description: string | null;
  required_media: number;
  order_index: number;
  checked: boolean;
  checked_at: Date | null;
  comment: string | null;
  duration_seconds: number | null;
  reopened: boolean;
}

/**
 * The tasks of many runs in one plain query (no entities, no identity map), in task order: a list
 * page of 25 runs has some 500 tasks, which as hydrated entities cost more than the rest of the request.
 */
export async function runTasksOf(em: EntityManager, runIds: string[]): Promise<Map<string, RunTaskRecord[]>> {
  const byRun = new Map<string, RunTaskRecord[]>(runIds.map((id) => [id, []]));
  if (runIds.length === 0) return byRun;
  const rows = await em
    .getConnection()
    .execute<(Omit<RunTaskRecord, 'checked_at'> & { run_id: string; checked_at: string | null })[]>(
      `select run_id, id, title, description, required_media, order_index, checked, checked_at, comment,
            duration_seconds, reopened
       from run_tasks where run_id in (${runIds.map(() => '?').join(', ')})
      order by run_id, order_index, id`,
      runIds,
    );
  // Timestamps come back as Postgres text: parsed as the ORM parses them for entities.
  const platform = em.getPlatform();
  for (const { run_id, checked_at, ...task } of rows) {
    byRun.get(run_id)?.push({ ...task, checked_at: checked_at === null ? null : platform.parseDate(checked_at) });
  }
  return byRun;
}

/** `tasks`: the run's tasks from runTasksOf; without them, the run's populated tasks (or none). */
export function toRunRecord(run: Run, secretKey: string, taskRecords?: RunTaskRecord[]) {
  const tasks: RunTaskRecord[] =
    taskRecords ??
    (run.tasks.isInitialized() ? run.tasks.getItems() : []).map((task) => ({
      id: task.id,
      title: task.title,
      description: task.description ?? null,
      required_media: task.required_media,
      order_index: task.order_index,
      checked: task.checked,
      checked_at: task.checked_at ?? null,
      comment: task.comment ?? null,
      duration_seconds: task.duration_seconds ?? null,
      reopened: task.reopened,
    }));
  return {
    id: run.id,
    property_id: run.property.id,
    property: {
      name: run.property.name,
      address: run.property.address,
      owner_id: run.property.owner.id,
      timezone: run.property.timezone,
    },
    checklist_id: run.checklist?.id ?? null,
    template_id: run.template?.id ?? null,
    checklist: { name: run.checklist_name, type: run.type },
    type: run.type,
    status: run.status,
    started_at: run.started_at ?? null,
    ended_at: run.ended_at ?? null,
    created_at: run.created_at,
    due_at: run.due_at ?? null,
    meta: run.meta,
    assigned_to: run.assigned_to?.id ?? null,
    /** Who the run is assigned to, by name (null when unassigned or not loaded). */
    assignee: run.assigned_to?.name ? { id: run.assigned_to.id, name: run.assigned_to.name } : null,
    baseline_run_id: run.baseline_run?.id ?? null,
    source: run.source,
    reservation_uid: run.reservation_uid ?? null,
    checkout_at: run.checkout_at ?? null,
    canceled_at: run.canceled_at ?? null,
    magic_link: run.link_revoked_at ? null : decryptLink(secretKey, run.link_encrypted),
    link_revoked_at: run.link_revoked_at ?? null,
    review: {
      decision: run.review_decision ?? null,
      score: run.review_score ?? null,
      note: run.review_note ?? null,
      reviewed_at: run.reviewed_at ?? null,
    },
    task_count: tasks.length,
    completed_task_count: tasks.filter((task) => task.checked).length,
    /** Every task is ticked but the cleaner has not tapped Mark Run as Complete: done, not submitted. */
    awaiting_submission:
      (run.status === 'pending' || run.status === 'in_progress') &&
      tasks.length > 0 &&
      tasks.every((task) => task.checked),
    tasks,
  };
}

export async function findOwnedRun(em: EntityManager, ownerId: string, id: string): Promise<Run> {
  const run = await em.findOne(
    Run,
    { id, property: { owner: ownerId } },
    { populate: ['property', 'tasks', 'assigned_to'] },
  );
  if (!run) throw notFound(runMessages.notFound);
  return run;
}

/**
 * Writes the run, its task snapshots and the start of `run/{id}` in one transaction (the workflow
 * outbox): the host has the run and its link at once, and the relay starts the workflow as soon as
 * Temporal takes it, however long Temporal is away. `made.source` replaces the input's checklist or
 * template (a follow-up run's own tasks); `made.within` writes more in the same transaction.
 */
export async function createRun(
  deps: {
    config: Config;
    mailer: Mailer;
    texts: TextSender | null;
    push: PushSender | null;
    outbox: OutboxRelay;
    rateLimits: RateLimits;
    runDurations?: RunDurations;
  },
  em: EntityManager,
  ownerId: string,
  input: CreateRunInput,
  made: { source?: RunSource; within?: (tx: EntityManager, run: Run) => Promise<void> } = {},
) {
  if (input.assigned_to) await spendAssignmentMail(deps, ownerId);
  const runId = await em.transactional(async (tx) => {
    const property = await tx.findOne(Property, { id: input.property_id, owner: ownerId });
    if (!property) throw badRequest(runMessages.propertyRequired);
    if (property.is_system_property) throw badRequest(runMessages.systemProperty);
    const source = made.source ?? (await tasksOfSource(tx, ownerId, input));
    if (source.tasks.length === 0) throw badRequest(runMessages.emptySource);
    const assignee = await findAssignee(tx, ownerId, input.assigned_to, null);
    const baseline = await findBaseline(tx, property.id, input.baseline_run_id);
    const link = newMagicLink(deps.config.publicOrigin, deps.config.SECRET_KEY);
    const run = tx.create(Run, {
      property,
      checklist: source.checklist,
      template: source.template,
      checklist_name: source.name,
      type: input.type,
      meta: input.meta,
      token_hash: link.tokenHash,
      link_encrypted: link.linkEncrypted,
      due_at: input.due_at,
      assigned_to: assignee,
      baseline_run: baseline,
    });
    const runTasks = source.tasks.map((task, order_index) =>
      tx.create(RunTask, {
        run,
        task: task.task ?? null,
        title: task.title,
        description: task.description,
        required_media: task.required_media,
        camera_only: task.camera_only ?? false,
        order_index,
      }),
    );
    recordActivity(tx, ownerId, 'run_created', {
      run_id: run.id,
      property_name: property.name,
      checklist_name: source.name,
    });
    await tx.flush();
    await made.within?.(tx, run);
    await enqueueRunStart(
      tx,
      deps.config.TEMPORAL_TASK_QUEUE,
      {
        runId: run.id,
        ownerId,
        propertyId: property.id,
        kind: input.type,
        dueAt: input.due_at?.toISOString() ?? null,
        tasks: runTasks.map((task) => ({ id: task.id, title: task.title, requiredMedia: task.required_media })),
      },
      // The owner's ladder settings at creation: later changes leave this run's timers alone.
      withOwnerLadder(deps.runDurations ?? productionDurations, await tx.findOne(UserPreferences, { user: ownerId })),
    );
    await recordRunWebhookEvent(tx, run.id, 'run.created');
    return run.id;
  });
  deps.outbox.nudge();
  const run = await findOwnedRun(em.fork(), ownerId, runId);
  await sendRunToAssignee(deps, em, run);
  return run;
}

/** The host's choice of earlier run: a completed run of the same property (so of the same owner). */
async function findBaseline(em: EntityManager, propertyId: string, baselineRunId: string | null | undefined) {
  if (!baselineRunId) return null;
  const baseline = await em.findOne(Run, { id: baselineRunId, property: propertyId, status: 'completed' });
  if (!baseline) throw badRequest(runMessages.baselineNotFound);
  return baseline;
}

/** Each assignment mails a link to an address the owner typed: a budget per owner (429 when spent). */
function spendAssignmentMail(deps: { rateLimits: RateLimits }, ownerId: string) {
  return deps.rateLimits.consume(['assignmentMailsPerOwner', ownerId]);
}

/** A newly assigned team member receives the run's link by e-mail. */
export async function updateRun(
  deps: {
    config: Config;
    mailer: Mailer;
    texts: TextSender | null;
    push: PushSender | null;
    rateLimits: RateLimits;
    temporal: Client;
  },
  em: EntityManager,
  ownerId: string,
  id: string,
  input: UpdateRunInput,
) {
  const run = await findOwnedRun(em, ownerId, id);
  const previousAssignee = run.assigned_to?.id ?? null;
  if (input.meta !== undefined) run.meta = input.meta;
  if (input.assigned_to !== undefined) {
    run.assigned_to = await findAssignee(em, ownerId, input.assigned_to, previousAssignee);
  }
  const reassigned = (run.assigned_to?.id ?? null) !== previousAssignee;
  // Spent before the change is saved, so a refused assignment leaves the run as it was.
  if (reassigned && run.assigned_to) await spendAssignmentMail(deps, ownerId);
  const previousDue = run.due_at?.getTime() ?? null;
  if (input.due_at !== undefined) run.due_at = input.due_at;
  const starting = input.status === 'in_progress';
  if (starting) {
    if (run.status !== 'pending') throw conflict(runMessages.notPending(run.status));
    run.status = 'in_progress';
    run.started_at ??= new Date();
  }
  // The start is announced to webhook endpoints only if it is kept: both in one transaction.
  await em.begin();
  try {
    await em.flush();
    if (starting) await recordRunWebhookEvent(em, run.id, 'run.started');
    await em.commit();
  } catch (error) {
    await em.rollback();
    throw error;
  }
  if (starting) await markRunStarted(deps.temporal, run.id, run.started_at as Date);
  if ((run.due_at?.getTime() ?? null) !== previousDue) await rescheduleRun(deps.temporal, run.id, run.due_at ?? null);
  if (reassigned) await sendRunToAssignee(deps, em, run);
  return run;
}

/** Deletes the run (the database cascades to its tasks and media rows), its files and its workflow. */
export async function deleteRun(
  deps: { temporal: Client; config: Config; storage: MediaStorage },
  em: EntityManager,
  ownerId: string,
  id: string,
) {
  const run = await findOwnedRun(em, ownerId, id);
  const record = toRunRecord(run, deps.config.SECRET_KEY);
  await em.nativeDelete(Run, { id: run.id });
  await forgetRun(deps, run.id);
  return record;
}

/** A new magic link; the old one stops working at once (it no longer matches any run). */
export async function rotateLink(config: Config, em: EntityManager, ownerId: string, id: string) {
  const run = await findOwnedRun(em, ownerId, id);
  const link = newMagicLink(config.publicOrigin, config.SECRET_KEY);
  em.assign(run, { token_hash: link.tokenHash, link_encrypted: link.linkEncrypted, link_revoked_at: null });
  await em.flush();
  return run;
}

/** The link answers 410 from now on; rotating gives the run a new one. */
export async function revokeLink(em: EntityManager, ownerId: string, id: string) {
  const run = await findOwnedRun(em, ownerId, id);
  run.link_revoked_at ??= new Date();
  await em.flush();
  return run;
}

/** The host marks the run completed: the same rules as the runner's completion, through the workflow. */
export async function completeRunAsOwner(temporal: Client, em: EntityManager, ownerId: string, id: string) {
  const run = await findOwnedRun(em, ownerId, id);
  if (run.status === 'completed') return run;
  await completeRun(temporal, em, run.id);
  return findOwnedRun(em.fork(), ownerId, id);
}
