import { proxyActivities, sleep } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import { outsideServiceOptions } from './outside-services.ts';

export const claimClockWorkflowId = (runId: string) => `claim-clock/${runId}`;

export interface ClaimClockInput {
  runId: string;
  /** How long before the claim deadline each reminder goes out (3 days and 1 day in production). */
  remindBeforeMs: number[];
}

const { openClaimDeadline } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});
// The reminder mails the host: it waits out an SMTP outage.
const { remindClaimDeadline } = proxyActivities<ReturnType<typeof createActivities>>(outsideServiceOptions);

/**
 * `claim-clock/{runId}`: started when a run completes; reminds the host of the damage claim's deadline
 * before it passes. The deadline is read again on every wake (a booking found since may bring it forward,
 * the host may have closed the claim), so the workflow ends once the claim is closed, has no damage, or
 * its deadline passed. Of reminders already due together, only the nearest to the deadline goes out.
 */
export async function claimClock(input: ClaimClockInput): Promise<void> {
  const leads = [...input.remindBeforeMs].sort((a, b) => b - a);
  const done = new Set<number>();
  for (;;) {
    const deadline = await openClaimDeadline(input.runId);
    if (!deadline) return;
    const deadlineMs = Date.parse(deadline);
    const due = leads.filter((lead) => !done.has(lead) && deadlineMs - lead <= Date.now());
    const nearest = due.at(-1);
    if (nearest !== undefined) await remindClaimDeadline(input.runId, nearest);
    for (const lead of due) done.add(lead);
    const ahead = leads.filter((lead) => !done.has(lead));
    if (ahead.length === 0) return;
    await sleep(Math.max(0, deadlineMs - ahead[0]! - Date.now()));
  }
}
