import type { LadderDurations } from '@turnproof/config';

export const ESCALATION_STEPS = ['reminded', 'handed_over', 'host_alerted', 'overdue'] as const;
export type EscalationStep = (typeof ESCALATION_STEPS)[number];

/**
 * When each step of the ladder is due, in order. The run needs about `perTaskMs` per task, so its
 * latest start is the due time minus that: the assignee is reminded `reminderMarginMs` before the
 * latest start, the backup takes over `handOverMarginMs` before it, the host hears `hostAlertMarginMs`
 * before it (at it by default) that the check-in is at risk, and the overdue alert comes at the due time.
 */
export function ladderSchedule(
  dueAtMs: number,
  taskCount: number,
  durations: LadderDurations,
): { step: EscalationStep; atMs: number }[] {
  const latestStart = dueAtMs - Math.max(1, taskCount) * durations.perTaskMs;
  return [
    { step: 'reminded', atMs: latestStart - durations.reminderMarginMs },
    { step: 'handed_over', atMs: latestStart - durations.handOverMarginMs },
    { step: 'host_alerted', atMs: latestStart - (durations.hostAlertMarginMs ?? 0) },
    { step: 'overdue', atMs: dueAtMs },
  ];
}

/** Steps that wait for the run to start; once it has, only the overdue alert (until completion) is left. */
export const stopsOnStart = (step: EscalationStep) => step !== 'overdue';
