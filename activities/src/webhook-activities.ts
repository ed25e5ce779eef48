import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { hostLanguage } from '@turnproof/platform/mail';
import type { Mailer } from '@turnproof/platform/mailer';
import { decryptLink } from '@turnproof/platform/magic-link';
import { webhookSignature } from '@turnproof/platform/webhooks';
import { OutboundError, outboundRequest } from './outbound-http.ts';
import { sendOnce } from './send-once.ts';
import { webhookDisabledMail } from './webhook-mails.tsx';

export interface WebhookActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  publicOrigin: string;
  /** Opens the endpoints' sealed signing secrets (SECRET_KEY). */
  secretKey: string;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: endpoints on private, loopback or link-local addresses (tests only). */
  allowPrivateWebhookAddresses: boolean;
}

/** The whole exchange with the receiver, as documented. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** A receiver's answer is read only for its status; a larger body counts as a failed attempt. */
const MAX_ANSWER_BYTES = 64 * 1024;

interface PendingDelivery {
  event_id: string;
  type: string;
  payload: Record<string, unknown>;
  created: number;
  url: string;
  secret_encrypted: string;
  endpoint_id: string;
}

/** The delivery when it still has to go: pending, to an endpoint still enabled. */
const PENDING = `
  select e.id as event_id, e.type, e.payload, extract(epoch from e.created_at)::bigint as created,
         ep.url, ep.secret_encrypted, ep.id as endpoint_id
    from webhook_deliveries d
    join webhook_events e on e.id = d.event_id
    join webhook_endpoints ep on ep.id = d.endpoint_id
   where d.id = ? and d.status = 'pending' and ep.disabled_at is null`;

/** One POST of the event: the receiver's status, or why there was none. */
async function post(deps: WebhookActivityDeps, delivery: PendingDelivery) {
  const body = JSON.stringify({
    id: delivery.event_id,
    type: delivery.type,
    created: Number(delivery.created),
    data: delivery.payload,
  });
  const secret = decryptLink(deps.secretKey, delivery.secret_encrypted);
  try {
    const answer = await outboundRequest(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Turnproof-Webhooks/1',
        'turnproof-signature': webhookSignature(secret, Math.floor(Date.now() / 1000), body),
      },
      body,
      maxBytes: MAX_ANSWER_BYTES,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      allowPrivateAddresses: deps.allowPrivateWebhookAddresses,
    });
    return { status: answer.status, error: answer.status < 300 ? null : `The endpoint answered ${answer.status}.` };
  } catch (error) {
    if (error instanceof OutboundError) return { status: null, error: error.message };
    throw error;
  }
}

/** Webhook deliveries: one signed POST per attempt, each recorded on the delivery's row. */
export function createWebhookActivities(deps: WebhookActivityDeps) {
  const { orm } = deps;
  return {
    /** Sends the event once; anything but a 2xx throws, for the workflow's retry policy. */
    async deliverWebhook(deliveryId: string) {
      const connection = orm.em.getConnection();
      const [delivery] = await connection.execute<PendingDelivery[]>(PENDING, [deliveryId]);
      if (!delivery) return;
      const { status, error } = await post(deps, delivery);
      const succeeded = error === null;
      await connection.execute(
        `update webhook_deliveries set attempts = attempts + 1, last_response_code = ?, last_error = ?,
           last_attempt_at = now(), status = case when ? then 'succeeded' else status end where id = ?`,
        [status, error, succeeded, deliveryId],
      );
      await connection.execute(
        `update webhook_endpoints
            set failing_since = case when ? then null else coalesce(failing_since, now()) end where id = ?`,
        [succeeded, delivery.endpoint_id],
      );
      if (!succeeded) throw ApplicationFailure.retryable(error, 'WebhookDeliveryFailed');
    },

    /**
     * The retry window ran out: the delivery failed, and its endpoint is disabled with one mail to the owner
     * (the endpoint's first give-up only: deliveries still retrying find it disabled and stop).
     */
    async giveUpWebhookDelivery(deliveryId: string) {
      const connection = orm.em.getConnection();
      const [disabled] = await connection.execute<{ id: string; url: string; owner_id: string; email: string }[]>(
        `with failed as (
           update webhook_deliveries set status = 'failed' where id = ? and status = 'pending' returning endpoint_id
         )
         update webhook_endpoints ep set disabled_at = now()
           from failed, users u
          where ep.id = failed.endpoint_id and ep.disabled_at is null and u.id = ep.owner_id
         returning ep.id, ep.url, ep.owner_id, u.email`,
        [deliveryId],
      );
      if (!disabled) return;
      const language = await hostLanguage(orm.em.fork(), disabled.owner_id);
      const mail = webhookDisabledMail(disabled.email, disabled.url, `${deps.publicOrigin}/settings`, language);
      await sendOnce(orm, deps.mailer, `webhook-disabled/${disabled.id}`, mail);
    },
  };
}
