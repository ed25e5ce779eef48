import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { CalendarFeed, Checklist, Property, Run, RunTask, TeamMember, type RunKind } from '@turnproof/db';
import { assignmentMail, runCanceledMail } from '../assignment-mails.tsx';
import { formatInZone } from '../local-time.ts';
import { decryptLink, newMagicLink } from '../magic-link.ts';
import type { Mailer } from '../mailer.ts';
import { ownerDisplayName } from '../owner-name.ts';
import { recordRunEvent } from '../run-timeline.ts';
import { sendOnce } from '../send-once.ts';
import { FeedError, fetchFeed } from './fetch-feed.ts';
import { parseReservations, type Reservation } from './parse-feed.ts';
import { planTurnovers, type PlannedTurnover } from './turnover-plan.ts';

export interface CalendarActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  publicOrigin: string;
  secretKey: string;
  allowPrivateCalendarAddresses: boolean;
}

/** New runs per activity call: keeps each answer (and the runs' workflow inputs) well under Temporal's payload limit. */
export const NEW_RUNS_PER_CALL = 250;

export const calendarMessages = {
  noTurnoverChecklist: 'Add a turnover checklist to this property: calendar bookings need one to create their runs.',
  neverFetched: 'Not every calendar has been read yet, so no runs were changed.',
};

export interface SyncCalendarInput {
  propertyId: string;
  /** Unique per sync: the runs this sync changes carry it, so a retried call answers the same changes. */
  syncKey: string;
  defaultTurnaroundMs: number;
  /** False: reuse the reservations of the last fetch (the follow-up calls of a large first sync). */
  fetch?: boolean;
}

/** A run a calendar sync made, as its workflow starts (the durations are the calendar workflow's to add). */
export interface CalendarRunStart {
  runId: string;
  ownerId: string;
  propertyId: string;
  kind: RunKind;
  dueAt: string | null;
  tasks: { id: string; title: string; requiredMedia: number }[];
}

/** What one calendar sync changed about the property's runs, for the calendar workflow to pass on. */
export type CalendarRunChange =
  | { action: 'start'; run: CalendarRunStart }
  | { action: 'reschedule'; runId: string; dueAt: string }
  | { action: 'cancel'; runId: string };

export interface CalendarSyncResult {
  /** Feeds the property has; none ends the calendar workflow. */
  feeds: number;
  /** The newest error of any feed (or of the sync), as a sentence; null when all went well. */
  error: string | null;
  reservations: number;
  changes: CalendarRunChange[];
  /** More new runs wait than one call makes: the workflow calls again at once. */
  more: boolean;
}

/** Fetches one feed and keeps its last good state: a failing feed records its error and changes nothing else. */
async function refreshFeed(em: EntityManager, feed: CalendarFeed, timeZone: string, deps: CalendarActivityDeps) {
  feed.last_attempt_at = new Date();
  try {
    const answer = await fetchFeed(
      feed.url,
      { etag: feed.etag ?? null, lastModified: feed.last_modified ?? null },
      { allowPrivateAddresses: deps.allowPrivateCalendarAddresses },
    );
    if (!answer.notModified) {
      feed.reservations = parseReservations(answer.body, timeZone);
      feed.etag = answer.validators.etag;
      feed.last_modified = answer.validators.lastModified;
    }
    feed.last_success_at = feed.last_attempt_at;
    feed.last_error = null;
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    feed.last_error = error.message;
  }
  await em.flush();
}

async function loadFeeds(em: EntityManager, property: Property): Promise<CalendarFeed[]> {
  const urls = property.calendar_urls;
  await em.nativeDelete(CalendarFeed, { property: property.id, url: { $nin: urls } });
  const existing = await em.find(CalendarFeed, { property: property.id });
  const feeds = urls.map(
    (url) => existing.find((feed) => feed.url === url) ?? em.create(CalendarFeed, { property, url }),
  );
  await em.flush();
  return feeds;
}

function unionOf(feeds: CalendarFeed[]): Reservation[] {
  const byUid = new Map<string, Reservation>();
  for (const feed of feeds) for (const reservation of feed.reservations ?? []) byUid.set(reservation.uid, reservation);
  return [...byUid.values()];
}

const sameTime = (a: Date | null | undefined, b: Date) => a?.getTime() === b.getTime();

