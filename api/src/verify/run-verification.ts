import type { EntityManager } from '@mikro-orm/postgresql';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import { formatDateTime } from '@turnproof/config/time-format';
import type { LimitFunction } from 'p-limit';
import {
  Alert,
  type CaptureKind,
  checkChain,
  type ChainedEntry,
  readCaptureLog,
  readTimestampAnchors,
  Report,
  Run,
  RunTask,
} from '@turnproof/db';
import { sha256OfStored } from '../capture/stored-digest.ts';

export const CAPTURE_KIND_LABELS: Record<CaptureKind, string> = {
  task_checked: 'Task checked',
  task_unchecked: 'Task unchecked',
  media_confirmed: 'Photo or video confirmed',
  issue_reported: 'Issue reported',
  run_completed: 'Run completed',
  review_approved: 'Approved by the host',
  revision_requested: 'Revision requested by the host',
  run_accepted: 'Accepted by the cleaner (text reply)',
  run_declined: 'Declined by the cleaner (text reply)',
  run_paused: 'Paused by the cleaner',
  run_resumed: 'Resumed by the cleaner',
  guest_present: 'Guest still here (reported by the cleaner)',
  supply_counted: 'Supply counted',
};

export type ProblemKind = 'entry' | 'photo' | 'pdf';

/** One thing that does not match, named so a visitor can point at it. */
export interface VerificationProblem {
  kind: ProblemKind;
  /** The capture-log entry concerned, when there is one. */
  seq: number | null;
  /** The report version concerned (PDF problems). */
  version: number | null;
  message: string;
}

export interface ReportCheck {
  version: number;
  generated_at: string | null;
  entry_count: number | null;
  chain_head: string | null;
  valid: boolean;
}

/** What /verify/{runId} shows: no personal data beyond what the report itself prints. */
export interface RunVerification {
  /** `time_zone`: the property's, which the page shows every time in. */
  run: {
    id: string;
    property: string;
    type: string;
    status: string;
    completed_at: string | null;
    time_zone: string;
  };
  valid: boolean;
  entry_count: number;
  /** Entries whose action the cleaner's phone signed with its registered key (device signatures). */
  signed_count: number;
  chain_head: string;
  problems: VerificationProblem[];
  reports: ReportCheck[];
  /** The log's heads as time-stamping authorities signed them (RFC 3161), oldest first. */
  anchors: AnchorView[];
  entries: {
    seq: number;
    kind: CaptureKind;
    label: string;
    /** The device's clock: a claim. */
    device_time: string | null;
    received_at: string;
    hash: string;
    /** Signed on the cleaner's phone. */
    signed: boolean;
  }[];
}

export interface AnchorView {
  /** The head hash stamped: the message imprint of the token (sha256). */
  head: string;
  /** The entry that was the head. */
  seq: number;
  /** The authority's time in the token (genTime). */
  time: string;
  tsa: string;
  /** The token (application/timestamp-reply), for `openssl ts -verify`; relative to this API's origin. */
  timestamp_url: string;
}

/** Where an anchor's token downloads (GET, public). */
export const timestampTokenPath = (runId: string, anchorId: string) =>
  `/api/public/verify/${runId}/timestamps/${anchorId}`;

const when = (entry: ChainedEntry, timeZone: string) => `received ${formatDateTime(entry.received_at, timeZone)}`;

/** Entry faults from recomputing the chain, as sentences. */
function entryProblems(entries: ChainedEntry[], timeZone: string): VerificationProblem[] {
  const bySeq = new Map(entries.map((entry) => [entry.seq, entry]));
  return checkChain(entries).faults.map(({ seq, problem }) => {
    const entry = bySeq.get(seq)!;
    const name = `Entry ${seq} (${CAPTURE_KIND_LABELS[entry.kind] ?? entry.kind}, ${when(entry, timeZone)})`;
    const message = {
      payload: `${name} has been altered: its content no longer matches its recorded digest.`,
      hash: `${name} has been altered: its hash no longer matches its fields.`,
      link: `${name} does not link to the entry before it: the chain is broken there.`,
      sequence: `${name} is out of sequence: an entry before it was removed or inserted.`,
      head: `${name} is not the head the log recorded.`,
    }[problem];
    return { kind: 'entry' as const, seq, version: null, message };
  });
}

