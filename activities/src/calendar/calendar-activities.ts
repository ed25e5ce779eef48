import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Context } from '@temporalio/activity';
import pLimit from 'p-limit';
import { productionDurations, withOwnerLadder, type RunDurations } from '@turnproof/config';
import { recordRunWebhookEvent, recordRunWebhookEvents } from '@turnproof/platform/webhooks';
import {
  CALENDAR_CHANGES,
  CalendarFeed,
  Checklist,
  Property,
  Run,
  User,
  UserPreferences,
  type RunKind,
  type TeamMember,
} from '@turnproof/db';
import {
  assignmentMail,
  propertyAccess,
  runCanceledMail,
  runRescheduledMail,
} from '@turnproof/platform/assignment-mails';
import { formatDateTime } from '@turnproof/config/time-format';
import { instantAt } from '../local-time.ts';
import { decryptLink, newMagicLink } from '@turnproof/platform/magic-link';
import { cleanerLanguage, hostLanguage } from '@turnproof/platform/mail';
import type { Mailer } from '@turnproof/platform/mailer';
import type { OwnerMailBudget } from '@turnproof/platform/owner-mail-budget';
import { ownerDisplayName } from '@turnproof/platform/owner-name';
import { calendarOrphanMail } from '../run-mails.tsx';
import { linkSent, linkTexted, recordRunEvent, recordRunEvents } from '@turnproof/platform/run-timeline';
import { cleanerTexts } from '@turnproof/platform/cleaner-texts';
import type { TextSender } from '@turnproof/platform/twilio-messages';
import { deliverNotice, routeTo, type NoticeRoute } from '../cleaner-notices.ts';
import { sendOnce } from '../send-once.ts';
import { pushNewJob, type NewJob } from '@turnproof/platform/cleaner-pushes';
import { linkTextHeld } from '@turnproof/platform/text-timeline';
import type { PushSender } from '@turnproof/platform/web-push-sender';
import { FeedError, fetchFeed } from './fetch-feed.ts';
import {
  bySoonest,
  inWindow,
  MAX_RESERVATIONS,
  parseReservations,
  syncWindow,
  type FeedReading,
  type Reservation,
  type SyncWindow,
} from './parse-feed.ts';
import { planTurnovers, type PlannedTurnover } from './turnover-plan.ts';

export interface CalendarActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  /** Null when Twilio is not configured: cleaners then get e-mail only. */
  texts: TextSender | null;
  publicOrigin: string;
  secretKey: string;
  allowPrivateCalendarAddresses: boolean;
  /** The owner's hourly budget of mails to cleaners, shared with the API. */
  mailBudget: OwnerMailBudget;
  /** Where the host sees a run in the console. */
  runUrl: (runId: string) => string;
  /** Null when VAPID keys are not configured: no browser notifications. */
  push: PushSender | null;
}

/**
 * New runs per activity call. Their workflow starts go through the outbox, not the answer, so this only
 * bounds one transaction: a calendar of a few years of bookings is made in one.
 */
export const NEW_RUNS_PER_CALL = 5_000;

/** Feeds of one property fetched at the same time. */
const FEEDS_AT_ONCE = 4;

/** Calendar runs one owner's calendars may create per 24 hours, all properties together. */
export const CALENDAR_RUNS_PER_OWNER_PER_DAY = 2_000;

const count = (n: number) => n.toLocaleString('en-US');

