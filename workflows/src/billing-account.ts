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
import { outsideServiceOptions } from './outside-services.ts';
import type { BillingDurations } from '@turnproof/config';
import { type BillingEvent, billingViewQuery, stripeEventSignal, type BillingView } from './billing-messages.ts';
import { releaseHeldReports } from './held-reports.ts';
import { TurnproofPlan } from './search-attributes.ts';
import { endTrialFromWorkflow } from './trial.ts';
import { upgradeWithEachVersion } from './versioning.ts';

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
    /** The owner's trial was told that a subscription started. */
    trialClosed: boolean;
    view: BillingView;
  };
}

const { startGrace, dropToFlex } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});
// Stripe and SMTP: an outage is waited out for days; a refused address fails at once.
const { syncSubscription, mailPaymentFailed, mailDowngraded } =
  proxyActivities<ReturnType<typeof createActivities>>(outsideServiceOptions);

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
  let trialClosed = input.carried?.trialClosed ?? false;
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
    // Paid again, or no subscription at all: any dunning is over.
    if (result.planStatus !== 'past_due') grace = null;
    // After a grace that ended unpaid the owner is on flex, whatever plan the unpaid subscription names.
    showPlan(grace === 'over' ? 'flex' : result.planKey, result.planStatus);
    if (result.quotaChanged && result.planStatus !== 'none') await releaseHeldReports(input.userId);
    if (result.planStatus === 'active' && !trialClosed) {
      trialClosed = true;
      // A subscription ends the trial at once (no more trial e-mails).
      await endTrialFromWorkflow(input.userId);
    }
    if (event.type === 'invoice.payment_failed' && result.planStatus === 'past_due')
      await dun(event.id, result.planKey);
    view.eventsApplied += 1;
  }

  /**
   * The first failed payment starts the grace; a further failed attempt during it reminds the owner;
   * after a grace that ended in the downgrade, nothing more until the owner pays.
   */
  async function dun(eventId: string, planKey: BillingView['planKey']) {
    if (grace === 'over') return;
    if (grace === null) {
      const graceEndsAt = new Date(Date.now() + input.durations.paymentGraceMs).toISOString();
      // Not past due any more (paid meanwhile): nothing to dun.
      if (!(await startGrace({ userId: input.userId, graceEndsAt }))) return;
      grace = graceEndsAt;
    }
    await mailPaymentFailed({ userId: input.userId, planKey, graceEndsAt: grace, eventId });
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
      const graceEndsAt = grace;
      const dropped = await dropToFlex({ userId: input.userId });
      grace = 'over';
      showPlan(dropped.planKey, dropped.planStatus);
      if (dropped.from) await mailDowngraded({ userId: input.userId, from: dropped.from, graceEndsAt });
    }
    if (handledThisRun >= (input.eventsPerRun ?? EVENTS_PER_RUN) || workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      // Signals that arrived meanwhile are handled first; none are lost to the new run.
      if (queue.length > 0) continue;
      await continueAsNew<typeof billingAccount>({
        ...input,
        carried: { seenEventIds: seenOrder, appliedSnapshotAt, grace, trialClosed, view },
      });
    }
  }
}
// It lives as long as the account.
upgradeWithEachVersion(billingAccount);