/** The stored head must be the last entry: otherwise entries were cut off the end. */
async function headProblems(em: EntityManager, runId: string, entries: ChainedEntry[]): Promise<VerificationProblem[]> {
  const [head] = await em
    .getConnection()
    .execute<{ seq: number; hash: string }[]>(`select seq, hash from capture_heads where run_id = ?`, [runId]);
  const last = entries.at(-1);
  if (!head || (Number(head.seq) === (last?.seq ?? 0) && head.hash === (last?.hash ?? head.hash))) return [];
  return [
    {
      kind: 'entry',
      seq: Number(head.seq),
      version: null,
      message: `Entry ${Number(head.seq)} is missing: the log's head says it has ${Number(head.seq)} entries, but ${entries.length} are stored.`,
    },
  ];
}

/**
 * Each anchor's head must still be in the log as recomputed: a log rewritten after it was stamped no
 * longer has the stamped hash at that entry.
 */
async function anchorChecks(em: EntityManager, runId: string, entries: ChainedEntry[]) {
  const anchors = await readTimestampAnchors(em, runId);
  const problems: VerificationProblem[] = anchors
    .filter((anchor) => entries[anchor.head.seq - 1]?.hash !== anchor.head.hash)
    .map((anchor) => ({
      kind: 'entry' as const,
      seq: anchor.head.seq,
      version: null,
      message: `The log was changed after ${anchor.tsaUrl} timestamped it: entry ${anchor.head.seq} no longer has the stamped hash ${anchor.head.hash.slice(0, 12)}….`,
    }));
  const views: AnchorView[] = anchors.map((anchor) => ({
    head: anchor.head.hash,
    seq: anchor.head.seq,
    time: anchor.stampedAt.toISOString(),
    tsa: anchor.tsaUrl,
    timestamp_url: timestampTokenPath(runId, anchor.id),
  }));
  return { views, problems };
}

/** Where stored files are read from, and the limiter every file hash of the process goes through. */
export interface StoredFiles {
  storage: MediaStorage;
  hashing: LimitFunction;
}

/** What a confirmed photo was for: its task, or the issue it came with (and that issue's task, if any). */
async function photoSubjects(
  em: EntityManager,
  confirmations: ChainedEntry[],
): Promise<(entry: ChainedEntry) => string> {
  const ids = (key: string) => [
    ...new Set(confirmations.flatMap((entry) => (entry.payload[key] ? [String(entry.payload[key])] : []))),
  ];
  const titles = new Map((await em.find(RunTask, { id: { $in: ids('run_task_id') } })).map((t) => [t.id, t.title]));
  const issues = new Map((await em.find(Alert, { id: { $in: ids('alert_id') } })).map((a) => [a.id, a.description]));
  return (entry) => {
    const task = `task "${titles.get(String(entry.payload.run_task_id)) ?? 'unknown'}"`;
    if (!entry.payload.alert_id) return task;
    const issue = `issue "${issues.get(String(entry.payload.alert_id)) ?? 'unknown'}"`;
    return entry.payload.run_task_id ? `${issue} on ${task}` : issue;
  };
}

/** Each confirmed photo or video, a task's or an issue's, must still hash to the SHA-256 its entry recorded. */
async function mediaProblems(
  em: EntityManager,
  { storage, hashing }: StoredFiles,
  entries: ChainedEntry[],
  timeZone: string,
): Promise<VerificationProblem[]> {
  const confirmations = entries.filter((entry) => entry.kind === 'media_confirmed');
  const subjectOf = await photoSubjects(em, confirmations);
  const problems = await Promise.all(
    confirmations.map((entry) =>
      hashing(async (): Promise<VerificationProblem | null> => {
        const path = String(entry.payload.path);
        const name = `The photo of entry ${entry.seq} (${subjectOf(entry)}, ${when(entry, timeZone)})`;
        if (!(await storage.exists(path))) {
          return { kind: 'photo', seq: entry.seq, version: null, message: `${name} is no longer stored.` };
        }
        if ((await sha256OfStored(storage, path)) === entry.payload.sha256) return null;
        return {
          kind: 'photo',
          seq: entry.seq,
          version: null,
          message: `${name} has been altered: its bytes no longer match the SHA-256 recorded when it was confirmed.`,
        };
      }),
    ),
  );
  return problems.filter((problem): problem is VerificationProblem => problem !== null);
}

