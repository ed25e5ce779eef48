export { inspectionRun, type InspectionRunInput, type InspectionRunResult } from './inspection-run.ts';
export { reportGeneration, reportWorkflowId, type ReportGenerationInput } from './report-generation.ts';
export * from './run-messages.ts';
export {
  TurnproofOwnerId,
  TurnproofPropertyId,
  TurnproofRunStatus,
  TurnproofRunKind,
  TurnproofPlan,
  turnproofSearchAttributes,
} from './search-attributes.ts';
export { billingAccount, type BillingAccountInput } from './billing-account.ts';
export * from './billing-messages.ts';
