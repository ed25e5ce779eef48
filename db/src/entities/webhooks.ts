import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './accounts.ts';
import { createdAt, uuidPrimaryKey } from './common.ts';

import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@turnproof/config/webhook-events';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@turnproof/config/webhook-events';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * An owner's URL that receives signed POSTs of the events it subscribed to. The signing secret is shown
 * once at creation; the row keeps it sealed with SECRET_KEY (it must be read again to sign each delivery).
 * An endpoint that fails every attempt of a delivery for the whole retry window is disabled.
 */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    id: uuidPrimaryKey(),
    owner: () => p.manyToOne(User).deleteRule('cascade').index(),
    url: p.text(),
    events: p.json<WebhookEventType[]>(),
    secret_encrypted: p.text(),
    /** The secret's first characters (`whsec_` and four more), as the owner sees it in the list. */
    secret_prefix: p.text(),
    /** Set when the first attempt of the current run of failures failed; cleared by a success. */
    failing_since: p.datetime().nullable(),
    disabled_at: p.datetime().nullable(),
    created_at: createdAt(),
  },
});

export type WebhookEndpoint = InferEntity<typeof WebhookEndpoint>;

/** One event as it was announced: the id (`evt_...`) and body stay the same on every attempt and resend. */
export const WebhookEvent = defineEntity({
  name: 'WebhookEvent',
  tableName: 'webhook_events',
  properties: {
    id: p.text().primary(),
    owner: () => p.manyToOne(User).deleteRule('cascade').index(),
    type: p.enum(WEBHOOK_EVENT_TYPES),
    payload: p.json<Record<string, unknown>>(),
    created_at: createdAt(),
  },
});

export type WebhookEvent = InferEntity<typeof WebhookEvent>;

/** An event on its way to one endpoint: the attempts so far and how the last one went. */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  uniques: [{ properties: ['event', 'endpoint'] }],
  indexes: [{ properties: ['endpoint', 'created_at'] }],
  properties: {
    id: uuidPrimaryKey(),
    event: () => p.manyToOne(WebhookEvent).deleteRule('cascade'),
    endpoint: () => p.manyToOne(WebhookEndpoint).deleteRule('cascade'),
    status: p.enum(WEBHOOK_DELIVERY_STATUSES).default('pending'),
    attempts: p.integer().default(0),
    last_response_code: p.integer().nullable(),
    last_error: p.text().nullable(),
    last_attempt_at: p.datetime().nullable(),
    created_at: createdAt(),
  },
});

export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;
