import type { TrialDurations } from '@turnproof/config';

export type TrialNotice = 'expiring' | 'ending_soon';

/**
 * The reminders still to send, in order, with the instant (ms) each is due. A reminder whose successor is
 * already due is dropped: a trial started late (by the sweep) sends only the newest news.
 */
export function trialNoticesDue(
  trialEndIso: string,
  nowMs: number,
  durations: Pick<TrialDurations, 'expiringNoticeMs' | 'endingSoonNoticeMs'>,
): { notice: TrialNotice; atMs: number }[] {
  const endMs = Date.parse(trialEndIso);
  const notices = [
    { notice: 'expiring' as const, atMs: endMs - durations.expiringNoticeMs },
    { notice: 'ending_soon' as const, atMs: endMs - durations.endingSoonNoticeMs },
  ];
  return notices.filter((_, index) => nowMs < (notices[index + 1]?.atMs ?? endMs));
}
