import type { EntityManager } from '@mikro-orm/postgresql';
import { TZDate } from '@date-fns/tz';
import { CalendarFeed, type ClaimOutcome, Run, type RunKind } from '@turnproof/db';
import {
  type ClaimDeadline,
  claimDeadline,
  CLAIM_RULES,
  type ClaimPlatform,
  platformOfFeed,
} from './claim-deadline.ts';

/** A completed run's claim deadline, where it is shown and reminded of. */
export interface ClaimClock extends ClaimDeadline {
  runId: string;
  kind: RunKind;
  ownerId: string;
  propertyName: string;
  timeZone: string;
  /** Issues the cleaner reported: without any there is no damage to claim, and no reminder. */
  issueCount: number;
  closed: { at: Date; outcome: ClaimOutcome } | null;
}

type Reservation = { uid: string; start: string };

function instantAt(date: string, time: string, timeZone: string): Date | null {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  if (!year || !month || !day || hour === undefined || minute === undefined) return null;
  return new Date(new TZDate(year, month - 1, day, hour, minute, timeZone).getTime());
}

/**
 * The platform of a calendar run: the feed that lists its reservation (Airbnb's UIDs also end in
 * `@airbnb.com`), else the only platform of the property's feeds; typed-in runs are of no known platform.
 */
function platformOf(run: Run, feeds: CalendarFeed[]): ClaimPlatform {
  const uid = run.reservation_uid;
  if (run.source !== 'calendar' || !uid) return 'unknown';
  if (/@airbnb\.[a-z.]+$/i.test(uid)) return 'airbnb';
  const listing = feeds.find((feed) => feed.reservations?.some((reservation) => reservation.uid === uid));
  if (listing) return platformOfFeed(listing.url);
  const platforms = new Set(feeds.map((feed) => platformOfFeed(feed.url)));
  return platforms.size === 1 ? [...platforms][0]! : 'unknown';
}

/**
 * The claim clock of a completed run, or null for a run not completed. Checkout is the booking's (calendar
 * runs), else when the cleaner started, the first moment the unit is known to be free; the next check-in is
 * the earliest reservation after it that the property's booking feeds know, at the property's check-in time.
 */
export async function readClaimClock(em: EntityManager, runId: string): Promise<ClaimClock | null> {
  const run = await em.findOne(Run, { id: runId }, { populate: ['property'] });
  if (!run || run.status !== 'completed') return null;
  const checkoutAt = run.checkout_at ?? run.started_at ?? run.ended_at;
  if (!checkoutAt) return null;
  const property = run.property;
  const feeds = await em.find(CalendarFeed, { property: property.id });
  const reservations: Reservation[] = feeds.flatMap((feed) => feed.reservations ?? []);
  const nextCheckInAt =
    reservations
      .filter((reservation) => reservation.uid !== run.reservation_uid)
      .map((reservation) => instantAt(reservation.start, property.check_in_time, property.timezone))
      .filter((at): at is Date => at !== null && at > checkoutAt)
      .sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  const [issues] = await em
    .getConnection()
    .execute<{ count: string }[]>(`select count(*) from alerts where run_id = ? and kind = 'issue'`, [run.id]);
  return {
    ...claimDeadline(CLAIM_RULES[platformOf(run, feeds)], checkoutAt, nextCheckInAt),
    runId: run.id,
    kind: run.type,
    ownerId: property.owner.id,
    propertyName: property.name,
    timeZone: property.timezone,
    issueCount: Number(issues?.count ?? 0),
    closed: run.claim_closed_at && run.claim_outcome ? { at: run.claim_closed_at, outcome: run.claim_outcome } : null,
  };
}
