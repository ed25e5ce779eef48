/** GET /api/timesheets: completed runs of a period and totals per cleaner. */
export interface CleanerTotal {
  member_id: string;
  cleaner: string;
  runs: number;
  work_seconds: number;
  paused_seconds: number;
  late_checkout_minutes: number;
}

export interface Timesheet {
  from: string;
  to: string;
  rows: { run_id: string }[];
  totals: CleanerTotal[];
}

/** POST /api/pay-statements and its send. */
export interface PayStatement {
  id: string;
  member_id: string;
  currency: string;
  total_cents: number;
  sent_at: string | null;
  lines: { run_id: string | null }[];
  mailed?: boolean;
}

export interface Period {
  from: string;
  to: string;
}

/** 'YYYY-MM-DD' of a day as this device reads it. */
const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The first day of this month to today: a pay period most companies close. */
export function thisMonth(today = new Date()): Period {
  return { from: localDay(new Date(today.getFullYear(), today.getMonth(), 1)), to: localDay(today) };
}
