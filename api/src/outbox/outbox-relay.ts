import type { MikroORM } from '@mikro-orm/postgresql';
import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import type { OutboxKind } from '@turnproof/db';
import {
  runHandle,
  sendBillingEvent,
  startGuestPresentNotice,
  startInspectionRun,
  startPhotoChecks,
  startTextFallback,
  startWebhookDelivery,
  startWorkOrder,
} from '@turnproof/temporal/client';
import { productionWebhookDurations, type WebhookDurations } from '@turnproof/config';
import type { WebhookDeliveryMessage } from '@turnproof/platform/webhooks';
import { cleanerDeclinedSignal, issueReportedSignal, progressSignal, type IssueReported } from '@turnproof/workflows';
import { pushToHost, type HostPushDeps } from '@turnproof/platform/host-pushes';
import type { Logger } from 'pino';
import { inTraceOf } from '@turnproof/platform/tracing';
import type {
  BillingEventMessage,
  GuestPresentMessage,
  PhotoChecksMessage,
  RunStartMessage,
  TextFailedMessage,
  WorkOrderStartMessage,
} from './outbox-writes.ts';
import { storedProgress } from './run-progress-state.ts';

interface Message {
  id: string;
  /** Null for a billing event. */
  run_id: string | null;
  kind: OutboxKind;
  payload: unknown;
  revision: number;
  attempts: number;
  /** The trace of the request that wrote it, when tracing was on. */
  trace_parent: string | null;
}

export interface OutboxRelayOptions {
  orm: MikroORM;
  temporal: Client;
  logger: Logger;
  /** The host's browser notification of a decline, once the run's workflow has heard of it. */
  hostPushes?: HostPushDeps;
  /** How often to look for messages other API processes wrote (this one's are sent at once). */
  pollMs?: number;
  /**
   * Where webhook deliveries run and their retry timers (production values unless a test passes seconds).
   * The worker records events too (a run's completion): the relay, not the writer, fills these in.
   */
  webhooks: { taskQueue: string; durations?: WebhookDurations };
}

/** Messages claimed at a time; they are delivered concurrently. */
const BATCH = 32;
/** A claimed message is this relay's for this long; another relay takes it over after (a crash). */
const LEASE = '30 seconds';
/** Each delivery gives Temporal this long before it counts as failed and is retried later. */
const DELIVERY_DEADLINE_MS = 5_000;
/** At most one progress signal per run in this time: a busy run's changes ride together in the next one. */
const PROGRESS_REST = '2 seconds';
/** A delivered progress row is removed once it has rested this long without a new change. */
const PROGRESS_FORGET = '1 minute';
/**
 * Under a stream of nudges (every tick nudges), the next round starts this long after the last one rather
 * than at once: a busy API ran a claim round per database round trip, a third of its statements, mostly
 * to find that its runs' progress was still resting. What was recorded waits at most this much longer.
 */
const NUDGED_ROUND_GAP_MS = 50;
/** Delivered progress rows are forgotten in the rounds at least this far apart, not in every round. */
const FORGET_EVERY_MS = 10_000;
const backoffMs = (attempts: number) => Math.min(500 * 2 ** Math.max(0, attempts - 1), 30_000);

/*
 * Due messages, oldest first, leased by bumping available_at. A run's progress and issues wait for its
 * start (a signal needs the workflow); a progress row waits for a change not yet sent. SKIP LOCKED lets
 * every API process run a relay.
 */
const claim = `
  update workflow_outbox o set available_at = now() + interval '${LEASE}', attempts = o.attempts + 1
  where o.id in (
    select c.id from workflow_outbox c
    where c.available_at <= now()
      and (c.kind <> 'progress' or c.revision > c.delivered_revision)
      and (c.kind = 'start_run'
        or not exists (select 1 from workflow_outbox s where s.run_id = c.run_id and s.kind = 'start_run'))
    order by c.created_at
    limit ${BATCH}
    for update skip locked)
  returning o.id, o.run_id, o.kind, o.payload, o.revision, o.attempts, o.trace_parent`;

