/**
 * Every duration a workflow waits on is an input of the workflow, filled from here. Tests pass
 * seconds instead, because no time-skipping test server runs on our machines.
 */
export interface RunDurations {
  /** How long before due_at the reminder goes out. */
  reminderBeforeDueMs: number;
  /** How long a completed run's link stays readable. */
  linkReadableAfterCompletionMs: number;
  /**
   * The escalation ladder of runs with a due time. Absent in the input of runs started before the
   * ladder existed: they keep the single reminder `reminderBeforeDueMs` before due_at.
   */
  ladder?: LadderDurations;
  /** At most one high-severity issue mail per run in this interval (10 minutes when absent). */
  issueMailIntervalMs?: number;
  /**
   * How long before a completed run's damage-claim deadline the host is reminded (`claim-clock/{runId}`).
   * Absent in the input of runs started before the claim clock: they start none.
   */
  claimRemindBeforeMs?: number[];
}

/**
 * The escalation ladder, keyed to the due time (the next check-in). The run needs about
 * `perTaskMs` per task; the reminder goes out `reminderMarginMs` before the latest start that still
 * finishes in time, the hand-over to the backup cleaner `handOverMarginMs` before it, and the host
 * is told the check-in is at risk `hostAlertMarginMs` before it (at it when absent).
 */
export interface LadderDurations {
  perTaskMs: number;
  reminderMarginMs: number;
  handOverMarginMs: number;
  hostAlertMarginMs?: number;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const productionLadderDurations: LadderDurations = {
  perTaskMs: 3 * MINUTE,
  reminderMarginMs: 2 * HOUR,
  handOverMarginMs: 1 * HOUR,
};

export const productionDurations: RunDurations = {
  reminderBeforeDueMs: 2 * HOUR,
  linkReadableAfterCompletionMs: 7 * DAY,
  ladder: productionLadderDurations,
  issueMailIntervalMs: 10 * 60 * 1000,
  claimRemindBeforeMs: [3 * DAY, 1 * DAY],
};

/** The owner's ladder settings (user_preferences), in minutes; null keeps the deployment's value. */
export interface LadderSettings {
  ladder_minutes_per_task?: number | null;
  ladder_reminder_margin_minutes?: number | null;
  ladder_hand_over_margin_minutes?: number | null;
  ladder_host_alert_margin_minutes?: number | null;
}

const LADDER_SETTING_KEYS = [
  'ladder_minutes_per_task',
  'ladder_reminder_margin_minutes',
  'ladder_hand_over_margin_minutes',
  'ladder_host_alert_margin_minutes',
] as const satisfies (keyof LadderSettings)[];

/**
 * A new run's durations: the deployment's, with the ladder steps the owner has set in place of its own.
 * Durations without a ladder (tests of the single reminder) stay so until the owner sets a step.
 */
export function withOwnerLadder(durations: RunDurations, settings: LadderSettings | null | undefined): RunDurations {
  if (!durations.ladder && !LADDER_SETTING_KEYS.some((key) => settings?.[key] != null)) return durations;
  const base = durations.ladder ?? productionLadderDurations;
  const ms = (minutes: number | null | undefined, fallback: number) => (minutes == null ? fallback : minutes * MINUTE);
  const ladder: LadderDurations = {
    perTaskMs: ms(settings?.ladder_minutes_per_task, base.perTaskMs),
    reminderMarginMs: ms(settings?.ladder_reminder_margin_minutes, base.reminderMarginMs),
    handOverMarginMs: ms(settings?.ladder_hand_over_margin_minutes, base.handOverMarginMs),
    hostAlertMarginMs: ms(settings?.ladder_host_alert_margin_minutes, base.hostAlertMarginMs ?? 0),
  };
  return { ...durations, ladder };
}

/** Timers of a property's booking calendar workflow (`calendar/{propertyId}`). */
export interface CalendarDurations {
  /** How often the feeds are fetched. */
  pollIntervalMs: number;
  /** When no reservation follows a checkout, its turnover is due this long after it. */
  defaultTurnaroundMs: number;
}

export const productionCalendarDurations: CalendarDurations = {
  pollIntervalMs: 15 * MINUTE,
  defaultTurnaroundMs: 1 * DAY,
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

/**
 * Retries of one webhook delivery (`webhook/{eventId}/{endpointId}`): the first about `firstRetryMs` after a
 * failure, each next one twice as late up to `maxRetryIntervalMs`, until `giveUpAfterMs` after the first
 * attempt, when the delivery fails and the endpoint is disabled.
 */
export interface WebhookDurations {
  firstRetryMs: number;
  maxRetryIntervalMs: number;
  giveUpAfterMs: number;
}

export const productionWebhookDurations: WebhookDurations = {
  firstRetryMs: 30 * 1000,
  maxRetryIntervalMs: 6 * HOUR,
  giveUpAfterMs: 3 * DAY,
};
