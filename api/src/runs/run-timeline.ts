import type { EntityManager } from '@mikro-orm/postgresql';
import { Alert, type Run, RunEvent, type RunEventParams } from '@turnproof/db';

/**
 * A step of the timeline: code and params for the console to say it in the host's language
 * (tp.timeline.<code>); detail in English, all the console has for steps recorded before codes.
 */
export interface TimelineEntry {
  id: string;
  kind: string;
  code: string | null;
  params: RunEventParams | null;
  detail: string;
  created_at: string;
}

/** An action the server received this long after the phone made it was made offline. */
const OFFLINE_AFTER_MS = 60_000;
/** Offline actions received within this of each other arrived in one sync. */
const ONE_SYNC_MS = 2 * 60_000;

/**
 * Actions whose device time is when the cleaner acted. A photo's is when it was taken (its EXIF time),
 * which may be long before an online upload, so photos never count as offline.
 */
const TIMED_KINDS = ['task_checked', 'task_unchecked', 'issue_reported'];

interface CaptureRow {
  seq: number;
  kind: string;
  payload: { task_ids?: string[]; score?: number | null; tasks?: { id: string; rejectedMediaIds: string[] }[] };
  device_time: Date | null;
  received_at: Date;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const minutes = (ms: number) => Math.max(1, Math.round(ms / 60_000));

/** Offline actions grouped into the syncs that brought them: 'Synced 4 actions made offline …'. */
function offlineSyncs(rows: CaptureRow[]): TimelineEntry[] {
  const late = rows.filter(
    (row) =>
      TIMED_KINDS.includes(row.kind) &&
      row.device_time &&
      row.received_at.getTime() - row.device_time.getTime() > OFFLINE_AFTER_MS,
  );
  const syncs: CaptureRow[][] = [];
  for (const row of late) {
    const last = syncs.at(-1);
    if (last && row.received_at.getTime() - last.at(-1)!.received_at.getTime() <= ONE_SYNC_MS) last.push(row);
    else syncs.push([row]);
  }
  return syncs.map((sync) => {
    const first = sync[0]!;
    const oldest = Math.max(...sync.map((row) => first.received_at.getTime() - row.device_time!.getTime()));
    return {
      id: `offline-${first.seq}`,
      kind: 'offline_sync',
      code: 'offline_sync',
      params: { actions: sync.length, minutes: minutes(oldest) },
      detail: `Synced ${plural(sync.length, 'action')} made offline, the oldest ${plural(minutes(oldest), 'minute')} earlier.`,
      created_at: first.received_at.toISOString(),
    };
  });
}

function reviewEntry(row: CaptureRow, titleOf: (id: string) => string): TimelineEntry {
  const at = row.received_at.toISOString();
  if (row.kind === 'review_approved') {
    const score = row.payload.score;
    return {
      id: `review-${row.seq}`,
      kind: 'approved',
      ...(score ? { code: 'approved_scored', params: { score } } : { code: 'approved', params: null }),
      detail: score ? `Approved · ${score}/5.` : 'Approved.',
      created_at: at,
    };
  }
  const ids = row.payload.task_ids ?? [];
  const rejected = (row.payload.tasks ?? []).reduce((sum, task) => sum + task.rejectedMediaIds.length, 0);
  const photos = rejected ? ` (${plural(rejected, 'photo')} rejected)` : '';
  const titles = ids.map(titleOf).join(', ');
  return {
    id: `review-${row.seq}`,
    kind: 'sent_back',
    ...(rejected
      ? { code: 'sent_back_photos', params: { tasks: ids.length, titles, photos: rejected } }
      : { code: 'sent_back', params: { tasks: ids.length, titles } }),
    detail: `Sent back ${plural(ids.length, 'task')}: ${titles}${photos}.`,
    created_at: at,
  };
}

/**
 * The run's timeline, oldest first: what its workflow did (run events), and what the capture log, the
 * run and its issues tell: link opened, started, offline actions synced, issues, sent back, approved.
 */
export async function runTimeline(em: EntityManager, run: Run): Promise<TimelineEntry[]> {
  const events = await em.find(RunEvent, { run: run.id }, { orderBy: { created_at: 'asc', id: 'asc' } });
  const issues = await em.find(Alert, { run: run.id, kind: 'issue' }, { orderBy: { created_at: 'asc' } });
  const rows = await em
    .getConnection()
    .execute<CaptureRow[]>(
      `select seq, kind, payload, device_time, received_at from capture_entries where run_id = ? order by seq`,
      [run.id],
    );
  const captured = rows.map((row) => ({
    ...row,
    device_time: row.device_time ? new Date(row.device_time) : null,
    received_at: new Date(row.received_at),
  }));
  const titleOf = (id: string) => run.tasks.getItems().find((task) => task.id === id)?.title ?? 'a removed task';
  const cleaner = run.assigned_to?.name;
  const entries: TimelineEntry[] = [
    ...events.map((event) => ({
      id: event.id,
      kind: event.kind,
      code: event.code ?? null,
      params: event.params ?? null,
      detail: event.detail,
      created_at: event.created_at.toISOString(),
    })),
    ...(run.opened_at
      ? [
          {
            id: 'opened',
            kind: 'opened',
            ...(cleaner ? { code: 'opened', params: { cleaner } } : { code: 'opened_unassigned', params: null }),
            detail: `${cleaner ?? 'The cleaner'} opened the link.`,
            created_at: run.opened_at.toISOString(),
          },
        ]
      : []),
    ...(run.started_at
      ? [
          {
            id: 'started',
            kind: 'started',
            code: 'started',
            params: null,
            detail: 'Work started.',
            created_at: run.started_at.toISOString(),
          },
        ]
      : []),
    ...offlineSyncs(captured),
    ...issues.map((issue) => ({
      id: `issue-${issue.id}`,
      kind: 'issue',
      code: 'issue',
      params: { severity: issue.severity, description: issue.description },
      detail: `Issue reported (${issue.severity}): ${issue.description}`,
      created_at: issue.created_at.toISOString(),
    })),
    ...captured
      .filter((row) => row.kind === 'revision_requested' || row.kind === 'review_approved')
      .map((row) => reviewEntry(row, titleOf)),
  ];
  return entries.sort((a, b) => a.created_at.localeCompare(b.created_at));
}
