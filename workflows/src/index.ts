export {
  inspectionRun,
  runStatusQuery,
  runDeletedSignal,
  type InspectionRunInput,
  type InspectionRunResult,
  type RunKind,
  type RunStatus,
  type RunStatusView,
} from './inspection-run.ts';
export {
  TurnproofOwnerId,
  TurnproofPropertyId,
  TurnproofRunStatus,
  TurnproofRunKind,
  TurnproofPlan,
  turnproofSearchAttributes,
} from './search-attributes.ts';
