import type { Client } from '@temporalio/client';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import { terminateRun } from '@turnproof/temporal/client';

/** After a run's rows are deleted: stop its workflow and remove its media and report files. */
export async function forgetRun(deps: { temporal: Client; storage: MediaStorage }, runId: string): Promise<void> {
  await terminateRun(deps.temporal, runId);
  await deps.storage.removeTree(`runs/${runId}`);
  await deps.storage.removeTree(`reports/${runId}`);
}
