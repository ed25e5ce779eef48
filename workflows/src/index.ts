export { inspectionRun, type InspectionRunInput, type InspectionRunResult } from './inspection-run.ts';
export {
  reportGeneration,
  reportQuotaChangedSignal,
  reportWorkflowId,
  type ReportGenerationInput,
} from './report-generation.ts';
export { releaseHeldReports } from './held-reports.ts';
export { claimClock, claimClockWorkflowId, type ClaimClockInput } from './claim-clock.ts';
export {
  captureAnchors,
  heldTextsRelease,
  mediaPurge,
  scheduledBackup,
  trialSweep,
  unconfirmedMediaPurge,
  weeklySummary,
} from './scheduled-jobs.ts';
export * from './run-messages.ts';
export {
  applyPromoUpdate,
  promoRedemption,
  promoWorkflowId,
  type PromoApplyAnswer,
  type PromoRedemptionInput,
} from './promo-redemption.ts';
export {
  endTrialFromWorkflow,
  subscriptionStartedSignal,
  trial,
  trialWorkflowId,
  type TrialInput,
  type TrialOutcome,
} from './trial.ts';
export {
  TurnproofOwnerId,
  TurnproofPropertyId,
  TurnproofRunStatus,
  TurnproofRunKind,
  TurnproofPlan,
  TurnproofEscalationStep,
  turnproofSearchAttributes,
} from './search-attributes.ts';
export { billingAccount, type BillingAccountInput } from './billing-account.ts';
export * from './billing-messages.ts';
export { propertyCalendar, calendarWorkflowId, type PropertyCalendarInput } from './property-calendar.ts';
export * from './dispatch-messages.ts';
export { ladderSchedule, ESCALATION_STEPS, type EscalationStep } from './ladder-rules.ts';
export { claimPack, claimPackWorkflowId } from './claim-pack.ts';
export { pagePrint, pagePrintWorkflowId, type PagePrintInput } from './page-print.ts';
export { textFallback, textFallbackWorkflowId } from './text-fallback.ts';
export { guestPresentNotice, guestPresentNoticeWorkflowId } from './guest-present-notice.ts';
export { photoChecks, photoChecksWorkflowId } from './photo-checks.ts';
export { webhookDelivery, webhookDeliveryWorkflowId, type WebhookDeliveryInput } from './webhook-delivery.ts';
export { workOrder, workOrderWorkflowId, type WorkOrderInput } from './work-order.ts';
