import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { createdAt, uuidPrimaryKey } from './common.ts';
import { Run } from './runs.ts';

/**
 * What a workflow must be told: a run's start, its task progress, an issue, its cleaner's decline, a verified Stripe event
 * for the owner's billing workflow (no run), or a text Twilio could not deliver (its e-mail fallback), or a webhook delivery or a work order's reminders to start, or a cleaner's "Guest still here" to tell the host of, or a confirmed photo to check. Written in
 * the same transaction as the change it announces and handed to Temporal by the relay
 * (api/src/outbox), which retries until Temporal takes it; the row is deleted once delivered
 * (a progress row rests a moment first).
 */
export const OUTBOX_KINDS = [
  'start_run',
  'progress',
  'issue',
  'billing_event',
  'declined',
  'text_failed',
  'webhook',
  'guest_present',
  'work_order',
  'photo_checks',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const WorkflowOutbox = defineEntity({
  name: 'WorkflowOutbox',
  tableName: 'workflow_outbox',
  indexes: [{ properties: ['available_at'] }],
  // A run has at most one pending progress message: later changes bump its revision (the relay sends
  // the run's stored state, so one message carries every change made before it is sent).
  uniques: [
    {
      name: 'workflow_outbox_one_progress_per_run',
      expression: `create unique index "workflow_outbox_one_progress_per_run" on "workflow_outbox" ("run_id") where "kind" = 'progress'`,
    },
  ],
  properties: {
    id: uuidPrimaryKey(),
    run: () => p.manyToOne(Run).deleteRule('cascade').index().nullable(),
    kind: p.enum(OUTBOX_KINDS),
    payload: p.json<unknown>().nullable(),
    revision: p.integer().default(1),
    /** Progress only: the revision last sent. The row stays a while after, so signals are paced per run. */
    delivered_revision: p.integer().default(0),
    attempts: p.integer().default(0),
    /** Not before this time: a lease while a relay delivers it, or the back-off after a failure. */
    available_at: p.datetime().defaultRaw('now()'),
    last_error: p.text().nullable(),
    /** The W3C traceparent of the request that wrote it (tracing on): its delivery continues that trace. */
    trace_parent: p.text().nullable(),
    created_at: createdAt(),
  },
});

export type WorkflowOutbox = InferEntity<typeof WorkflowOutbox>;
