import type { Client } from '@temporalio/client';
import { workOrder, workOrderWorkflowId, type WorkOrderInput } from '@turnproof/workflows';

/** Starts a work order's reminders; a second start of the same order is a no-op. */
export async function startWorkOrder(client: Client, taskQueue: string, input: WorkOrderInput): Promise<void> {
  await client.workflow.start(workOrder, {
    workflowId: workOrderWorkflowId(input.workOrderId),
    taskQueue,
    args: [input],
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
}
