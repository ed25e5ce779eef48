/** Everything a report shows, already loaded from the database; photos are read one at a time while rendering. */
import type { Language } from '@turnproof/config/languages';
import type { AlertKind, RunHours } from '@turnproof/db';
import type { ReportChangeMap } from './change-map-html.ts';
import type { ReportPhotoFlag } from './photo-flags-html.ts';

export interface ReportPhoto {
  /** Reads the original: called once, while the photo is downscaled, so only a few originals are in memory at once. */
  read: () => Promise<Buffer>;
  /** Reads the photo already downscaled for reports (see reportPhotoCopyPath), or null: then `read` it is. */
  readReportCopy?: () => Promise<Buffer | null>;
  /** When the phone says the photo was taken (its clock or the photo's EXIF): a claim. */
  capturedAt: string | null;
  /** When the server received the confirmation (the capture log's clock); null before the log existed. */
  receivedAt: string | null;
  address: string | null;
  /** Where the phone says it was: a claim. */
  latitude: number | null;
  longitude: number | null;
  /** What the server's checks flagged on the photo (absent in the sample report and for baseline photos). */
  flags?: ReportPhotoFlag[];
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
  /** The same task's photos in the baseline run (the move-in of a move-out, the previous turnover). */
  baselinePhotos: ReportPhoto[];
  /** What changed between each pair of baseline and this run's photos (absent in the sample report). */
  changeMaps?: ReportChangeMap[];
  videoCount: number;
}

export interface ReportIssue {
  severity: 'low' | 'medium' | 'high';
  kind: AlertKind;
  description: string;
  taskTitle: string | null;
  createdAt: string;
  /** The photos the cleaner sent with the issue. */
  photos: ReportPhoto[];
}

/** A supply of the property as the cleaner counted it in this run (count null: only said to be low). */
export interface ReportSupply {
  name: string;
  unit: string;
  parLevel: number;
  count: number | null;
  level: 'counted' | 'low' | 'out' | null;
}

export type RunType = 'turnover' | 'move_in' | 'move_out';

export interface ReportData {
  /** The host's language (their profile's, as their mails): the report's words and date format. */
  language: Language;
  runId: string;
  version: number;
  propertyName: string;
  propertyAddress: string;
  runType: RunType;
  checklistName: string;
  meta: { unit?: string; tenant_name?: string; tenant_email?: string; lease_start?: string; lease_end?: string };
  startedAt: string | null;
  endedAt: string | null;
  /** Work time, pauses, arrival and late checkout (absent in the sample report). */
  hours?: RunHours | null;
  generatedAt: string;
  /** IANA time zone every time in the report is shown in, e.g. 'UTC' or 'Europe/Paris'. */
  timeZone: string;
  tasks: ReportTask[];
  issues: ReportIssue[];
  /** The property's supplies with this run's counts; empty when it keeps none (the section is left out). */
  supplies: ReportSupply[];
  /** What the baseline run is ('Move-In', 'Previous turnover', in `language`), or null when the run has none. */
  baselineLabel: string | null;
  /** The host's review of the run, once given. */
  review: ReportReview | null;
  /** The capture log as this version saw it, and where to check it (null for a sample report). */
  proof: ReportProof | null;
}

export interface ReportReview {
  decision: 'approved' | 'revision_requested';
  score: number | null;
  note: string | null;
  reviewedAt: string;
}

export interface ReportProof {
  /** Entries in the run's capture log when the report was made. */
  entryCount: number;
  /** Hash of the newest entry (SHA-256, hex). */
  chainHead: string;
  /** The RFC 3161 timestamp of this very head, when an authority had stamped it before the report was made. */
  anchor: { stampedAt: string; tsa: string } | null;
  /** Of those entries, how many the cleaner's phone signed (device signatures). */
  signedCount: number;
  verificationUrl: string;
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
