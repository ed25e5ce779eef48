export { newWebhookSecret, webhookSignature } from './signature.ts';
export { webhookUrlMessages, webhookUrlRefusal } from './target-url.ts';
export { recordRunWebhookEvent, recordWebhookEvent, type WebhookDeliveryMessage } from './record-event.ts';
