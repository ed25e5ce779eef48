export { createMailer, type Mailer, type MailerConfig, type MailMessage } from './mailer.ts';
export { createActivities, type ActivityDeps } from './activities.ts';
export { createMediaStorage, type MediaStorage } from './media-storage.ts';
export { CHROMIUM_ARGS, CHROMIUM_PATH, createPdfRenderer, type PdfRenderer } from './report/index.ts';
export { reportFilePath } from './report-activities.ts';
export { createStripeClient, type Stripe, type StripeConfig } from './billing/stripe-client.ts';
export type { SyncRequest, SyncResult } from './billing/billing-activities.ts';
export { planKeyIn, snapshotOfSubscription, type SubscriptionSnapshot } from './billing/subscription-snapshot.ts';
