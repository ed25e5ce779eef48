import { instantAt } from '../local-time.ts';
import type { Reservation } from './parse-feed.ts';

export interface TurnoverSettings {
  timeZone: string;
  checkInTime: string;
  checkoutTime: string;
  /** Due time after a checkout that no reservation follows. */
  defaultTurnaroundMs: number;
}

/** The turnover a reservation needs: from its checkout until the next guest's check-in. */
export interface PlannedTurnover {
  uid: string;
  checkoutAt: Date;
  dueAt: Date;
}

/**
 * One turnover per reservation, at its checkout (checkout time on its last date), due at the next
 * reservation's check-in (check-in time on that one's first date), else a default turnaround later.
 */
export function planTurnovers(reservations: Reservation[], settings: TurnoverSettings): PlannedTurnover[] {
  const byStart = [...reservations].sort((a, b) => a.start.localeCompare(b.start));
  return byStart.map((reservation) => {
    const checkoutAt = instantAt(reservation.end, settings.checkoutTime, settings.timeZone);
    const next = byStart.find((other) => other !== reservation && other.start >= reservation.end);
    const dueAt = next
      ? instantAt(next.start, settings.checkInTime, settings.timeZone)
      : new Date(checkoutAt.getTime() + settings.defaultTurnaroundMs);
    return { uid: reservation.uid, checkoutAt, dueAt };
  });
}
