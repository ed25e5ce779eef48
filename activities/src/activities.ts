import type { MikroORM } from '@mikro-orm/postgresql';
import { consoleRunUrl, verificationUrl } from '@turnproof/config';
import type Stripe from 'stripe';
import { createSubscriptionActivities } from './subscription-activities.ts';
import { activityMetrics, type MetricMeter } from './activity-metrics.ts';
import { refusalAwareMailer } from './mail-failures.ts';
import type { Mailer } from '@turnproof/platform/mailer';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import type { TextSender } from '@turnproof/platform/twilio-messages';
import type { PushSender } from '@turnproof/platform/web-push-sender';
import type { PdfRenderer } from '@turnproof/platform/report';
import { createReportActivities } from './report-activities.ts';
import { createMediaRetentionActivities } from './media-retention-activities.ts';
import { createClaimActivities } from './claim-activities.ts';
import { createClaimClockActivities } from './claim-clock-activities.ts';
import { createPagePrintActivities } from './page-print-activities.ts';
import { createCalendarActivities } from './calendar/calendar-activities.ts';
import { ownerMailBudget } from '@turnproof/platform/owner-mail-budget';
import { createEscalationActivities } from './escalation-activities.ts';
import { createHeldTextActivities } from './held-text-activities.ts';
import { createPromoActivities } from './promo-activities.ts';
import { createReviewActivities } from './review-activities.ts';
import { createRunActivities } from './run-activities.ts';
import { createTextFallbackActivities } from './text-fallback-activities.ts';
import { createTrialActivities } from './trial-activities.ts';
import { createUsageActivities } from './usage-activities.ts';
import { createWeeklySummaryActivities } from './weekly-summary-activities.ts';
import { createWebhookActivities } from './webhook-activities.ts';
import { createWorkOrderActivities } from './work-order-activities.ts';
import { createBackupActivities } from './backup-activities.ts';
import { createTimestampActivities, type TimestampSettings } from './timestamping/timestamp-activities.ts';
import { createPhotoCheckActivities } from './photo-check-activities.ts';
import type { BackupSources } from '@turnproof/platform/backup';

export interface ActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  storage: MediaStorage;
  pdf: PdfRenderer;
  /** Null when STRIPE_SECRET_KEY is not set: billing then follows the events alone. */
  stripe: Stripe | null;
  /** Null when Twilio is not configured: cleaners then get e-mail only. */
  texts: TextSender | null;
  /** Null when VAPID keys are not configured: no browser notifications. */
  push: PushSender | null;
  /** Where links in e-mails point. */
  publicOrigin: string;
  /** Encrypts the magic links of the runs calendar syncs make (SECRET_KEY). */
  secretKey: string;
  /** CALENDAR_ALLOW_PRIVATE_ADDRESSES: feeds on private, loopback or link-local addresses (local use, tests). */
  allowPrivateCalendarAddresses: boolean;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: webhook endpoints on private, loopback or link-local addresses (tests only). */
  allowPrivateWebhookAddresses: boolean;
  /** TSA_URL, TSA_CA_FILE, TSA_ALLOW_PRIVATE_ADDRESSES: who stamps the capture logs' heads (RFC 3161). */
  timestamps: TimestampSettings;
  /** BACKUP_DIR and what to back up; undefined when scheduled backups are off. */
  backup?: { sources: BackupSources; dir: string };
  /** The worker runtime's meter for the activities' own series; tests that build activities leave it out. */
  meter?: MetricMeter;
}

/**
 * Every activity closes over the dependencies it is given, so the worker wires real ones and tests
 * wire their own. Workflows see only the type: `proxyActivities<ReturnType<typeof createActivities>>`.
 */
export function createActivities(given: ActivityDeps) {
  const metrics = activityMetrics(given.meter);
  const deps = { ...given, metrics, mailer: refusalAwareMailer(given.mailer, metrics.mailFailed) };
  const mailBudget = ownerMailBudget(deps.orm);
  const plansUrl = `${deps.publicOrigin}/subscription`;
  const runUrl = (runId: string) => consoleRunUrl(deps.publicOrigin, runId);
  const reportDownloadUrl = (runId: string, version: number) =>
    `${deps.publicOrigin}/api/runs/${runId}/reports/${version}/pdf`;
  return {
    ...createRunActivities({ ...deps, runUrl, mailBudget }),
    ...createReviewActivities(deps),
    ...createReportActivities({
      ...deps,
      runUrl,
      reportDownloadUrl,
      reportApiUrl: (runId, version) => `${deps.publicOrigin}/api/v1/runs/${runId}/reports/${version}/pdf`,
      verificationUrl: (runId, version) => verificationUrl(deps.publicOrigin, runId, version),
    }),
    ...createClaimActivities({
      ...deps,
      verificationUrl: (runId, version) => verificationUrl(deps.publicOrigin, runId, version),
    }),
    ...createClaimClockActivities({ ...deps, runUrl }),
    ...createPagePrintActivities(deps),
    ...createSubscriptionActivities({ ...deps, plansUrl }),
    ...createPromoActivities(deps),
    ...createTrialActivities({ ...deps, plansUrl }),
    ...createUsageActivities({ ...deps, plansUrl }),
    ...createMediaRetentionActivities(deps),
    ...createWeeklySummaryActivities(deps),
    ...createCalendarActivities({ ...deps, runUrl, mailBudget }),
    ...createEscalationActivities({ ...deps, runUrl, mailBudget }),
    ...createHeldTextActivities(deps),
    ...createTextFallbackActivities({ ...deps, mailBudget }),
    ...createWebhookActivities(deps),
    ...createPhotoCheckActivities(deps),
    ...createWorkOrderActivities(deps),
    ...createBackupActivities(deps),
    ...createTimestampActivities(deps),
  };
}
