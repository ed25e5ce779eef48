import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEventType } from '@turnproof/db';

/** What a `webhook` outbox message carries: the relay starts `webhook/{eventId}/{endpointId}` for it. */
export interface WebhookDeliveryMessage {
  deliveryId: string;
  eventId: string;
  endpointId: string;
}

/** `evt_` and 16 random bytes: the id a receiver deduplicates by, the same on every attempt. */
const newEventId = () => `evt_${randomBytes(16).toString('hex')}`;

/*
 * One statement: the event, a delivery per enabled endpoint of the owner subscribed to its type, and an
 * outbox message per delivery. Nothing is written when no endpoint wants the event (the usual case).
 */
const RECORD = `
  with subscribed as (
    select id from webhook_endpoints
     where owner_id = ? and disabled_at is null and events @> jsonb_build_array(?::text)
  ), event as (
    insert into webhook_events (id, owner_id, type, payload, created_at)
    select ?, ?, ?, ?::jsonb, now() where exists (select 1 from subscribed) returning id
  ), deliveries as (
    insert into webhook_deliveries (id, event_id, endpoint_id, created_at)
    select gen_random_uuid(), event.id, subscribed.id, now() from event, subscribed
    returning id, event_id, endpoint_id
  )
  insert into workflow_outbox (id, kind, payload, created_at)
  select gen_random_uuid(), 'webhook',
         jsonb_build_object('deliveryId', id, 'eventId', event_id, 'endpointId', endpoint_id), now()
    from deliveries`;

/**
 * Announces an event to the owner's webhook endpoints, in the caller's transaction when `em` is one: the
 * outbox relay then starts one delivery workflow per endpoint, so the event is sent only if the change is kept.
 */
export async function recordWebhookEvent(
  em: EntityManager,
  ownerId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<void> {
  await em.execute(RECORD, [ownerId, type, newEventId(), ownerId, type, JSON.stringify(data)], 'run');
}

/** A run as events show it: the fields a receiver needs to fetch the rest through /api/v1. */
interface RunData {
  owner_id: string;
  run: Record<string, unknown>;
}

/** The run's owner and its public fields, read in the caller's transaction; null when the run is gone. */
async function runData(em: EntityManager, runId: string): Promise<RunData | null> {
  const [row] = await em.execute<RunData[]>(
    `select p.owner_id, json_build_object(
        'id', r.id, 'property_id', r.property_id, 'property_name', p.name, 'type', r.type, 'status', r.status,
        'due_at', r.due_at, 'started_at', r.started_at, 'ended_at', r.ended_at, 'created_at', r.created_at) as run
       from runs r join properties p on p.id = r.property_id where r.id = ?`,
    [runId],
    'all',
  );
  return row ?? null;
}

/** A run's event with the run as it is now, plus what the event adds (a report, an issue, a review). */
export async function recordRunWebhookEvent(
  em: EntityManager,
  runId: string,
  type: WebhookEventType,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const found = await runData(em, runId);
  if (found) await recordWebhookEvent(em, found.owner_id, type, { run: found.run, ...extra });
}