/**
 * The changes of one sync, in one transaction: new turnovers for new reservations (at most
 * NEW_RUNS_PER_CALL), moved times for changed ones, canceled runs for vanished ones. A run already
 * started is never canceled: the host gets an alert instead (returned for after the commit).
 */
async function reconcile(
  tx: EntityManager,
  property: Property,
  plan: PlannedTurnover[],
  syncKey: string,
  deps: CalendarActivityDeps,
) {
  const existing = await tx.find(Run, { property: property.id, reservation_uid: { $ne: null } });
  const byUid = new Map(existing.map((run) => [run.reservation_uid as string, run]));
  const planned = new Set(plan.map((turnover) => turnover.uid));
  const mark = (run: Run, change: 'start' | 'reschedule' | 'cancel') => {
    run.calendar_sync_key = syncKey;
    run.calendar_change = change;
  };

  const missing = plan.filter((turnover) => !byUid.has(turnover.uid));
  const checklist = missing.length
    ? await tx.findOne(
        Checklist,
        { property: property.id, type: 'turnover', is_template: false },
        { populate: ['tasks'], orderBy: { created_at: 'asc' } },
      )
    : null;
  if (missing.length && !checklist) return { more: false, error: calendarMessages.noTurnoverChecklist, orphans: [] };

  for (const turnover of missing.slice(0, NEW_RUNS_PER_CALL)) {
    const link = newMagicLink(deps.publicOrigin, deps.secretKey);
    const run = tx.create(Run, {
      property: tx.getReference(Property, property.id),
      checklist: tx.getReference(Checklist, checklist!.id),
      checklist_name: checklist!.name,
      type: 'turnover',
      token_hash: link.tokenHash,
      link_encrypted: link.linkEncrypted,
      due_at: turnover.dueAt,
      checkout_at: turnover.checkoutAt,
      assigned_to: property.default_assignee ? tx.getReference(TeamMember, property.default_assignee.id) : null,
      source: 'calendar',
      reservation_uid: turnover.uid,
    });
    mark(run, 'start');
    checklist!.tasks.getItems().forEach((task, order_index) =>
      tx.create(RunTask, {
        run,
        task: task.id,
        title: task.title,
        description: task.description ?? null,
        required_media: task.required_media,
        order_index,
      }),
    );
  }

  for (const turnover of plan) {
    const run = byUid.get(turnover.uid);
    if (!run || run.status === 'completed' || run.status === 'canceled') continue;
    if (sameTime(run.due_at, turnover.dueAt) && sameTime(run.checkout_at, turnover.checkoutAt)) continue;
    run.due_at = turnover.dueAt;
    run.checkout_at = turnover.checkoutAt;
    mark(run, 'reschedule');
  }

  const orphans: Run[] = [];
  for (const run of existing) {
    if (planned.has(run.reservation_uid as string) || run.status === 'completed' || run.status === 'canceled') continue;
    if (run.status === 'pending') {
      run.status = 'canceled';
      run.canceled_at = new Date();
      mark(run, 'cancel');
    } else {
      orphans.push(run);
    }
  }
  await tx.flush();
  return { more: missing.length > NEW_RUNS_PER_CALL, error: null, orphans: orphans.map((run) => run.id) };
}

/** The changes this sync made (also when an earlier attempt of it made them), for the workflow to pass on. */
async function changesOf(em: EntityManager, property: Property, syncKey: string): Promise<CalendarRunChange[]> {
  const runs = await em.find(
    Run,
    { property: property.id, calendar_sync_key: syncKey },
    { populate: ['tasks'], orderBy: { due_at: 'asc' } },
  );
  return runs.map((run): CalendarRunChange => {
    if (run.calendar_change === 'cancel') return { action: 'cancel', runId: run.id };
    if (run.calendar_change === 'reschedule') {
      return { action: 'reschedule', runId: run.id, dueAt: (run.due_at as Date).toISOString() };
    }
    return {
      action: 'start',
      run: {
        runId: run.id,
        ownerId: property.owner.id,
        propertyId: property.id,
        kind: run.type,
        dueAt: run.due_at?.toISOString() ?? null,
        tasks: run.tasks
          .getItems()
          .map((task) => ({ id: task.id, title: task.title, requiredMedia: task.required_media })),
      },
    };
  });
}

