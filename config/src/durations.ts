/**
 * Every duration a workflow waits on is an input of the workflow, filled from here. Tests pass
 * seconds instead, because no time-skipping test server runs on our machines.
 */
export interface RunDurations {
  /** How long before due_at the reminder goes out. */
  reminderBeforeDueMs: number;
  /** How long a completed run's link stays readable. */
  linkReadableAfterCompletionMs: number;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const productionDurations: RunDurations = {
  reminderBeforeDueMs: 2 * HOUR,
  linkReadableAfterCompletionMs: 7 * DAY,
};

/** Timers of an owner's billing workflow (`billing/{userId}`). */
export interface BillingDurations {
  /** Paid access kept after a failed payment before the owner drops to flex. */
  paymentGraceMs: number;
}

export const productionBillingDurations: BillingDurations = {
  paymentGraceMs: 7 * DAY,
};
