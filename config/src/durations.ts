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
/** The free trial: its length from sign-up and when each reminder goes out before its end. */
export interface TrialDurations {
  lengthMs: number;
  /** 'Trial Expiring' with this much left. */
  expiringNoticeMs: number;
  /** 'Trial Ending Soon!' with this much left. */
  endingSoonNoticeMs: number;
}

export const productionTrialDurations: TrialDurations = {
  lengthMs: 14 * DAY,
  expiringNoticeMs: 3 * DAY,
  endingSoonNoticeMs: 1 * DAY,
};

/** Promo report credits expire this long after redemption. */
export const PROMO_CREDIT_LIFETIME_MS = 90 * DAY;

/** Media of runs on the flex plan are purged this long after the run was created. */
export const FLEX_MEDIA_RETENTION_MS = 30 * DAY;

/** The weekly summary covers this much time before it is sent. */
export const SUMMARY_PERIOD_MS = 7 * DAY;