/** Tells the people concerned, once each: the new runs' cleaner gets the link, a canceled run's cleaner the news. */
async function notify(em: EntityManager, property: Property, syncKey: string, deps: CalendarActivityDeps) {
  const runs = await em.find(
    Run,
    { property: property.id, calendar_sync_key: syncKey, calendar_change: { $in: ['start', 'cancel', 'reschedule'] } },
    { populate: ['assigned_to'] },
  );
  const ownerName = runs.length ? await ownerDisplayName(em, property.owner.id) : '';
  const timeZone = property.timezone;
  for (const run of runs) {
    const assignee = run.assigned_to;
    const dueAt = run.due_at ?? null;
    if (run.calendar_change === 'start') {
      if (assignee?.email) {
        const mail = assignmentMail(assignee.email, {
          ownerName,
          propertyName: property.name,
          kind: run.type,
          dueAt,
          timeZone,
          magicLink: decryptLink(deps.secretKey, run.link_encrypted),
        });
        await sendOnce(deps.orm, deps.mailer, `run/${run.id}/assigned/${assignee.id}`, mail);
        await recordRunEvent(em, run.id, 'link_sent', `Link sent to ${assignee.name}.`, assignee.id);
      }
    } else if (run.calendar_change === 'cancel') {
      await recordRunEvent(em, run.id, 'canceled', 'Canceled: the reservation was cancelled in the booking calendar.');
      if (assignee?.email) {
        const mail = runCanceledMail(assignee.email, { propertyName: property.name, kind: run.type, dueAt, timeZone });
        await sendOnce(deps.orm, deps.mailer, `run/${run.id}/canceled`, mail);
      }
    } else if (dueAt) {
      await recordRunEvent(
        em,
        run.id,
        'rescheduled',
        `Due time moved to ${formatInZone(dueAt, timeZone)} (the reservation changed).`,
        dueAt.toISOString(),
      );
    }
  }
}

/** A started run whose reservation vanished stays: the host decides, told once by an alert and e-mail. */
async function alertOrphans(em: EntityManager, runIds: string[]) {
  for (const runId of runIds) {
    await em.getConnection().execute(
      `insert into alerts (id, run_id, kind, severity, description, media_paths, created_at)
       select gen_random_uuid(), ?, 'calendar', 'high', ?, '[]', now()
       where not exists (select 1 from alerts where run_id = ? and kind = 'calendar')`,
      [
        runId,
        'The reservation of this run is gone from the booking calendar, but the cleaner has already started; it was not canceled.',
        runId,
      ],
    );
  }
}

/** `syncPropertyCalendar`: fetch the property's feeds, keep one turnover per reservation, answer the changes. */
export function createCalendarActivities(deps: CalendarActivityDeps) {
  return {
    async syncPropertyCalendar(input: SyncCalendarInput): Promise<CalendarSyncResult> {
      const em = deps.orm.em.fork();
      const property = await em.findOne(Property, { id: input.propertyId }, { populate: ['default_assignee'] });
      if (!property || property.calendar_urls.length === 0) {
        return { feeds: 0, error: null, reservations: 0, changes: [], more: false };
      }
      const feeds = await loadFeeds(em, property);
      if (input.fetch !== false) {
        await Promise.all(feeds.map((feed) => refreshFeed(em, feed, property.timezone, deps)));
      }
      const feedError = feeds.find((feed) => feed.last_error)?.last_error ?? null;
      const reservations = unionOf(feeds);
      let outcome: { more: boolean; error: string | null; orphans: string[] } = {
        more: false,
        error: null,
        orphans: [],
      };
      if (feeds.some((feed) => feed.reservations == null)) {
        outcome.error = calendarMessages.neverFetched;
      } else {
        const plan = planTurnovers(reservations, {
          timeZone: property.timezone,
          checkInTime: property.check_in_time,
          checkoutTime: property.checkout_time,
          defaultTurnaroundMs: input.defaultTurnaroundMs,
        });
        outcome = await em.transactional((tx) => reconcile(tx, property, plan, input.syncKey, deps));
      }
      await alertOrphans(em, outcome.orphans);
      await notify(em, property, input.syncKey, deps);
      return {
        feeds: feeds.length,
        error: feedError ?? outcome.error,
        reservations: reservations.length,
        changes: await changesOf(em, property, input.syncKey),
        more: outcome.more,
      };
    },
  };
}
