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

/** The columns of `runs` a run event shows; `runRows` of runWebhookEventCtes must have them. */
export const RUN_EVENT_COLUMNS = 'id, property_id, type, status, due_at, started_at, ended_at, created_at';

/**
 * Common table expressions (to follow a `with`) that announce one event per run to the runs' owners'
 * subscribed endpoints, as RECORD does for one: `runRows` is a table expression with RUN_EVENT_COLUMNS
 * (`runs` filtered, or the RETURNING rows of the statement's own update, whose new values the event must
 * show), `type` and `extra` SQL expressions for the event type and what the event adds to `{run}`.
 * Several runs in one statement: a calendar sync's new turnovers, a batch of first task actions.
 */
export function runWebhookEventCtes({ runRows, type, extra }: { runRows: string; type: string; extra: string }) {
  return `webhook_run as (
    select r.id as run_id, p.owner_id, json_build_object(
        'id', r.id, 'property_id', r.property_id, 'property_name', p.name, 'type', r.type, 'status', r.status,
        'due_at', r.due_at, 'started_at', r.started_at, 'ended_at', r.ended_at, 'created_at', r.created_at) as run
      from ${runRows} r join properties p on p.id = r.property_id
  ), webhook_subscribed as (
    select w.run_id, e.id as endpoint_id from webhook_run w
      join webhook_endpoints e on e.owner_id = w.owner_id and e.disabled_at is null
       and e.events @> jsonb_build_array(${type})
  ), webhook_event as (
    insert into webhook_events (id, owner_id, type, payload, created_at)
    select 'evt_' || replace(gen_random_uuid()::text, '-', ''), w.owner_id, ${type},
           jsonb_build_object('run', w.run) || ${extra}, now()
      from webhook_run w where exists (select 1 from webhook_subscribed s where s.run_id = w.run_id)
    returning id, (payload #>> '{run,id}')::uuid as run_id
  ), webhook_delivery as (
    insert into webhook_deliveries (id, event_id, endpoint_id, created_at)
    select gen_random_uuid(), v.id, s.endpoint_id, now()
      from webhook_event v join webhook_subscribed s on s.run_id = v.run_id
    returning id, event_id, endpoint_id
  ), webhook_outbox as (
    insert into workflow_outbox (id, kind, payload, created_at)
    select gen_random_uuid(), 'webhook',
           jsonb_build_object('deliveryId', id, 'eventId', event_id, 'endpointId', endpoint_id), now()
      from webhook_delivery
  )`;
}

const RECORD_FOR_RUNS = `with ${runWebhookEventCtes({
  runRows: `(select ${RUN_EVENT_COLUMNS} from runs
              where id in (select (value #>> '{}')::uuid from jsonb_array_elements(?::jsonb)))`,
  type: '?::text',
  extra: '?::jsonb',
})} select 1`;

/**
 * Each run's event with the run as it is now (in the caller's transaction), plus what the event adds (a
 * report, an issue, a review): one statement for any number of runs; runs that are gone are skipped.
 */
export async function recordRunWebhookEvents(
  em: EntityManager,
  runIds: readonly string[],
  type: WebhookEventType,
  extra: Record<string, unknown> = {},
): Promise<void> {
  if (runIds.length === 0) return;
  // `type` appears twice in the CTEs: the endpoints' subscription and the event's own type.
  await em.execute(RECORD_FOR_RUNS, [JSON.stringify(runIds), type, type, JSON.stringify(extra)], 'run');
}

/** A run's event with the run as it is now, plus what the event adds (a report, an issue, a review). */
export const recordRunWebhookEvent = (
  em: EntityManager,
  runId: string,
  type: WebhookEventType,
  extra: Record<string, unknown> = {},
) => recordRunWebhookEvents(em, [runId], type, extra);
