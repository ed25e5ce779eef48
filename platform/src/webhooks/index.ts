export { newWebhookSecret, webhookSignature } from './signature.ts';
export { webhookUrlMessages, webhookUrlRefusal } from './target-url.ts';
export {
  RUN_EVENT_COLUMNS,
  recordRunWebhookEvent,
  recordRunWebhookEvents,
  recordWebhookEvent,
  runWebhookEventCtes,
  type WebhookDeliveryMessage,
} from './record-event.ts';
