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
 * Linear after the sort: checkouts in order meet the next start with a cursor that only moves forward.
 * A reservation whose dates make no instant (such as the year 0) is left out.
 */
export function planTurnovers(reservations: Reservation[], settings: TurnoverSettings): PlannedTurnover[] {
  const byStart = [...reservations].sort((a, b) => a.start.localeCompare(b.start));
  const byEnd = [...reservations].sort((a, b) => a.end.localeCompare(b.end));
  // Time-zone arithmetic is the costly part, and stays share their dates: each date is placed once.
  const instants = new Map<string, Date | null>();
  const at = (date: string, time: string) => {
    const key = `${date} ${time}`;
    if (!instants.has(key)) instants.set(key, instantOrNull(date, time, settings.timeZone));
    return instants.get(key) ?? null;
  };
  const plan = new Map<string, PlannedTurnover>();
  let next = 0;
  for (const reservation of byEnd) {
    // Starts before this checkout can follow no later checkout either.
    while (next < byStart.length && byStart[next]!.start < reservation.end) next += 1;
    const checkoutAt = at(reservation.end, settings.checkoutTime);
    const following = byStart[next];
    const dueAt = following
      ? at(following.start, settings.checkInTime)
      : checkoutAt && new Date(checkoutAt.getTime() + settings.defaultTurnaroundMs);
    if (checkoutAt && dueAt) plan.set(reservation.uid, { uid: reservation.uid, checkoutAt, dueAt });
  }
  return byStart.flatMap((reservation) => plan.get(reservation.uid) ?? []);
}

function instantOrNull(date: string, time: string, timeZone: string): Date | null {
  try {
    return instantAt(date, time, timeZone);
  } catch {
    return null;
  }
}
