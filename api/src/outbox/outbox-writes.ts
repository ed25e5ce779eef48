import type { EntityManager } from '@mikro-orm/postgresql';
import type { BillingDurations, RunDurations } from '@turnproof/config';
import type { OutboxKind } from '@turnproof/db';
import { currentTraceParent } from '@turnproof/platform/tracing';
import type { BillingEvent, InspectionRunInput, IssueReported, WorkOrderInput } from '@turnproof/workflows';

/** What a start_run message carries: the workflow's input (its durations included) and its task queue. */
export interface RunStartMessage {
  input: InspectionRunInput;
  taskQueue: string;
}

/**
 * Adds the run's pending progress message, or bumps the one waiting (one per run; see WorkflowOutbox).
 * `runIds` is a SQL expression yielding run ids, so the runner's one-statement task path can use it too.
 */
export const progressUpsert = (runIds: string) => `
  insert into workflow_outbox (id, run_id, kind, created_at)
  select gen_random_uuid(), run_id, 'progress', now() from (select distinct run_id from ${runIds}) changed
  on conflict (run_id) where kind = 'progress' do update set revision = workflow_outbox.revision + 1`;

/** In the caller's transaction: the run's workflow hears of its task progress once Temporal takes it. */
export async function noteProgress(tx: EntityManager, runId: string): Promise<void> {
  await tx.execute(progressUpsert('(select ?::uuid as run_id) one'), [runId], 'run');
}

async function enqueue(
  tx: EntityManager,
  runId: string | null,
  kind: Exclude<OutboxKind, 'progress'>,
  payload: unknown,
) {
  await tx.execute(
    `insert into workflow_outbox (id, run_id, kind, payload, trace_parent, created_at)
     values (gen_random_uuid(), ?, ?, ?, ?, now())`,
    [runId, kind, JSON.stringify(payload), currentTraceParent()],
    'run',
  );
}

/** In the transaction that creates the run: its workflow starts as soon as Temporal takes it. */
export function enqueueRunStart(
  tx: EntityManager,
  taskQueue: string,
  input: Omit<InspectionRunInput, 'durations'>,
  durations: RunDurations,
): Promise<void> {
  return enqueue(tx, input.runId, 'start_run', { input: { ...input, durations }, taskQueue } satisfies RunStartMessage);
}

/** In the transaction that records the issue: the run's workflow hears of it (a high one mails the host). */
export function enqueueIssue(tx: EntityManager, runId: string, issue: IssueReported): Promise<void> {
  return enqueue(tx, runId, 'issue', issue);
}

/** In the transaction that records the cleaner's "no": the run's ladder moves on at once. */
export function enqueueDecline(tx: EntityManager, runId: string): Promise<void> {
  return enqueue(tx, runId, 'declined', null);
}

/** What a billing_event message carries: the owner's billing workflow gets the event (signal-with-start). */
export interface BillingEventMessage {
  userId: string;
  event: BillingEvent;
  durations: BillingDurations;
  taskQueue: string;
}

/** In the transaction that records a verified Stripe event: the owner's billing workflow hears of it. */
export function enqueueBillingEvent(tx: EntityManager, message: BillingEventMessage): Promise<void> {
  return enqueue(tx, null, 'billing_event', message);
}

/** What a text_failed message carries: the worker mails the notice of the text Twilio could not deliver. */
export interface TextFailedMessage {
  textMessageId: string;
  taskQueue: string;
}

/** In the transaction that records the failed delivery: the notice goes by e-mail instead, once. */
export function enqueueTextFallback(tx: EntityManager, message: TextFailedMessage): Promise<void> {
  return enqueue(tx, null, 'text_failed', message);
}

/** What a guest_present message carries: the worker tells the host of the cleaner's "Guest still here". */
export interface GuestPresentMessage {
  alertId: string;
  taskQueue: string;
}

/** In the transaction that records "Guest still here": the host's mail and notification go out once. */
export function enqueueGuestPresent(tx: EntityManager, runId: string, message: GuestPresentMessage): Promise<void> {
  return enqueue(tx, runId, 'guest_present', message);
}

/** What a work_order message carries: the relay starts the work order's reminders on this task queue. */
export interface WorkOrderStartMessage {
  input: WorkOrderInput;
  taskQueue: string;
}

/** In the transaction that creates a work order with a due time: its reminders start once Temporal takes it. */
export function enqueueWorkOrder(tx: EntityManager, message: WorkOrderStartMessage): Promise<void> {
  return enqueue(tx, null, 'work_order', message);
}

/** What a photo_checks message carries: the worker checks the confirmed photo (photo-checks workflow). */
export interface PhotoChecksMessage {
  mediaId: string;
  taskQueue: string;
}

/** In the transaction that confirms a photo: the server's checks run once Temporal takes it. */
export function enqueuePhotoChecks(tx: EntityManager, runId: string, message: PhotoChecksMessage): Promise<void> {
  return enqueue(tx, runId, 'photo_checks', message);
}
