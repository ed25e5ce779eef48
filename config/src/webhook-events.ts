/**
 * The events a webhook endpoint may subscribe to, as the API names them: the database's check, the API's
 * validation and the console's checkboxes read this one list. Each is announced where the change itself
 * is recorded.
 */
export const WEBHOOK_EVENT_TYPES = [
  'run.created',
  'run.started',
  'run.completed',
  'run.canceled',
  'report.ready',
  'issue.reported',
  'review.approved',
  'review.revision_requested',
  'work_order.created',
  'work_order.completed',
  'work_order.approved',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
