import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { NativeConnection, type WorkflowBundle } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities, type Mailer } from '@turnproof/activities';
import { loadConfig, type RunDurations } from '@turnproof/config';
import { runStatusQuery } from '@turnproof/workflows';
import {
  bundleTurnproofWorkflows,
  connectTemporal,
  createTurnproofWorker,
  registerSearchAttributes,
  runWorkflowId,
  signalRunDeleted,
  startInspectionRun,
  temporalHealth,
  type TemporalClient,
} from '../src/index.ts';

// A task queue of its own, so no other worker on the shared server picks up these runs.
const config = { ...loadConfig(), TEMPORAL_TASK_QUEUE: `test-inspection-run-${randomUUID()}` };
const durations: RunDurations = { reminderBeforeDueMs: 2_000, linkReadableAfterCompletionMs: 5_000 };
const mailer: Mailer = { send: async () => {} };

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

function newWorker() {
  return createTurnproofWorker({
    config,
    connection: nativeConnection,
    activities: createActivities({ mailer }),
    workflowBundle,
  });
}

function newRun() {
  const runId = randomUUID();
  return {
    runId,
    ownerId: `owner-${randomUUID()}`,
    propertyId: `property-${randomUUID()}`,
    kind: 'turnover' as const,
    dueAt: null,
  };
}

/** Visibility is eventually consistent: ask again until the answer arrives or time runs out. */
async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Not true within ${timeoutMs} ms`);
    await sleep(200);
  }
}

describe('inspectionRun workflow', () => {
  it('reports the shared dev server healthy and the search attributes registered', async () => {
    expect(await temporalHealth(temporal.client)).toBe(true);
    expect(await registerSearchAttributes(temporal.connection, config.TEMPORAL_NAMESPACE)).toEqual([]);
  });

  it('starts pending, is found by owner, and ends when the run is deleted', async () => {
    const run = newRun();
    const worker = await newWorker();
    await worker.runUntil(async () => {
      const handle = await startInspectionRun(temporal.client, config, run, durations);
      expect(handle.workflowId).toBe(runWorkflowId(run.runId));
      expect(handle.workflowId).toBe(`run/${run.runId}`);
      expect(await handle.query(runStatusQuery)).toEqual({ status: 'pending' });

      const found = await eventually(async () => {
        const ids: string[] = [];
        for await (const execution of temporal.client.workflow.list({
          query: `TurnproofOwnerId='${run.ownerId}'`,
        })) {
          ids.push(execution.workflowId);
        }
        return ids.length ? ids : undefined;
      });
      expect(found).toEqual([`run/${run.runId}`]);

      const description = await handle.describe();
      expect(description.typedSearchAttributes.getAll()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            key: expect.objectContaining({ name: 'TurnproofPropertyId' }),
            value: run.propertyId,
          }),
          expect.objectContaining({
            key: expect.objectContaining({ name: 'TurnproofRunStatus' }),
            value: 'pending',
          }),
          expect.objectContaining({
            key: expect.objectContaining({ name: 'TurnproofRunKind' }),
            value: 'turnover',
          }),
        ]),
      );

      expect(await signalRunDeleted(temporal.client, run.runId)).toBe(true);
      expect(await handle.result()).toEqual({ status: 'pending', deleted: true });
      expect((await handle.describe()).status.name).toBe('COMPLETED');
    });
  });

  it('returns the open workflow when the same run is started twice', async () => {
    const run = newRun();
    const worker = await newWorker();
    await worker.runUntil(async () => {
      const first = await startInspectionRun(temporal.client, config, run, durations);
      const second = await startInspectionRun(temporal.client, config, run, durations);
      expect(second.firstExecutionRunId).toBe(first.firstExecutionRunId);
      await signalRunDeleted(temporal.client, run.runId);
      await first.result();
    });
  });

  it('ignores a deletion signal for a run without an open workflow', async () => {
    expect(await signalRunDeleted(temporal.client, randomUUID())).toBe(false);
  });
});
