import { randomUUID } from 'node:crypto';
import { NativeConnection, type WorkflowBundle } from '@temporalio/worker';
import { loadConfig } from '@turnproof/config';
import { workOrder, workOrderWorkflowId, type WorkOrderInput } from '@turnproof/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleTurnproofWorkflows,
  connectTemporal,
  createTurnproofWorker,
  type TemporalClient,
  type TurnproofActivities,
} from '../src/index.ts';

// A task queue of its own, so no other worker on the shared server picks up these workflows.
const config = { ...loadConfig(), TEMPORAL_TASK_QUEUE: `test-work-order-${randomUUID()}` };

let workflowBundle: WorkflowBundle;
let nativeConnection: NativeConnection;
let temporal: TemporalClient;
beforeAll(async () => {
  workflowBundle = await bundleTurnproofWorkflows();
  nativeConnection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  temporal = await connectTemporal(config);
});
afterAll(async () => {
  await temporal?.connection.close();
  await nativeConnection?.close();
});

/** Activities that record when they ran; the reminder answers whether the order was still the vendor's. */
function recordingActivities(stillOpen: boolean) {
  const calls: { name: string; at: number }[] = [];
  const activities = {
    async remindWorkOrderVendor() {
      calls.push({ name: 'remind', at: Date.now() });
      return stillOpen;
    },
    async alertWorkOrderOverdue() {
      calls.push({ name: 'overdue', at: Date.now() });
      return true;
    },
  } as unknown as TurnproofActivities;
  return { calls, activities };
}

async function runWorkOrder(stillOpen: boolean, dueInMs: number, remindBeforeMs: number) {
  const recorder = recordingActivities(stillOpen);
  const worker = await createTurnproofWorker({
    config,
    connection: nativeConnection,
    activities: recorder.activities,
    workflowBundle,
  });
  // Timed from here: making the worker takes its time.
  const input: WorkOrderInput = {
    workOrderId: randomUUID(),
    dueAt: new Date(Date.now() + dueInMs).toISOString(),
    remindBeforeMs,
  };
  const started = Date.now();
  await worker.runUntil(
    temporal.client.workflow.execute(workOrder, {
      workflowId: workOrderWorkflowId(input.workOrderId),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [input],
    }),
  );
  return { calls: recorder.calls.map((call) => ({ name: call.name, after: call.at - started })), input };
}

describe('WorkOrder workflow', () => {
  it('reminds the vendor before the due time and tells the host once it has passed', async () => {
    const { calls } = await runWorkOrder(true, 6_000, 3_000);
    expect(calls.map((call) => call.name)).toEqual(['remind', 'overdue']);
    expect(calls[0]!.after).toBeGreaterThanOrEqual(2_500);
    expect(calls[1]!.after).toBeGreaterThanOrEqual(5_500);
  });

  it('ends without the overdue alert when the order was finished before the reminder', async () => {
    const { calls } = await runWorkOrder(false, 4_000, 2_000);
    expect(calls.map((call) => call.name)).toEqual(['remind']);
  });

  it('skips the reminder of an order made after its reminder time and alerts at the due time', async () => {
    const { calls } = await runWorkOrder(true, 1_000, 60_000);
    expect(calls.map((call) => call.name)).toEqual(['overdue']);
    expect(calls[0]!.after).toBeGreaterThanOrEqual(500);
  });
});