/**
 * The transactional outbox's relay: hands what the API recorded for workflows (run starts, progress,
 * issues, Stripe events, failed texts, webhook deliveries, "Guest still here", work orders' reminders, photo checks) to Temporal, and keeps trying while Temporal is away, so a request never waits on
 * Temporal for these and nothing recorded is lost. Delivery is at least once; every message is
 * idempotent at the workflow (a start of an existing run is a no-op, progress carries stored state).
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private forgottenAt = 0;
  private nextRoundAt = 0;

  constructor(private readonly options: OutboxRelayOptions) {}

  start(): this {
    this.schedule(0);
    return this;
  }

  /** Something was just recorded: deliver now rather than at the next poll (or in a round due anyway soon). */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else if (this.nextRoundAt > Date.now() + NUDGED_ROUND_GAP_MS) this.schedule(0);
  }

  /** Stops polling and waits for the round in flight (graceful shutdown, tests). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Resolves once nothing this relay can deliver is waiting (tests). */
  async drained(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const [row] = await this.options.orm.em
        .getConnection()
        .execute<{ waiting: string }[]>(
          `select count(*) as waiting from workflow_outbox where kind <> 'progress' or revision > delivered_revision`,
        );
      if (Number(row?.waiting) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The workflow outbox still has messages waiting');
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer);
    this.nextRoundAt = Date.now() + delayMs;
    this.timer = setTimeout(() => {
      this.running = this.round().finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const again = this.again;
        this.again = false;
        this.schedule(again ? NUDGED_ROUND_GAP_MS : (this.options.pollMs ?? 500));
      });
    }, delayMs);
  }

  private async round(): Promise<void> {
    try {
      for (;;) {
        const messages = await this.options.orm.em.getConnection().execute<Message[]>(claim);
        await Promise.all(messages.map((message) => this.deliverOne(message)));
        if (messages.length < BATCH) break;
      }
      if (Date.now() - this.forgottenAt < FORGET_EVERY_MS) return;
      await this.options.orm.em.getConnection().execute(
        `delete from workflow_outbox where kind = 'progress' and revision = delivered_revision
           and available_at < now() - interval '${PROGRESS_FORGET}'`,
      );
      this.forgottenAt = Date.now();
    } catch (error) {
      // The database is away: the messages are safe in it; the next round tries again.
      this.options.logger.warn({ err: error }, 'workflow outbox: round failed');
    }
  }

  private async deliverOne(message: Message) {
    const connection = this.options.orm.em.getConnection();
    try {
      // The workflow start or signal joins the trace of the request that asked for it.
      await inTraceOf(message.trace_parent, () =>
        this.options.temporal.connection.withDeadline(Date.now() + DELIVERY_DEADLINE_MS, () => this.deliver(message)),
      );
    } catch (error) {
      const retryInMs = backoffMs(message.attempts);
      this.options.logger.warn(
        { err: error, runId: message.run_id, kind: message.kind, attempts: message.attempts, retryInMs },
        'workflow outbox: delivery failed, will retry',
      );
      await connection.execute(
        `update workflow_outbox set available_at = now() + ? * interval '1 millisecond', last_error = ? where id = ?`,
        [retryInMs, error instanceof Error ? error.message : String(error), message.id],
      );
      return;
    }
    if (message.kind === 'progress') {
      await connection.execute(
        `update workflow_outbox set delivered_revision = ?, attempts = 0, last_error = null,
           available_at = now() + interval '${PROGRESS_REST}' where id = ?`,
        [message.revision, message.id],
      );
    } else {
      await connection.execute('delete from workflow_outbox where id = ?', [message.id]);
    }
  }

  private async deliver(message: Message): Promise<void> {
    const { temporal, orm } = this.options;
    try {
      if (message.kind === 'billing_event') {
        const { userId, event, durations, taskQueue } = message.payload as BillingEventMessage;
        await sendBillingEvent(temporal, { TEMPORAL_TASK_QUEUE: taskQueue }, userId, event, durations);
      } else if (message.kind === 'start_run') {
        const { input, taskQueue } = message.payload as RunStartMessage;
        const { durations, ...rest } = input;
        await startInspectionRun(temporal, { TEMPORAL_TASK_QUEUE: taskQueue }, rest, durations);
      } else if (message.kind === 'issue') {
        await runHandle(temporal, message.run_id!).signal(issueReportedSignal, message.payload as IssueReported);
      } else if (message.kind === 'declined') {
        await runHandle(temporal, message.run_id!).signal(cleanerDeclinedSignal);
        if (this.options.hostPushes)
          await pushToHost(this.options.hostPushes, orm.em.fork(), message.run_id!, { kind: 'declined' });
      } else if (message.kind === 'webhook') {
        const { taskQueue, durations } = this.options.webhooks;
        const delivery = message.payload as WebhookDeliveryMessage;
        await startWebhookDelivery(temporal, taskQueue, delivery, durations ?? productionWebhookDurations);
      } else if (message.kind === 'text_failed') {
        const { textMessageId, taskQueue } = message.payload as TextFailedMessage;
        await startTextFallback(temporal, { TEMPORAL_TASK_QUEUE: taskQueue }, textMessageId);
      } else if (message.kind === 'guest_present') {
        const { alertId, taskQueue } = message.payload as GuestPresentMessage;
        await startGuestPresentNotice(temporal, taskQueue, alertId);
      } else if (message.kind === 'photo_checks') {
        const { mediaId, taskQueue } = message.payload as PhotoChecksMessage;
        await startPhotoChecks(temporal, taskQueue, mediaId);
      } else if (message.kind === 'work_order') {
        const { input, taskQueue } = message.payload as WorkOrderStartMessage;
        await startWorkOrder(temporal, taskQueue, input);
      } else {
        const batch = await storedProgress(orm.em.fork(), message.run_id!);
        if (batch) await runHandle(temporal, message.run_id!).signal(progressSignal, batch);
      }
    } catch (error) {
      // Already started (a redelivery after the workflow closed), or gone (the run was deleted, or its
      // workflow ended): nothing left to tell it.
      if (error instanceof WorkflowExecutionAlreadyStartedError || error instanceof WorkflowNotFoundError) return;
      throw error;
    }
  }
}
