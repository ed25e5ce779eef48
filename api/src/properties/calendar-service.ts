import type { EntityManager } from '@mikro-orm/postgresql';
import { CalendarFeed, type Property, Run } from '@turnproof/db';
import {
  calendarDurationsOf,
  ensurePropertyCalendar,
  syncPropertyCalendarNow,
  type CalendarStart,
} from '@turnproof/temporal/calendar-client';
import type { AppDeps } from '../app-deps.ts';
import { badRequest } from '../http/errors.ts';

type CalendarDeps = Pick<AppDeps, 'config' | 'temporal' | 'runDurations' | 'calendarDurations'>;

export const calendarApiMessages = {
  noFeeds: 'This property has no calendar URLs yet: add the iCal link of your booking calendar first.',
};

const startOf = (deps: CalendarDeps, property: Property): CalendarStart => ({
  propertyId: property.id,
  ownerId: property.owner.id,
  durations: deps.calendarDurations ?? calendarDurationsOf(deps.config),
  runDurations: deps.runDurations,
});

/** A property with feeds has its `calendar/{id}` workflow running (saving feeds starts it). */
export async function followCalendars(deps: CalendarDeps, property: Property): Promise<void> {
  if (property.calendar_urls.length > 0)
    await ensurePropertyCalendar(deps.temporal, deps.config, startOf(deps, property));
}

/** Fetching every feed (15 s each at most) and reconciling may take longer than the usual Temporal deadline. */
const SYNC_DEADLINE_MS = 120_000;

export async function syncNow(deps: CalendarDeps, property: Property) {
  if (property.calendar_urls.length === 0) throw badRequest(calendarApiMessages.noFeeds);
  return deps.temporal.connection.withDeadline(Date.now() + SYNC_DEADLINE_MS, () =>
    syncPropertyCalendarNow(deps.temporal, deps.config, startOf(deps, property)),
  );
}

/** The calendar as the host sees it: the last sync, the error of a failing feed, the reservations and their runs. */
export async function calendarView(em: EntityManager, property: Property) {
  const feeds = await em.find(CalendarFeed, { property: property.id }, { orderBy: { created_at: 'asc' } });
  const runs = await em.find(
    Run,
    { property: property.id, reservation_uid: { $ne: null } },
    { fields: ['id', 'reservation_uid', 'status', 'due_at', 'checkout_at'] },
  );
  const runOf = new Map(runs.map((run) => [run.reservation_uid, run]));
  const reservations = new Map(
    feeds.flatMap((feed) => feed.reservations ?? []).map((reservation) => [reservation.uid, reservation]),
  );
  const times = feeds.map((feed) => feed.last_success_at?.getTime() ?? 0).filter(Boolean);
  return {
    last_synced_at: times.length ? new Date(Math.max(...times)).toISOString() : null,
    last_error: feeds.find((feed) => feed.last_error)?.last_error ?? null,
    feeds: feeds.map((feed) => ({
      url: feed.url,
      last_success_at: feed.last_success_at ?? null,
      last_attempt_at: feed.last_attempt_at ?? null,
      error: feed.last_error ?? null,
    })),
    reservations: [...reservations.values()]
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((reservation) => {
        const run = runOf.get(reservation.uid);
        return {
          ...reservation,
          run: run
            ? { id: run.id, status: run.status, due_at: run.due_at ?? null, checkout_at: run.checkout_at ?? null }
            : null,
        };
      }),
  };
}
