import type { EntityManager } from '@mikro-orm/postgresql';
import { WEBHOOK_EVENT_TYPES, WebhookEndpoint } from '@turnproof/db';
import { encryptLink } from '@turnproof/platform/magic-link';
import { newWebhookSecret, webhookUrlRefusal, type WebhookDeliveryMessage } from '@turnproof/platform/webhooks';
import { z } from 'zod';
import { assertApiAllowed } from '../api-keys/api-key-service.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';

export const webhookMessages = {
  notFound: 'Webhook endpoint not found. It does not exist or was deleted.',
  deliveryNotFound: 'Webhook delivery not found.',
  disabled: 'This webhook endpoint is disabled; add it again to receive events.',
};

/** The secret's first characters the list shows: `whsec_` and four of its random characters. */
const SHOWN_SECRET_LENGTH = 'whsec_'.length + 4;
/** The deliveries an endpoint's list shows, newest first. */
const RECENT_DELIVERIES = 20;

export const webhookEndpointBody = z.object({
  url: z.string({ error: 'url must be text.' }).trim().min(1, 'Please give the endpoint a url.').max(2000),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `events may hold ${WEBHOOK_EVENT_TYPES.join(', ')}.` }), {
      error: 'events must be a list.',
    })
    .min(1, 'Choose at least one event.'),
});

export const webhookEndpointRecord = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  secret_prefix: z.string().describe('The first characters of the signing secret, to tell endpoints apart'),
  failing_since: z.string().nullable().describe('Since when every attempt has failed; null while it answers'),
  disabled_at: z.string().nullable().describe('Set after 3 days of failed attempts: no more events go to it'),
  created_at: z.string(),
});

export const webhookDeliveryRecord = z.object({
  id: z.uuid(),
  event_id: z.string().meta({ example: 'evt_5f0c2b9e8d1a4c3b9a7e6d5c4b3a2f10' }),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  response_code: z.number().int().nullable().describe("The endpoint's HTTP status at the last attempt"),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  created_at: z.string(),
});

type EndpointRecord = z.output<typeof webhookEndpointRecord>;
type DeliveryRecord = z.output<typeof webhookDeliveryRecord>;

function toEndpointRecord(endpoint: WebhookEndpoint): EndpointRecord {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    secret_prefix: endpoint.secret_prefix,
    failing_since: endpoint.failing_since?.toISOString() ?? null,
    disabled_at: endpoint.disabled_at?.toISOString() ?? null,
    created_at: endpoint.created_at.toISOString(),
  };
}

export interface WebhookSettings {
  /** SECRET_KEY: the signing secret is sealed with it (the worker opens it to sign). */
  secretKey: string;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES (tests only). */
  allowPrivateAddresses: boolean;
}

/** A new endpoint: answered once with its signing secret, which the database keeps sealed. */
export async function createWebhookEndpoint(
  em: EntityManager,
  ownerId: string,
  input: z.output<typeof webhookEndpointBody>,
  settings: WebhookSettings,
) {
  await assertApiAllowed(em, ownerId);
  const refusal = await webhookUrlRefusal(input.url, settings.allowPrivateAddresses);
  if (refusal) throw badRequest(refusal, 'invalid_field', { field: 'url' });
  const secret = newWebhookSecret();
  const endpoint = em.create(WebhookEndpoint, {
    owner: ownerId,
    url: input.url,
    // One spelling per set of events, in the order the API names them.
    events: WEBHOOK_EVENT_TYPES.filter((type) => input.events.includes(type)),
    secret_encrypted: encryptLink(settings.secretKey, secret),
    secret_prefix: secret.slice(0, SHOWN_SECRET_LENGTH),
  });
  await em.flush();
  return { ...toEndpointRecord(endpoint), secret };
}

export async function listWebhookEndpoints(em: EntityManager, ownerId: string): Promise<EndpointRecord[]> {
  const endpoints = await em.find(WebhookEndpoint, { owner: ownerId }, { orderBy: { created_at: 'desc', id: 'asc' } });
  return endpoints.map(toEndpointRecord);
}

async function findOwnedEndpoint(em: EntityManager, ownerId: string, id: string) {
  const endpoint = await em.findOne(WebhookEndpoint, { id, owner: ownerId });
  if (!endpoint) throw notFound(webhookMessages.notFound);
  return endpoint;
}

/** Deleting stops every delivery to it at its next attempt (the rows go with it). Answers it as it was. */
export async function deleteWebhookEndpoint(em: EntityManager, ownerId: string, id: string) {
  const endpoint = await findOwnedEndpoint(em, ownerId, id);
  await em.nativeDelete(WebhookEndpoint, { id: endpoint.id });
  return toEndpointRecord(endpoint);
}

const DELIVERY_COLUMNS = `d.id, d.event_id, e.type as event_type, d.status, d.attempts,
  d.last_response_code as response_code, d.last_error, d.last_attempt_at, d.created_at`;

/** Raw rows carry times as the driver gives them (text here, a Date elsewhere). */
interface DeliveryRow extends Omit<DeliveryRecord, 'last_attempt_at' | 'created_at'> {
  last_attempt_at: Date | string | null;
  created_at: Date | string;
}

const isoTime = (time: Date | string) => new Date(time).toISOString();

const toDeliveryRecord = (row: DeliveryRow): DeliveryRecord => ({
  ...row,
  last_attempt_at: row.last_attempt_at === null ? null : isoTime(row.last_attempt_at),
  created_at: isoTime(row.created_at),
});

/** An endpoint's recent deliveries, newest first. */
export async function listWebhookDeliveries(em: EntityManager, ownerId: string, endpointId: string) {
  const endpoint = await findOwnedEndpoint(em, ownerId, endpointId);
  const rows = await em.execute<DeliveryRow[]>(
    `select ${DELIVERY_COLUMNS} from webhook_deliveries d join webhook_events e on e.id = d.event_id
      where d.endpoint_id = ? order by d.created_at desc, d.id limit ${RECENT_DELIVERIES}`,
    [endpoint.id],
  );
  return rows.map(toDeliveryRecord);
}

/**
 * Sends a delivery again, the same event id and body: it goes back to pending and its workflow starts again
 * through the outbox (a delivery still retrying just goes on). The attempts add up on the same row.
 */
export async function resendWebhookDelivery(em: EntityManager, ownerId: string, deliveryId: string) {
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<(DeliveryRow & { endpoint_id: string; disabled: boolean })[]>(
      `select ${DELIVERY_COLUMNS}, d.endpoint_id, ep.disabled_at is not null as disabled
         from webhook_deliveries d join webhook_events e on e.id = d.event_id
         join webhook_endpoints ep on ep.id = d.endpoint_id
        where d.id = ? and ep.owner_id = ? for update of d`,
      [deliveryId, ownerId],
    );
    if (!row) throw notFound(webhookMessages.deliveryNotFound);
    const { endpoint_id: endpointId, disabled, ...delivery } = row;
    if (disabled) throw conflict(webhookMessages.disabled, 'webhook_endpoint_disabled');
    await tx.execute(`update webhook_deliveries set status = 'pending' where id = ?`, [deliveryId]);
    const message: WebhookDeliveryMessage = { deliveryId, eventId: row.event_id, endpointId };
    await tx.execute(
      `insert into workflow_outbox (id, kind, payload, created_at) values (gen_random_uuid(), 'webhook', ?, now())`,
      [JSON.stringify(message)],
    );
    return toDeliveryRecord({ ...delivery, status: 'pending' });
  });
}
