import { condition, defineQuery, defineSignal, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { RunDurations } from '@turnproof/config';
import { TurnproofRunStatus } from './search-attributes.ts';

export type RunKind = 'turnover' | 'move_in' | 'move_out';
export type RunStatus = 'pending' | 'in_progress' | 'completed';

export interface InspectionRunInput {
  runId: string;
  ownerId: string;
  propertyId: string;
  kind: RunKind;
  /** ISO 8601 instant, or null when the run has no due time. */
  dueAt: string | null;
  durations: RunDurations;
}

export interface RunStatusView {
  status: RunStatus;
}

export interface InspectionRunResult {
  status: RunStatus;
  /** True when the workflow ended because the host deleted the run. */
  deleted: boolean;
}

export const runStatusQuery = defineQuery<RunStatusView>('runStatus');
/** Sent by the API when the host deletes the run: nothing is left to remind about or report on. */
export const runDeletedSignal = defineSignal('runDeleted');

export async function inspectionRun(_input: InspectionRunInput): Promise<InspectionRunResult> {
  const status: RunStatus = 'pending';
  let deleted = false;

  setHandler(runStatusQuery, () => ({ status }));
  setHandler(runDeletedSignal, () => {
    deleted = true;
  });
  publishStatus(status);

  await condition(() => deleted);
  return { status, deleted };
}

/**
 * The workflow owns TurnproofRunStatus: it writes it whenever the status changes (and once at start,
 * so a run started without attributes is still findable).
 */
function publishStatus(status: RunStatus): void {
  upsertSearchAttributes([{ key: TurnproofRunStatus, value: status }]);
}
