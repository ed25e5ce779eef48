import type { EntityManager } from '@mikro-orm/postgresql';

/*
 * A run's hours, read from what the cleaner did: its pauses, the capture log's located entries against the
 * property's position, and "Guest still here". Timesheets and pay read `runs.work_seconds` and
 * `runs.late_checkout_minutes`, which completion fixes (completedHoursSql); the run page and the report read
 * the rest here.
 */

/** When an entry happened: the device's claim (offline actions arrive later), else the server's clock. */
const entryTime = `coalesce(e.device_time, e.received_at)`;

/** Metres between a capture entry's position and the property's (haversine; the earth as a 6371 km sphere). */
const distanceMeters = `2 * 6371000 * asin(sqrt(
    power(sin(radians(e.device_latitude - p.latitude) / 2), 2)
    + cos(radians(p.latitude)) * cos(radians(e.device_latitude)) * power(sin(radians(e.device_longitude - p.longitude) / 2), 2)))`;

/** The first "Guest still here" of run `r`. */
const guestReportedAt = `(select min(${entryTime}) from capture_entries e where e.run_id = r.id and e.kind = 'guest_present')`;

/**
 * Minutes the late checkout took from the turnover: from the booking's checkout (else the cleaner's report)
 * until the cleaner's next task action after the report (else `until`); null without a report.
 */
const lateCheckoutMinutes = (until: string) => `(select case when g.at is null then null else
    greatest(0, round(extract(epoch from (coalesce(
      (select min(${entryTime}) from capture_entries e
        where e.run_id = r.id and e.kind in ('task_checked', 'task_unchecked') and ${entryTime} > g.at),
      ${until}) - coalesce(r.checkout_at, g.at))) / 60))::int end
  from (select ${guestReportedAt} as at) g)`;

/** Seconds of run `r`'s pauses that fall between its start and `until`. */
const pausedSeconds = (until: string) => `(select coalesce(sum(greatest(0, extract(epoch from (
    least(coalesce(rp.resumed_at, ${until}), ${until}) - greatest(rp.paused_at, r.started_at))))), 0)
  from run_pauses rp where rp.run_id = r.id)`;

/**
 * At completion (`$1` the run, `$2` its end): an open pause ends, and the run keeps its work time (first
 * action to completion without the pauses) and its late checkout minutes. Repeated for a revised run's
 * new completion.
 */
export const completedHoursSql = [
  `update run_pauses set resumed_at = greatest(paused_at, ?::timestamptz) where run_id = ? and resumed_at is null`,
  `update runs r set
     work_seconds = greatest(0, round(extract(epoch from (r.ended_at - r.started_at)) - ${pausedSeconds('r.ended_at')}))::int,
     late_checkout_minutes = ${lateCheckoutMinutes('r.ended_at')}
   where r.id = ?`,
] as const;

export interface RunPauseSpan {
  paused_at: string;
  resumed_at: string | null;
}

export interface RunHours {
  /** Work time without pauses: fixed at completion, else so far. */
  work_seconds: number | null;
  pauses: RunPauseSpan[];
  paused: boolean;
  /** The first located cleaner action within the property's radius. */
  arrived_at: string | null;
  /** The farthest located cleaner action beyond the radius, in metres: the cleaner worked away from the property. */
  far_from_property_meters: number | null;
  guest_present_at: string | null;
  late_checkout_minutes: number | null;
  /**
   * Minutes between when the unit was free to clean (the late checkout's end as known so far, else the
   * booking's checkout) and the next check-in (the run's due time); negative when the turnover runs late.
   */
  slack_minutes: number | null;
}

/** The hours of a run as the host reads them (run page, report). */
export async function readRunHours(em: EntityManager, runId: string): Promise<RunHours> {
  const connection = em.getConnection();
  const context = em.getTransactionContext();
  const pauses = await connection.execute<{ paused_at: Date; resumed_at: Date | null }[]>(
    `select paused_at, resumed_at from run_pauses where run_id = ? order by paused_at`,
    [runId],
    'all',
    context,
  );
  const [row] = await connection.execute<
    {
      work_seconds: number | null;
      arrived_at: Date | null;
      far_meters: number | null;
      guest_at: Date | null;
      late_minutes: number | null;
      slack_minutes: number | null;
    }[]
  >(
    `select
       coalesce(r.work_seconds, case when r.started_at is null then null else greatest(0,
         round(extract(epoch from (coalesce(r.ended_at, now()) - r.started_at)) - ${pausedSeconds('coalesce(r.ended_at, now())')}))::int end) as work_seconds,
       (select ${entryTime} from capture_entries e where e.run_id = r.id and e.device_latitude is not null
          and ${distanceMeters} <= p.arrival_radius_meters order by e.seq limit 1) as arrived_at,
       (select round(max(${distanceMeters}))::int from capture_entries e where e.run_id = r.id
          and e.device_latitude is not null and ${distanceMeters} > p.arrival_radius_meters) as far_meters,
       ${guestReportedAt} as guest_at,
       coalesce(r.late_checkout_minutes, ${lateCheckoutMinutes('coalesce(r.ended_at, now())')}) as late_minutes,
       case when r.due_at is null or (r.checkout_at is null and ${guestReportedAt} is null) then null else
         round(extract(epoch from (r.due_at - coalesce(r.checkout_at, ${guestReportedAt}))) / 60)::int
           - coalesce(r.late_checkout_minutes, ${lateCheckoutMinutes('coalesce(r.ended_at, now())')}, 0) end as slack_minutes
     from runs r join properties p on p.id = r.property_id where r.id = ?`,
    [runId],
    'all',
    context,
  );
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return {
    work_seconds: row?.work_seconds ?? null,
    pauses: pauses.map((pause) => ({ paused_at: iso(pause.paused_at)!, resumed_at: iso(pause.resumed_at) })),
    paused: pauses.some((pause) => pause.resumed_at === null),
    arrived_at: iso(row?.arrived_at ?? null),
    far_from_property_meters: row?.far_meters ?? null,
    guest_present_at: iso(row?.guest_at ?? null),
    late_checkout_minutes: row?.late_minutes ?? null,
    slack_minutes: row?.slack_minutes ?? null,
  };
}
