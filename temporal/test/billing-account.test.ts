import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { NativeConnection, type WorkflowBundle } from '@temporalio/worker';
import type { SyncRequest, SyncResult } from '@turnproof/activities';
import { loadConfig } from '@turnproof/config';
import {
  billingAccount,
  billingViewQuery,
  stripeEventSignal,
  type BillingAccountInput,
  type BillingEvent,
} from '@turnproof/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleTurnproofWorkflows,
  connectTemporal,
  createTurnproofWorker,
  type TemporalClient,
  type TurnproofActivities,
} from '../src/index.ts';

// A task queue of its own, so no other worker on the shared server picks up these workflows.
const config = { ...loadConfig(), TEMPORAL_TASK_QUEUE: `test-billing-account-${randomUUID()}` };
// Skipped time: 7 days of grace become 3 seconds.
const GRACE_MS = 3_000;

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

/**
 * Activities that record their calls; syncSubscription answers what the event says (Stripe status
 * active or past_due), so these tests judge the workflow's own decisions: dedupe, grace, carry-over.
 */
function recordingActivities() {
  const calls: string[] = [];
  const activities = {
    async syncSubscription({ event, appliedSnapshotAt }: SyncRequest): Promise<SyncResult> {
      calls.push('syncSubscription');
      const status = event.snapshot?.status === 'past_due' ? 'past_due' : 'active';
      return { source: 'event', planKey: 'pro', planStatus: status, appliedSnapshotAt };
    },
    async beginGrace() {
      calls.push('beginGrace');
    },
    async remindPaymentFailed() {
      calls.push('remindPaymentFailed');
    },
    async endGrace() {
      calls.push('endGrace');
      return { planKey: 'flex', planStatus: 'active' };
    },
  } as unknown as TurnproofActivities;
  return { calls, activities };
}

const invoiceEvent = (type: 'invoice.paid' | 'invoice.payment_failed'): BillingEvent => ({
  id: `evt_${randomUUID()}`,
  type,
  created: Math.floor(Date.now() / 1000),
  customerId: 'cus_test',
  snapshot: {
    subscriptionId: 'sub_test',
    status: type === 'invoice.paid' ? 'active' : 'past_due',
    planKey: 'pro',
    periodStart: null,
    periodEnd: null,
    cancelAtPeriodEnd: false,
  },
});

function billingFor(input: Omit<BillingAccountInput, 'durations'>) {
  const workflowId = `billing/${input.userId}`;
  const send = (event: BillingEvent) =>
    temporal.client.workflow.signalWithStart(billingAccount, {
      workflowId,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ ...input, durations: { paymentGraceMs: GRACE_MS } }],
      signal: stripeEventSignal,
      signalArgs: [event],
    });
  const handle = temporal.client.workflow.getHandle(workflowId);
  const applied = async (count: number) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const view = await handle.query(billingViewQuery).catch(() => null);
      if (view && view.eventsApplied >= count) return view;
      if (Date.now() > deadline) throw new Error(`${workflowId} applied ${view?.eventsApplied ?? 0} of ${count}`);
      await sleep(100);
    }
  };
  return { send, handle, applied };
}

async function withWorker<T>(activities: TurnproofActivities, work: () => Promise<T>): Promise<T> {
  const worker = await createTurnproofWorker({ config, connection: nativeConnection, activities, workflowBundle });
  return worker.runUntil(work);
}

describe('BillingAccount workflow', () => {
  it('reminds on a second failed payment and cancels the downgrade when the owner pays during the grace', async () => {
    const recorder = recordingActivities();
    const billing = billingFor({ userId: randomUUID() });
    await withWorker(recorder.activities, async () => {
      await billing.send(invoiceEvent('invoice.payment_failed'));
      await billing.applied(1);
      expect((await billing.handle.query(billingViewQuery)).graceEndsAt).not.toBeNull();
      await billing.send(invoiceEvent('invoice.payment_failed'));
      await billing.send(invoiceEvent('invoice.paid'));
      const view = await billing.applied(3);
      expect(view).toMatchObject({ planKey: 'pro', planStatus: 'active', graceEndsAt: null });
      await sleep(GRACE_MS + 1500);
    });
    expect(recorder.calls).toEqual([
      'syncSubscription',
      'beginGrace',
      'syncSubscription',
      'remindPaymentFailed',
      'syncSubscription',
    ]);
  });

  it('continues as new every few events and still applies a redelivered event once', async () => {
    const recorder = recordingActivities();
    const billing = billingFor({ userId: randomUUID(), eventsPerRun: 2 });
    const first = invoiceEvent('invoice.paid');
    await withWorker(recorder.activities, async () => {
      await billing.send(first);
      await billing.send(invoiceEvent('invoice.paid'));
      await billing.send(invoiceEvent('invoice.paid'));
      await billing.applied(3);
      // The id is remembered across continue-as-new.
      await billing.send(first);
      await sleep(1500);
      expect((await billing.handle.query(billingViewQuery)).eventsApplied).toBe(3);
      const description = await billing.handle.describe();
      expect(description.runId).not.toBe(description.raw.workflowExecutionInfo?.firstRunId);
    });
    expect(recorder.calls.filter((name) => name === 'syncSubscription')).toHaveLength(3);
  });
});
