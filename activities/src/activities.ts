import type { MikroORM } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { createBillingActivities } from './billing/billing-activities.ts';
import type { Mailer } from './mailer.ts';
import type { MediaStorage } from './media-storage.ts';
import type { PdfRenderer } from './report/index.ts';
import { createReportActivities } from './report-activities.ts';
import { createPromoActivities } from './promo-activities.ts';
import { createRunActivities } from './run-activities.ts';
import { createTrialActivities } from './trial-activities.ts';
import { createUsageActivities } from './usage-activities.ts';

export interface ActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  storage: MediaStorage;
  pdf: PdfRenderer;
  /** Null when STRIPE_SECRET_KEY is not set: billing then follows the events alone. */
  stripe: Stripe | null;
  /** Where links in e-mails point. */
  publicOrigin: string;
}

/**
 * Every activity closes over the dependencies it is given, so the worker wires real ones and tests
 * wire their own. Workflows see only the type: `proxyActivities<ReturnType<typeof createActivities>>`.
 */
export function createActivities(deps: ActivityDeps) {
  const plansUrl = `${deps.publicOrigin}/subscription`;
  const runUrl = (runId: string) => `${deps.publicOrigin}/inspections?run=${runId}`;
  const reportDownloadUrl = (runId: string, version: number) =>
    `${deps.publicOrigin}/api/runs/${runId}/reports/${version}/pdf`;
  return {
    ...createRunActivities({ ...deps, runUrl }),
    ...createReportActivities({ ...deps, runUrl, reportDownloadUrl }),
    ...createBillingActivities({ ...deps, billingUrl: `${deps.publicOrigin}/subscription` }),
    ...createPromoActivities(deps),
    ...createTrialActivities({ ...deps, plansUrl }),
    ...createUsageActivities({ ...deps, plansUrl }),
  };
}