export const calendarMessages = {
  noTurnoverChecklist: 'Add a turnover checklist to this property: calendar bookings need one to create their runs.',
  neverFetched: 'Not every calendar has been read yet, so no runs were changed.',
  /** A feed that lists more than a booking calendar should: the soonest reservations are kept. */
  feedCapped: (reading: FeedReading) =>
    `This calendar lists ${count(reading.capped)} more upcoming reservations than the ${count(MAX_RESERVATIONS)} we read: only the soonest ${count(MAX_RESERVATIONS)} (until ${reading.reservations.at(-1)?.end}) get turnover runs.`,
  skippedEvents: (skipped: number) =>
    `${count(skipped)} ${skipped === 1 ? 'event' : 'events'} of this calendar could not be read (such as an impossible date) and ${skipped === 1 ? 'was' : 'were'} skipped.`,
  propertyCapped: `Your calendars list more than ${count(MAX_RESERVATIONS)} upcoming reservations together: only the soonest ${count(MAX_RESERVATIONS)} get turnover runs.`,
  dailyCap: `The limit of ${count(CALENDAR_RUNS_PER_OWNER_PER_DAY)} new calendar runs a day is reached: the other reservations get their runs on the next days' syncs.`,
};

/** The sentence the host reads about a feed that was read but not whole (capped, events skipped); null when whole. */
function readingNote(reading: FeedReading): string | null {
  const notes = [
    reading.capped ? calendarMessages.feedCapped(reading) : null,
    reading.skipped ? calendarMessages.skippedEvents(reading.skipped) : null,
  ].filter(Boolean);
  return notes.length ? notes.join(' ') : null;
}

export interface SyncCalendarInput {
  propertyId: string;
  /** Unique per sync: the runs this sync changes carry it, so a retried call answers the same changes. */
  syncKey: string;
  defaultTurnaroundMs: number;
  /** False: reuse the reservations of the last fetch (the follow-up calls of a large first sync). */
  fetch?: boolean;
  /** The deployment's timers for new runs (the owner's ladder settings are laid over them). */
  runDurations?: RunDurations;
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
  /**
   * Runs this sync created. Their workflows start from the outbox written with them, so `changes` holds
   * no 'start' (calendar workflows of older code, whose recorded answers do, start them themselves).
   */
  created?: number;
  /** Feeds the property has; none ends the calendar workflow. */
  feeds: number;
  /** The newest error of any feed (or of the sync), as a sentence; null when all went well. */
  error: string | null;
  reservations: number;
  changes: CalendarRunChange[];
  /** More new runs wait than one call makes: the workflow calls again at once. */
  more: boolean;
}

/**
 * Fetches one feed and keeps its last good state: a failing feed records its error and changes nothing
 * else. A feed read only in part (capped, events skipped) keeps what was read and says so in its error.
 */
