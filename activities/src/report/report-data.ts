/** Everything a report shows, already loaded: the renderer reads no database and no storage. */

export interface ReportPhoto {
  bytes: Buffer;
  capturedAt: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface ReportTask {
  title: string;
  description: string | null;
  checked: boolean;
  checkedAt: string | null;
  comment: string | null;
  durationSeconds: number | null;
  requiredMedia: number;
  photos: ReportPhoto[];
  videoCount: number;
}

export interface ReportIssue {
  severity: 'low' | 'medium' | 'high';
  kind: 'issue' | 'overdue';
  description: string;
  taskTitle: string | null;
  createdAt: string;
}

export type RunType = 'turnover' | 'move_in' | 'move_out';

export interface ReportData {
  runId: string;
  version: number;
  propertyName: string;
  propertyAddress: string;
  runType: RunType;
  checklistName: string;
  meta: { unit?: string; tenant_name?: string; tenant_email?: string; lease_start?: string; lease_end?: string };
  startedAt: string | null;
  endedAt: string | null;
  generatedAt: string;
  /** IANA time zone every time in the report is shown in, e.g. 'UTC' or 'Europe/Paris'. */
  timeZone: string;
  tasks: ReportTask[];
  issues: ReportIssue[];
}

export interface ReportSummary {
  completed_tasks: number;
  total_tasks: number;
  /** Percent, an integer from 0 to 100. */
  completion_rate: number;
}

export function summariseReport(tasks: ReportTask[]): ReportSummary {
  const total = tasks.length;
  const completed = tasks.filter((task) => task.checked).length;
  return { completed_tasks: completed, total_tasks: total, completion_rate: completionPercent(completed, total) };
}

/**
 * Rounded to the nearest percent, except that 100% means every task is done and 0% means none is:
 * a host reading "199 of 200 tasks completed (100%)" would miss the unfinished task.
 */
function completionPercent(completed: number, total: number): number {
  if (total === 0 || completed === 0) return 0;
  if (completed === total) return 100;
  return Math.min(99, Math.max(1, Math.round((completed / total) * 100)));
}
