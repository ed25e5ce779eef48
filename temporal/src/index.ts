export { findStripeMock, findTemporalCli } from './cli.ts';
export {
  isTemporalReachable,
  parseAddress,
  startDevServer,
  type DevServer,
  type DevServerOptions,
} from './dev-server.ts';
export { registerSearchAttributes } from './search-attributes.ts';
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
  type TemporalClient,
  type TemporalConfig,
} from './client.ts';
export {
  bundleTurnproofWorkflows,
  createTurnproofWorker,
  type TurnproofActivities,
  type TurnproofWorkerOptions,
} from './worker.ts';
