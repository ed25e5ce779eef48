export { loadConfig, type Config } from './env.ts';
export { TEMPORAL_CLI_VERSION, TEMPORAL_UI_PORT_DEFAULT, STRIPE_MOCK_VERSION } from './versions.ts';
export {
  productionBillingDurations,
  productionDurations,
  type BillingDurations,
  type RunDurations,
} from './durations.ts';
export * from './plans.ts';
