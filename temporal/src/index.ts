export { findStripeMock, findTemporalCli, findVersitygw } from './cli.ts';
export {
  isTemporalReachable,
  parseAddress,
  startDevServer,
  type DevServer,
  type DevServerOptions,
} from './dev-server.ts';
export { registerSearchAttributes } from './search-attributes.ts';
export { bootstrapTemporal, bootstrapTemporalWithRetry } from './bootstrap.ts';
export { ensureNamespace, NAMESPACE_RETENTION_DAYS } from './namespace.ts';
export { ensureSchedules, scheduleDefinitions, SCHEDULE_IDS } from './schedules.ts';
export {
  connectTemporal,
  runWorkflowId,
  sendBillingEvent,
  billingHandle,
  terminateRun,
  runHandle,
  reportHandle,
  startReportGeneration,
  startInspectionRun,
  startTrial,
  applyPromoCode,
  endTrialOnSubscription,
  temporalHealth,
  isTemporalUnavailable,
  type TemporalClient,
  type TemporalConfig,
} from './client.ts';
export {
  bundleTurnproofWorkflows,
  createTurnproofWorker,
  type TurnproofActivities,
  type TurnproofWorkerOptions,
} from './worker.ts';
export { WORKER_PROCESS_ENV } from './worker-env.ts';
