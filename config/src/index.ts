export {
  CONFIG_VARIABLES,
  loadConfig,
  taskQueueFor,
  MIN_PRODUCTION_SECRET_KEY_LENGTH,
  type Config,
  type S3Settings,
} from './env.ts';
export {
  TEMPORAL_CLI_VERSION,
  TEMPORAL_SERVER_VERSION,
  TEMPORAL_UI_PORT_DEFAULT,
  STRIPE_MOCK_VERSION,
  VERSITYGW_VERSION,
} from './versions.ts';
export {
  FLEX_MEDIA_RETENTION_MS,
  productionBillingDurations,
  productionCalendarDurations,
  productionLadderDurations,
  productionDurations,
  productionTrialDurations,
  productionWebhookDurations,
  withOwnerLadder,
  PROMO_CREDIT_LIFETIME_MS,
  SUMMARY_PERIOD_MS,
  type BillingDurations,
  type CalendarDurations,
  type LadderDurations,
  type LadderSettings,
  type RunDurations,
  type TrialDurations,
  type WebhookDurations,
} from './durations.ts';
export * from './plans.ts';
export * from './public-urls.ts';
export * from './media-limits.ts';
export * from './run-limits.ts';
export {
  rateWebVital,
  WEB_VITAL_APPS,
  WEB_VITAL_NAMES,
  WEB_VITAL_THRESHOLDS,
  type WebVitalApp,
  type WebVitalName,
  type WebVitalRating,
} from './web-vitals.ts';
