export { createMailer, type Mailer, type MailerConfig, type MailMessage } from './mailer.ts';
export { createActivities, type ActivityDeps } from './activities.ts';
export { createMediaStorage, type MediaStorage } from './media-storage.ts';
export { configuredMediaStorage } from './configured-storage.ts';
export {
  buildClaimHtml,
  CHROMIUM_ARGS,
  CHROMIUM_MISSING,
  CHROMIUM_PATH,
  type ClaimData,
  type ClaimPhoto,
  createPdfRenderer,
  PdfPrintError,
  type PdfRenderer,
} from './report/index.ts';
export { reportFilePath, reportHtmlPath } from './report/report-paths.ts';
export { createStripeClient, type Stripe, type StripeConfig } from './stripe-client.ts';
export type { SyncRequest, SyncResult } from './subscription-activities.ts';
export { planKeyIn, snapshotOfSubscription, type SubscriptionSnapshot } from './subscription-snapshot.ts';
export type { CalendarRunChange, CalendarRunStart, CalendarSyncResult } from './calendar/calendar-activities.ts';
export type { SentBackTask } from './review-activities.ts';
