export { loadConfig, type Config } from './env.ts';
export { TEMPORAL_CLI_VERSION, TEMPORAL_UI_PORT_DEFAULT, STRIPE_MOCK_VERSION } from './versions.ts';
export {
  productionBillingDurations,
  type BillingDurations,
  FLEX_MEDIA_RETENTION_MS,
  productionDurations,
  productionTrialDurations,
  PROMO_CREDIT_LIFETIME_MS,
  SUMMARY_PERIOD_MS,
  type RunDurations,
  type TrialDurations,
} from './durations.ts';
export * from './plans.ts';
