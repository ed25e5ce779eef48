import {
  allHandlersFinished,
  condition,
  continueAsNew,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import type { BillingDurations } from '@turnproof/config';
import { type BillingEvent, billingViewQuery, stripeEventSignal, type BillingView } from './billing-messages.ts';
import { TurnproofPlan } from './search-attributes.ts';

/** Ids of the newest events kept for de-duplication (Stripe redelivers for up to three days). */
const REMEMBERED_EVENTS = 500;
/** Events handled before the history is cut with continue-as-new. */
const EVENTS_PER_RUN = 200;

export interface BillingAccountInput {
  userId: string;
  durations: BillingDurations;
  /** Events per run before continue-as-new; tests pass a few. */
  eventsPerRun?: number;
  /** State carried across continue-as-new. */
  carried?: {
    seenEventIds: string[];
    appliedSnapshotAt: number;
    /** ISO end of a running grace, 'over' once it ended in a downgrade, null without failed payments. */
    grace: string | 'over' | null;
    view: BillingView;
  };
}

const { syncSubscription, beginGrace, remindPaymentFailed, endGrace } = proxyActivities<
  ReturnType<typeof createActivities>
>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

/**
 * `billing/{userId}`: the owner's subscription as an entity workflow fed by verified Stripe events
 * (signal-with-start from the webhook). Each event is applied once; its effect comes from Stripe's
 * current state (syncSubscription), so the order of delivery does not matter. A failed payment starts
 * a grace with paid access; when it ends unpaid, the owner drops to flex.
 */
export async function billingAccount(input: BillingAccountInput): Promise<void> {
  const seen = new Set(input.carried?.seenEventIds ?? []);
  const seenOrder = [...seen];
  let appliedSnapshotAt = input.carried?.appliedSnapshotAt ?? 0;
  let grace = input.carried?.grace ?? null;
  const view: BillingView = input.carried?.view ?? {
    planKey: 'flex',
    planStatus: 'none',
    graceEndsAt: null,
    eventsApplied: 0,
  };
  const queue: BillingEvent[] = [];
  let handledThisRun = 0;

  setHandler(stripeEventSignal, (event) => {
    queue.push(event);
  });
  setHandler(billingViewQuery, () => ({ ...view, graceEndsAt: grace === 'over' ? null : grace }));

  const showPlan = (planKey: BillingView['planKey'], planStatus: BillingView['planStatus']) => {
    view.planKey = planKey;
    view.planStatus = planStatus;
    upsertSearchAttributes([{ key: TurnproofPlan, value: planStatus === 'none' ? 'none' : planKey }]);
  };

  async function handle(event: BillingEvent) {
    if (seen.has(event.id)) return;
    seen.add(event.id);
    seenOrder.push(event.id);
    if (seenOrder.length > REMEMBERED_EVENTS) seen.delete(seenOrder.shift() as string);

    const result = await syncSubscription({ userId: input.userId, event, appliedSnapshotAt });
    appliedSnapshotAt = result.appliedSnapshotAt;
    view.eventsApplied += 1;
    showPlan(result.planKey, result.planStatus);
    // Paid again, or no subscription at all: any dunning is over.
    if (result.planStatus !== 'past_due') grace = null;
    if (event.type === 'invoice.payment_failed' && result.planStatus === 'past_due') {
      if (grace === null) {
        grace = new Date(Date.now() + input.durations.paymentGraceMs).toISOString();
        await beginGrace({ userId: input.userId, graceEndsAt: grace });
      } else if (grace !== 'over') {
        await remindPaymentFailed({ userId: input.userId, graceEndsAt: grace });
      }
    }
  }

  for (;;) {
    const graceLeft = typeof grace === 'string' && grace !== 'over' ? Date.parse(grace) - Date.now() : null;
    if (graceLeft === null) await condition(() => queue.length > 0);
    else if (graceLeft > 0) await condition(() => queue.length > 0, graceLeft);

    while (queue.length > 0) {
      await handle(queue.shift() as BillingEvent);
      handledThisRun += 1;
    }
    if (typeof grace === 'string' && grace !== 'over' && Date.now() >= Date.parse(grace)) {
      const dropped = await endGrace({ userId: input.userId });
      grace = 'over';
      showPlan(dropped.planKey, dropped.planStatus);
    }
    if (handledThisRun >= (input.eventsPerRun ?? EVENTS_PER_RUN) || workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      // Signals that arrived meanwhile are handled first; none are lost to the new run.
      if (queue.length > 0) continue;
      await continueAsNew<typeof billingAccount>({
        ...input,
        carried: { seenEventIds: seenOrder, appliedSnapshotAt, grace, view },
      });
    }
  }
}
