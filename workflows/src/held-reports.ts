import { getExternalWorkflowHandle, proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import { reportQuotaChangedSignal, reportWorkflowId } from './report-generation.ts';

const { findHeldReports } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * After an owner's upgrade, every report held at the flex cap tries again. Billing's workflow calls it
 * as a function (or the API runs it as a workflow). Answers how many reports were held.
 */
export async function releaseHeldReports(ownerId: string): Promise<number> {
  const held = await findHeldReports(ownerId);
  await Promise.all(
    held.map((key) =>
      getExternalWorkflowHandle(reportWorkflowId(key.runId, key.version))
        .signal(reportQuotaChangedSignal)
        // A report whose workflow has ended has nothing left to wait for.
        .catch(() => undefined),
    ),
  );
  return held.length;
}
