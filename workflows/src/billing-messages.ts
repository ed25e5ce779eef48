import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { SyncResult } from '@turnproof/activities';
import type { SubscriptionSnapshot } from '@turnproof/platform/subscription-snapshot';

export type { SubscriptionSnapshot };

/** A verified Stripe event, reduced to what the owner's billing workflow needs. */
export interface BillingEvent {
  id: string;
  type: string;
  /** When Stripe created the event (Unix seconds). */
  created: number;
  customerId: string | null;
  /** The subscription as the event's object describes it; syncSubscription says when it counts. */
  snapshot: SubscriptionSnapshot | null;
}

export interface BillingView {
  planKey: SyncResult['planKey'];
  planStatus: SyncResult['planStatus'];
  graceEndsAt: string | null;
  eventsApplied: number;
}

export const stripeEventSignal = defineSignal<[BillingEvent]>('stripeEvent');
export const billingViewQuery = defineQuery<BillingView>('billingView');

export const billingWorkflowId = (userId: string) => `billing/${userId}`;
