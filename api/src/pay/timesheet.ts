import type { EntityManager } from '@mikro-orm/postgresql';
import { formatDateTime } from '@turnproof/config/time-format';
import { csvText } from '../http/csv.ts';
import type { Period } from './pay-input.ts';

/** One completed run of a cleaner, with its hours; times as ISO, to be read in `timezone`. */
export interface TimesheetRow {
  run_id: string;
  run_name: string;
  member_id: string;
  cleaner: string;
  property_id: string;
  property: string;
  timezone: string;
  started_at: string | null;
  completed_at: string;
  work_seconds: number;
  pauses: number;
  paused_seconds: number;
  late_checkout_minutes: number | null;
}

export interface CleanerTotal {
  member_id: string;
  cleaner: string;
  runs: number;
  work_seconds: number;
  paused_seconds: number;
  late_checkout_minutes: number;
}

/**
 * The owner's completed runs of assigned cleaners whose completion falls in the period, as the day reads
 * in the run's property's zone. Work time is the run's own (set at completion); an older run without it
 * counts start to completion less its closed pauses.
 */
export async function timesheetRows(
  em: EntityManager,
  ownerId: string,
  period: Period,
  memberId?: string,
): Promise<TimesheetRow[]> {
  const rows = await em.getConnection().execute<
    (Omit<TimesheetRow, 'started_at' | 'completed_at'> & {
      started_at: Date | null;
      completed_at: Date;
    })[]
  >(
    `select r.id as run_id, r.checklist_name as run_name, m.id as member_id, m.name as cleaner,
       p.id as property_id, p.name as property, p.timezone, r.started_at, r.ended_at as completed_at,
       coalesce(r.work_seconds, greatest(0, round(
         extract(epoch from r.ended_at - coalesce(r.started_at, r.ended_at)) - pauses.paused_seconds)))::int as work_seconds,
       pauses.count as pauses, round(pauses.paused_seconds)::int as paused_seconds, r.late_checkout_minutes
     from runs r
     join properties p on p.id = r.property_id
     join team_members m on m.id = r.assigned_to_id
     cross join lateral (
       select count(*)::int as count,
         coalesce(sum(extract(epoch from rp.resumed_at - rp.paused_at)), 0)::float8 as paused_seconds
       from run_pauses rp where rp.run_id = r.id and rp.resumed_at is not null) pauses
     where p.owner_id = ? and m.owner_id = ? and r.status = 'completed' and r.ended_at is not null
       and (r.ended_at at time zone p.timezone)::date between ?::date and ?::date
       and (?::uuid is null or m.id = ?::uuid)
     order by m.name, m.id, r.ended_at`,
    [ownerId, ownerId, period.from, period.to, memberId ?? null, memberId ?? null],
  );
  return rows.map((row) => ({
    ...row,
    started_at: row.started_at ? new Date(row.started_at).toISOString() : null,
    completed_at: new Date(row.completed_at).toISOString(),
  }));
}

/** Runs, hours, pauses and late-checkout minutes per cleaner, in the rows' order. */
export function totalsPerCleaner(rows: readonly TimesheetRow[]): CleanerTotal[] {
  const totals = new Map<string, CleanerTotal>();
  for (const row of rows) {
    const total = totals.get(row.member_id) ?? {
      member_id: row.member_id,
      cleaner: row.cleaner,
      runs: 0,
      work_seconds: 0,
      paused_seconds: 0,
      late_checkout_minutes: 0,
    };
    total.runs += 1;
    total.work_seconds += row.work_seconds;
    total.paused_seconds += row.paused_seconds;
    total.late_checkout_minutes += row.late_checkout_minutes ?? 0;
    totals.set(row.member_id, total);
  }
  return [...totals.values()];
}

/** Hours as a spreadsheet sums them: '1.50'. */
export const decimalHours = (seconds: number) => (seconds / 3600).toFixed(2);

/** The timesheet as CSV; times in each property's zone. */
export function timesheetCsv(rows: readonly TimesheetRow[]): string {
  return csvText([
    [
      'Cleaner',
      'Property',
      'Run',
      'Started',
      'Completed',
      'Hours',
      'Pauses',
      'Paused minutes',
      'Late-checkout minutes',
      'Run ID',
    ],
    ...rows.map((row) => [
      row.cleaner,
      row.property,
      row.run_name,
      row.started_at ? formatDateTime(row.started_at, row.timezone) : '',
      formatDateTime(row.completed_at, row.timezone),
      decimalHours(row.work_seconds),
      row.pauses,
      Math.round(row.paused_seconds / 60),
      row.late_checkout_minutes,
      row.run_id,
    ]),
  ]);
}