/** Each report version: its PDF's bytes, and the chain head it printed against the log as recomputed. */
async function reportChecks(
  em: EntityManager,
  { storage, hashing }: StoredFiles,
  runId: string,
  entries: ChainedEntry[],
): Promise<{ checks: ReportCheck[]; problems: VerificationProblem[] }> {
  const reports = await em.find(Report, { run: runId, status: 'ready' }, { orderBy: { version: 'asc' } });
  const problems: VerificationProblem[] = [];
  const checks = await Promise.all(
    reports.map((report) =>
      hashing(async (): Promise<ReportCheck> => {
        const own: VerificationProblem[] = [];
        const pdf = `The PDF of report version ${report.version}`;
        if (report.file_path && report.pdf_sha256) {
          if (!(await storage.exists(report.file_path))) {
            own.push({ kind: 'pdf', seq: null, version: report.version, message: `${pdf} is no longer stored.` });
          } else if ((await sha256OfStored(storage, report.file_path)) !== report.pdf_sha256) {
            own.push({
              kind: 'pdf',
              seq: null,
              version: report.version,
              message: `${pdf} has been altered: its bytes no longer match the SHA-256 recorded when it was made.`,
            });
          }
        }
        if (report.chain_seq && report.chain_head && entries[report.chain_seq - 1]?.hash !== report.chain_head) {
          own.push({
            kind: 'pdf',
            seq: report.chain_seq,
            version: report.version,
            message: `Report version ${report.version} printed chain head ${report.chain_head.slice(0, 12)}… at entry ${report.chain_seq}, which the log no longer has.`,
          });
        }
        problems.push(...own);
        return {
          version: report.version,
          generated_at: report.generated_at?.toISOString() ?? null,
          entry_count: report.chain_seq ?? null,
          chain_head: report.chain_head ?? null,
          valid: own.length === 0,
        };
      }),
    ),
  );
  return { checks, problems };
}

/**
 * Recomputes a run's capture log from the database and the stored media, and checks every report
 * version against it. Null for an unknown run. Costly (it hashes every stored file of the run):
 * public requests go through RunVerifications, which does it once per change of the run.
 */
export async function verifyRun(em: EntityManager, files: StoredFiles, runId: string): Promise<RunVerification | null> {
  const run = await em.findOne(Run, { id: runId }, { populate: ['property'] });
  if (!run) return null;
  const entries = await readCaptureLog(em, runId);
  const reports = await reportChecks(em, files, runId, entries);
  const anchors = await anchorChecks(em, runId, entries);
  const problems = [
    ...entryProblems(entries, run.property.timezone),
    ...(await headProblems(em, runId, entries)),
    ...anchors.problems,
    ...(await mediaProblems(em, files, entries, run.property.timezone)),
    ...reports.problems,
  ];
  const last = entries.at(-1);
  return {
    run: {
      id: run.id,
      property: run.property.name,
      type: run.type,
      status: run.status,
      completed_at: run.ended_at?.toISOString() ?? null,
      time_zone: run.property.timezone,
    },
    valid: problems.length === 0,
    entry_count: entries.length,
    signed_count: entries.filter((entry) => entry.device_key_id !== null).length,
    chain_head: last?.hash ?? '',
    problems,
    reports: reports.checks,
    anchors: anchors.views,
    entries: entries.map((entry) => ({
      seq: entry.seq,
      kind: entry.kind,
      label: CAPTURE_KIND_LABELS[entry.kind] ?? entry.kind,
      device_time: entry.device_time,
      received_at: entry.received_at,
      hash: entry.hash,
      signed: entry.device_key_id !== null,
    })),
  };
}
