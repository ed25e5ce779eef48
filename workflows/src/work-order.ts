import { proxyActivities, sleep } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import { outsideServiceOptions } from './outside-services.ts';

/** One workflow per work order: a redelivered outbox message finds it started and starts nothing. */
export const workOrderWorkflowId = (workOrderId: string) => `work-order/${workOrderId}`;

export interface WorkOrderInput {
  workOrderId: string;
  /** ISO time the vendor should be done by. */
  dueAt: string;
  /** How long before the due time the vendor is reminded. */
  remindBeforeMs: number;
}

// Both mail (and may text): an SMTP outage is waited out like any other mail's.
const { remindWorkOrderVendor, alertWorkOrderOverdue } =
  proxyActivities<ReturnType<typeof createActivities>>(outsideServiceOptions);

/** Sleeps until `at` (workflow time); at once when it has passed. */
async function sleepUntil(at: number): Promise<void> {
  const wait = at - Date.now();
  if (wait > 0) await sleep(wait);
}

/**
 * `work-order/{id}`: reminds the vendor `remindBeforeMs` before the due time, and tells the host once the
 * due time passes with the work unfinished. Each activity reads the order as it is then: a finished or
 * revoked order gets neither, and ends the workflow.
 */
export async function workOrder({ workOrderId, dueAt, remindBeforeMs }: WorkOrderInput): Promise<void> {
  const due = Date.parse(dueAt);
  const remindAt = due - remindBeforeMs;
  // An order made within its reminder window got its link just now: no reminder on top of it.
  if (remindAt > Date.now()) {
    await sleepUntil(remindAt);
    if (!(await remindWorkOrderVendor(workOrderId))) return;
  }
  await sleepUntil(due);
  await alertWorkOrderOverdue(workOrderId);
}
