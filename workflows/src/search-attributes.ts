import { defineSearchAttributeKey } from '@temporalio/common';

/** Search attributes a support engineer filters by in the Temporal UI; registered by the bootstrap. */
export const TurnproofOwnerId = defineSearchAttributeKey('TurnproofOwnerId', 'KEYWORD');
export const TurnproofPropertyId = defineSearchAttributeKey('TurnproofPropertyId', 'KEYWORD');
export const TurnproofRunStatus = defineSearchAttributeKey('TurnproofRunStatus', 'KEYWORD');
export const TurnproofRunKind = defineSearchAttributeKey('TurnproofRunKind', 'KEYWORD');
export const TurnproofPlan = defineSearchAttributeKey('TurnproofPlan', 'KEYWORD');
/** The newest step of a run's escalation ladder: reminded, handed_over, host_alerted, overdue. */
export const TurnproofEscalationStep = defineSearchAttributeKey('TurnproofEscalationStep', 'KEYWORD');

export const turnproofSearchAttributes = [
  TurnproofOwnerId,
  TurnproofPropertyId,
  TurnproofRunStatus,
  TurnproofRunKind,
  TurnproofPlan,
  TurnproofEscalationStep,
] as const;