async function refreshFeed(
  em: EntityManager,
  feed: CalendarFeed,
  timeZone: string,
  window: SyncWindow,
  deps: CalendarActivityDeps,
) {
  feed.last_attempt_at = new Date();
  try {
    const answer = await fetchFeed(
      feed.url,
      { etag: feed.etag ?? null, lastModified: feed.last_modified ?? null },
      { allowPrivateAddresses: deps.allowPrivateCalendarAddresses },
    );
    if (!answer.notModified) {
      const reading = parseReservations(answer.body, timeZone, window);
      const note = readingNote(reading);
      feed.reservations = reading.reservations;
      // A feed read in part is read whole again next time (no 304), so its note stays true.
      feed.etag = note ? null : answer.validators.etag;
      feed.last_modified = note ? null : answer.validators.lastModified;
      feed.last_error = note;
    } else {
      feed.last_error = null;
    }
    feed.last_success_at = feed.last_attempt_at;
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

/**
 * The property's reservations from all its feeds inside today's window (a feed unchanged for days may
 * still list stays now over), the soonest MAX_RESERVATIONS of them.
 */
function upcomingOf(feeds: CalendarFeed[], window: SyncWindow): { reservations: Reservation[]; capped: boolean } {
  const byUid = new Map<string, Reservation>();
  for (const feed of feeds) {
    for (const reservation of feed.reservations ?? []) {
      if (inWindow(reservation, window)) byUid.set(reservation.uid, reservation);
    }
  }
  const upcoming = [...byUid.values()].sort(bySoonest);
  return { reservations: upcoming.slice(0, MAX_RESERVATIONS), capped: upcoming.length > MAX_RESERVATIONS };
}

const sameTime = (a: Date | string | null, b: Date) => a !== null && new Date(a).getTime() === b.getTime();

/**
 * How many more calendar runs the owner may get today. The owner's lock is held until the sync's
 * transaction ends, so two properties syncing at once cannot both spend the same allowance.
 */
async function dailyAllowance(tx: EntityManager, ownerId: string): Promise<number> {
  await tx.execute(`select pg_advisory_xact_lock(hashtext('calendar-runs/' || ?))`, [ownerId], 'run');
  const [made] = await tx.execute<{ count: string }[]>(
    `select count(*) from runs r join properties p on p.id = r.property_id
     where p.owner_id = ? and r.source = 'calendar' and r.created_at > now() - interval '24 hours'`,
    [ownerId],
    'all',
  );
  return Math.max(0, CALENDAR_RUNS_PER_OWNER_PER_DAY - Number(made?.count ?? 0));
}

/**
 * The changes of one sync, in one transaction: new turnovers for new reservations (at most
 * NEW_RUNS_PER_CALL, and the owner's daily allowance), moved times for changed ones, canceled runs for
 * vanished ones; a run whose checkout is before the window is history, never canceled. A run
 * already started is never canceled: the host gets an alert instead (returned for after the commit).
 */
async function reconcile(
  tx: EntityManager,
  property: Property,
  plan: PlannedTurnover[],
  window: SyncWindow,
  input: SyncCalendarInput,
  deps: CalendarActivityDeps,
) {
  const { syncKey } = input;
  // Plain rows, not entities: a calendar of years of bookings is read and changed without an identity map.
  const existing = await tx.execute<CalendarRunRow[]>(
    `select id, reservation_uid, status, due_at, checkout_at from runs
     where property_id = ? and reservation_uid is not null`,
    [property.id],
    'all',
  );
  const byUid = new Map(existing.map((run) => [run.reservation_uid, run]));
  const planned = new Set(plan.map((turnover) => turnover.uid));
  const open = (run: CalendarRunRow) => run.status !== 'completed' && run.status !== 'canceled';

  const missing = plan.filter((turnover) => !byUid.has(turnover.uid));
  const checklist = missing.length
    ? await tx.findOne(
        Checklist,
        { property: property.id, type: 'turnover', is_template: false },
        { orderBy: { created_at: 'asc' } },
      )
    : null;
  if (missing.length && !checklist) return { more: false, error: calendarMessages.noTurnoverChecklist, orphans: [] };
  const allowance = missing.length ? await dailyAllowance(tx, property.owner.id) : 0;
  const creating = missing.slice(0, Math.min(NEW_RUNS_PER_CALL, allowance));
  if (checklist) await insertTurnovers(tx, property, checklist, creating, input, deps);

  const moved = plan.flatMap((turnover) => {
    const run = byUid.get(turnover.uid);
    if (!run || !open(run)) return [];
    if (sameTime(run.due_at, turnover.dueAt) && sameTime(run.checkout_at, turnover.checkoutAt)) return [];
    return [{ ...run, due_at: turnover.dueAt, checkout_at: turnover.checkoutAt }];
  });
  // Before the window, a reservation is left out of the plan because it is over, not because it was cancelled.
  const windowStart = instantAt(window.from, '00:00', property.timezone).getTime();
  const current = (run: CalendarRunRow) =>
    run.checkout_at === null || new Date(run.checkout_at).getTime() >= windowStart;
  const gone = existing.filter((run) => !planned.has(run.reservation_uid) && open(run) && current(run));
  const canceled = gone.filter((run) => run.status === 'pending');
  const orphans = gone.filter((run) => run.status !== 'pending').map((run) => run.id);
  if (moved.length) {
    await tx.execute(
      `update runs r set due_at = x.due_at::timestamptz, checkout_at = x.checkout_at::timestamptz,
         calendar_sync_key = ?, calendar_change = 'reschedule', updated_at = now()
       from jsonb_to_recordset(?::jsonb) as x(id uuid, due_at text, checkout_at text) where r.id = x.id`,
      [syncKey, JSON.stringify(moved.map(({ id, due_at, checkout_at }) => ({ id, due_at, checkout_at })))],
      'run',
    );
  }
  if (canceled.length) {
    await tx.execute(
      `update runs set status = 'canceled', canceled_at = now(), calendar_sync_key = ?, calendar_change = 'cancel',
         updated_at = now()
       where id in (select (value #>> '{}')::uuid from jsonb_array_elements(?::jsonb))`,
      [syncKey, JSON.stringify(canceled.map((run) => run.id))],
      'run',
    );
    for (const run of canceled) await recordRunWebhookEvent(tx, run.id, 'run.canceled');
  }
  await followWaitingStarts(tx, moved, canceled);
  const capped = allowance < Math.min(missing.length, NEW_RUNS_PER_CALL);
  return {
    more: !capped && missing.length > NEW_RUNS_PER_CALL,
    error: capped ? calendarMessages.dailyCap : null,
    orphans,
  };
}

/** What reconciling needs of a calendar run. */
interface CalendarRunRow {
  id: string;
  reservation_uid: string;
  status: Run['status'];
  due_at: Date | string | null;
  checkout_at: Date | string | null;
}

/**
 * New turnovers in four set-based statements (runs, their task snapshots, their workflow starts in the
 * outbox, their `run.created` webhook events), all in the sync's transaction: a thousand reservations
 * are one round of the database.
 */
async function insertTurnovers(
  tx: EntityManager,
  property: Property,
  checklist: Checklist,
  turnovers: PlannedTurnover[],
  { syncKey, runDurations }: SyncCalendarInput,
  deps: CalendarActivityDeps,
) {
  if (turnovers.length === 0) return;
  const rows = turnovers.map((turnover) => {
    const link = newMagicLink(deps.publicOrigin, deps.secretKey);
    return {
      id: randomUUID(),
      token_hash: link.tokenHash,
      link_encrypted: link.linkEncrypted,
      due_at: turnover.dueAt.toISOString(),
      checkout_at: turnover.checkoutAt.toISOString(),
      reservation_uid: turnover.uid,
    };
  });
  const recordset = `jsonb_to_recordset(?::jsonb) as x(id uuid, token_hash text, link_encrypted text,
    due_at text, checkout_at text, reservation_uid text)`;
  await tx.execute(
    `insert into runs (id, property_id, checklist_id, checklist_name, type, status, meta, token_hash, link_encrypted,
       due_at, checkout_at, assigned_to_id, source, reservation_uid, calendar_sync_key, calendar_change,
       created_at, updated_at)
     select x.id, ?, ?, ?, 'turnover', 'pending', '{}', x.token_hash, x.link_encrypted, x.due_at::timestamptz,
       x.checkout_at::timestamptz, ?, 'calendar', x.reservation_uid, ?, 'start', now(), now()
     from ${recordset}`,
    [property.id, checklist.id, checklist.name, property.default_assignee?.id ?? null, syncKey, JSON.stringify(rows)],
    'run',
  );
  await tx.execute(
    `insert into run_tasks (id, run_id, task_id, title, description, required_media, camera_only, order_index, checked,
       reopened, updated_at)
     select gen_random_uuid(), r.id, t.id, t.title, t.description, t.required_media, t.camera_only, t.order_index, false,
       false, now()
     from (select (value #>> '{}')::uuid as id from jsonb_array_elements(?::jsonb)) r
     cross join (select id, title, description, required_media, camera_only,
                   (row_number() over (order by order_index, created_at))::int - 1 as order_index
                 from tasks where checklist_id = ?) t`,
    [JSON.stringify(rows.map((row) => row.id)), checklist.id],
    'run',
  );
  const preferences = await tx.findOne(UserPreferences, { user: property.owner.id });
  const durations = withOwnerLadder(runDurations ?? productionDurations, preferences);
  // The same start_run message the API writes for a run typed in by the host (RunStartMessage).
  await tx.execute(
    `insert into workflow_outbox (id, run_id, kind, payload, created_at)
     select gen_random_uuid(), x.id, 'start_run', jsonb_build_object(
       'taskQueue', ?::text,
       'input', jsonb_build_object(
         'runId', x.id, 'ownerId', ?::text, 'propertyId', ?::text, 'kind', 'turnover', 'dueAt', x.due_at,
         'durations', ?::jsonb,
         'tasks', (select jsonb_agg(jsonb_build_object('id', t.id, 'title', t.title, 'requiredMedia', t.required_media)
                     order by t.order_index) from run_tasks t where t.run_id = x.id))), now()
     from ${recordset}`,
    [Context.current().info.taskQueue, property.owner.id, property.id, JSON.stringify(durations), JSON.stringify(rows)],
    'run',
  );
  await recordRunWebhookEvents(
    tx,
    rows.map((row) => row.id),
    'run.created',
  );
}

/** A moved or canceled run whose workflow start still waits in the outbox: the start follows the change. */
async function followWaitingStarts(tx: EntityManager, moved: CalendarRunRow[], canceled: CalendarRunRow[]) {
  if (moved.length) {
    await tx.execute(
      `update workflow_outbox o set payload = jsonb_set(o.payload, '{input,dueAt}', to_jsonb(x.due_at))
       from jsonb_to_recordset(?::jsonb) as x(id uuid, due_at text)
       where o.run_id = x.id and o.kind = 'start_run'`,
      [
        JSON.stringify(
          moved.filter((run) => run.status === 'pending').map((run) => ({ id: run.id, due_at: run.due_at })),
        ),
      ],
      'run',
    );
  }
  if (canceled.length) {
    await tx.execute(
      `delete from workflow_outbox where kind = 'start_run' and run_id in
         (select (value #>> '{}')::uuid from jsonb_array_elements(?::jsonb))`,
      [JSON.stringify(canceled.map((run) => run.id))],
      'run',
    );
  }
}

/** The moves and cancellations this sync made (also when an earlier attempt made them), for the workflow to pass on. */
async function changesOf(em: EntityManager, property: Property, syncKey: string): Promise<CalendarRunChange[]> {
  const runs = await em.find(
    Run,
    { property: property.id, calendar_sync_key: syncKey, calendar_change: { $in: ['reschedule', 'cancel'] } },
    { orderBy: { due_at: 'asc' } },
  );
  return runs.map((run): CalendarRunChange =>
    run.calendar_change === 'cancel'
      ? { action: 'cancel', runId: run.id }
      : { action: 'reschedule', runId: run.id, dueAt: (run.due_at as Date).toISOString() },
  );
}

/** A new run's browser notification to its cleaner: a click opens the run's magic link. */
const newJob = (run: Run, property: Property, assignee: TeamMember, secretKey: string): NewJob => ({
  runId: run.id,
  ownerId: property.owner.id,
  memberId: assignee.id,
  propertyName: property.name,
  dueAt: run.due_at ?? null,
  timeZone: property.timezone,
  magicLink: decryptLink(secretKey, run.link_encrypted),
});

/**
 * Tells the people concerned, once each: the new runs' cleaner gets the link, a moved run's cleaner its new due
 * time, a canceled run's cleaner the news.
 */
async function notify(em: EntityManager, property: Property, syncKey: string, deps: CalendarActivityDeps) {
  // New runs are the default cleaner's: without one, nobody is told of them.
  const changes = property.default_assignee ? CALENDAR_CHANGES : (['cancel', 'reschedule'] as const);
  const runs = await em.find(
    Run,
    { property: property.id, calendar_sync_key: syncKey, calendar_change: { $in: [...changes] } },
    { populate: ['assigned_to'] },
  );
  const ownerName = runs.length ? await ownerDisplayName(em, property.owner.id) : '';
  const timeZone = property.timezone;
  const moves = runs
    .filter((run) => run.calendar_change === 'reschedule' && run.due_at)
    .map((run) => ({
      runId: run.id,
      kind: 'rescheduled' as const,
      code: 'rescheduled',
      params: { due: (run.due_at as Date).toISOString() },
      detail: `Due time moved to ${formatDateTime(run.due_at as Date, timeZone)} (the reservation changed).`,
      key: (run.due_at as Date).toISOString(),
    }));
  await recordRunEvents(em, moves);
  for (const run of runs) {
    const assignee = run.assigned_to;
    const dueAt = run.due_at ?? null;
    if (run.calendar_change === 'cancel') {
      await recordRunEvent(em, run.id, 'canceled', {
        code: 'canceled_by_calendar',
        detail: 'Canceled: the reservation was cancelled in the booking calendar.',
      });
    }
    if (!assignee) continue;
    const route = await routeTo(deps, property.owner.id, assignee);
    if (run.calendar_change === 'reschedule') {
      if (!('refused' in route) && dueAt) await tellRescheduled(em, property, run, dueAt, route, deps);
    } else if (run.calendar_change === 'start') {
      await pushNewJob(deps.push, em, newJob(run, property, assignee, deps.secretKey));
      if ('refused' in route) {
        const { refused } = route;
        await recordRunEvent(
          em,
          run.id,
          'link_sent',
          {
            code: `link_not_mailed_${refused.reason}`,
            params: { cleaner: assignee.name },
            detail: `Link not e-mailed: ${refused.text}`,
          },
          assignee.id,
        );
        continue;
      }
      const assigned = {
        ownerName,
        propertyName: property.name,
        kind: run.type,
        dueAt,
        timeZone,
        magicLink: decryptLink(deps.secretKey, run.link_encrypted),
      };
      // The calendar's new run asks for a yes or no, like any assignment.
      const sentBy = await deliverNotice(deps, route, {
        ownerId: property.owner.id,
        runId: run.id,
        member: assignee,
        key: `run/${run.id}/assigned/${assignee.id}`,
        notice: 'assigned',
        asksReply: true,
        language: await cleanerLanguage(em, { memberId: assignee.id, ownerId: property.owner.id, newRunId: run.id }),
        text: (language) => cleanerTexts.assigned(assigned, language),
        mail: (to, language) => assignmentMail(to, { ...assigned, access: propertyAccess(property) }, language),
      });
      if (sentBy) {
        const told =
          sentBy === 'email'
            ? linkSent(assignee.name)
            : sentBy === 'held'
              ? linkTextHeld(assignee.name)
              : linkTexted(assignee.name, sentBy);
        await recordRunEvent(em, run.id, 'link_sent', told, assignee.id);
      }
    } else if (!('refused' in route)) {
      const canceled = { propertyName: property.name, kind: run.type, dueAt, timeZone };
      await deliverNotice(deps, route, {
        ownerId: property.owner.id,
        runId: run.id,
        member: assignee,
        key: `run/${run.id}/canceled`,
        notice: 'canceled',
        asksReply: false,
        language: await cleanerLanguage(em, {
          memberId: assignee.id,
          ownerId: property.owner.id,
          runLanguage: run.cleaner_language,
        }),
        text: (language) => cleanerTexts.canceled(canceled, language),
        mail: (to, language) => runCanceledMail(to, canceled, language),
      });
    }
  }
}

/** The assigned cleaner hears of the run's new due time, with the link that still opens it: once per due time. */
async function tellRescheduled(
  em: EntityManager,
  property: Property,
  run: Run,
  dueAt: Date,
  route: NoticeRoute,
  deps: CalendarActivityDeps,
) {
  const assignee = run.assigned_to!;
  const moved = {
    propertyName: property.name,
    kind: run.type,
    dueAt,
    timeZone: property.timezone,
    magicLink: decryptLink(deps.secretKey, run.link_encrypted),
  };
  await deliverNotice(deps, route, {
    ownerId: property.owner.id,
    runId: run.id,
    member: assignee,
    key: `run/${run.id}/rescheduled/${dueAt.toISOString()}`,
    notice: 'rescheduled',
    asksReply: false,
    language: await cleanerLanguage(em, {
      memberId: assignee.id,
      ownerId: property.owner.id,
      runLanguage: run.cleaner_language,
    }),
    text: (language) => cleanerTexts.rescheduled(moved, language),
    mail: (to, language) => runRescheduledMail(to, moved, language),
  });
}

const ORPHAN_ALERT =
  'The reservation of this run is gone from the booking calendar, but the cleaner has already started; it was not canceled.';

/** A started run whose reservation vanished stays: the host decides, told once by an alert and an e-mail. */
async function alertOrphans(em: EntityManager, property: Property, runIds: string[], deps: CalendarActivityDeps) {
  if (runIds.length === 0) return;
  const owner = await em.findOneOrFail(User, { id: property.owner.id });
  const language = await hostLanguage(em, owner.id);
  for (const runId of runIds) {
    await em.getConnection().execute(
      `insert into alerts (id, run_id, kind, severity, description, created_at)
       select gen_random_uuid(), ?, 'calendar', 'high', ?, now()
       where not exists (select 1 from alerts where run_id = ? and kind = 'calendar')`,
      [runId, ORPHAN_ALERT, runId],
    );
    const run = await em.findOneOrFail(Run, { id: runId }, { populate: ['assigned_to'] });
    const mail = calendarOrphanMail(
      owner.email,
      {
        propertyName: property.name,
        kind: run.type,
        runUrl: deps.runUrl(runId),
        timeZone: property.timezone,
        dueAt: run.due_at ?? null,
        assigneeName: run.assigned_to?.name ?? null,
      },
      language,
    );
    await sendOnce(deps.orm, deps.mailer, `run/${runId}/calendar-orphan`, mail);
  }
}

/** `syncPropertyCalendar`: fetch the property's feeds, keep one turnover per reservation, answer the changes. */
export function createCalendarActivities(deps: CalendarActivityDeps) {
  return {
    async syncPropertyCalendar(input: SyncCalendarInput): Promise<CalendarSyncResult> {
      const em = deps.orm.em.fork();
      const property = await em.findOne(Property, { id: input.propertyId }, { populate: ['default_assignee'] });
      if (!property || property.calendar_urls.length === 0) {
        return { created: 0, feeds: 0, error: null, reservations: 0, changes: [], more: false };
      }
      const feeds = await loadFeeds(em, property);
      const window = syncWindow(new Date(), property.timezone);
      if (input.fetch !== false) {
        // A few at a time: twenty feeds of 5 MB each are not held (and parsed) at once.
        const limit = pLimit(FEEDS_AT_ONCE);
        await Promise.all(feeds.map((feed) => limit(() => refreshFeed(em, feed, property.timezone, window, deps))));
      }
      const feedError = feeds.find((feed) => feed.last_error)?.last_error ?? null;
      const { reservations, capped } = upcomingOf(feeds, window);
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
        outcome = await em.transactional((tx) => reconcile(tx, property, plan, window, input, deps));
        if (capped) outcome.error ??= calendarMessages.propertyCapped;
      }
      await alertOrphans(em, property, outcome.orphans, deps);
      await notify(em, property, input.syncKey, deps);
      return {
        created: await em.count(Run, {
          property: property.id,
          calendar_sync_key: input.syncKey,
          calendar_change: 'start',
        }),
        feeds: feeds.length,
        error: feedError ?? outcome.error,
        reservations: reservations.length,
        changes: await changesOf(em, property, input.syncKey),
        more: outcome.more,
      };
    },
  };
}
