/** The runner's view of a run (GET /api/public/run, api/src/public/public-run-view.ts) and pure helpers on it. */

export interface PublicMedia {
  id: string;
  type: string;
  url: string;
  thumbnail_url: string | null;
  captured_at: string | null;
}

/** An earlier run's photo of the same task (the move-in before a move-out), the angle to match. */
export interface ReferencePhoto {
  id: string;
  url: string;
  /** The earlier device's clock: a claim. */
  captured_at: string | null;
  /** When the server received it. */
  received_at: string | null;
}

export interface PublicTask {
  id: string;
  checked: boolean;
  comment: string | null;
  duration_seconds: number | null;
  order_index: number;
  checked_at: string | null;
  /** Sent back by the host's review (while the run awaits revision, only these are open). */
  reopened: boolean;
  /** While the task is sent back: the host's note on it, and its photos the host rejected (they no longer count). */
  revision: { note: string | null; rejected_media: PublicMedia[] } | null;
  /** required_media: what the task needs now (at least one new photo once the host rejected any). */
  task: { title: string; description: string | null; required_media: number; camera_only: boolean };
  media_count: number;
  media: PublicMedia[];
  reference: ReferencePhoto[];
}

/** How the cleaner found a supply: counted, or only that it is low or out (out counts as 0). */
export type SupplyLevel = 'counted' | 'low' | 'out';

/** One of the property's supplies, with this run's count of it (null until counted, and for 'low'). */
export interface PublicSupply {
  id: string;
  name: string;
  unit: string;
  par_level: number;
  count: number | null;
  level: SupplyLevel | null;
}

export interface RunMeta {
  unit?: string | null;
  tenant_name?: string | null;
  [key: string]: unknown;
}

export interface PublicRun {
  id: string;
  status: string;
  type: string | null;
  meta: RunMeta | null;
  started_at: string | null;
  ended_at: string | null;
  checklist_name: string | null;
  /**
   * The property's name and address, its time zone (every time shown is in it), and how the cleaner gets
   * in: the access code and the host's notes (parking, where the linens are).
   */
  property: {
    name: string | null;
    address: string | null;
    timezone?: string | null;
    access_code?: string | null;
    notes?: string | null;
  } | null;
  /** Issues the server has for this run. */
  issue_count: number;
  /** Since when the cleaner paused the run (ISO), null while working. */
  paused_since: string | null;
  /** "Guest still here" reports the server has. */
  guest_present_count: number;
  /** Set while the host has sent tasks back: the host's note. */
  revision: { note: string | null } | null;
  /** Work orders a vendor finished at the property since its previous run ("Fixed: …"). */
  fixed_work_orders: { id: string; title: string }[];
  tasks: PublicTask[];
  /** The property's supplies to count. */
  supplies: PublicSupply[];
}

/** The answer of GET /api/public/run (also what the run cache stores). */
export interface PublicRunAnswer {
  run: PublicRun;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Reads a run answer (or a cached copy of one) defensively; null when it is not a run. */
export function parseRunAnswer(body: unknown): PublicRun | null {
  const run = isRecord(body) && isRecord(body.run) ? body.run : null;
  if (!run || typeof run.id !== 'string' || !Array.isArray(run.tasks)) return null;
  const tasks = run.tasks.filter(isRecord).map((task, index): PublicTask => {
    const info = isRecord(task.task) ? task.task : {};
    return {
      id: String(task.id),
      checked: task.checked === true,
      comment: str(task.comment),
      duration_seconds: num(task.duration_seconds),
      order_index: num(task.order_index) ?? index,
      checked_at: str(task.checked_at),
      reopened: task.reopened === true,
      revision: isRecord(task.revision)
        ? {
            note: str(task.revision.note),
            rejected_media: Array.isArray(task.revision.rejected_media)
              ? (task.revision.rejected_media.filter(isRecord) as unknown as PublicMedia[])
              : [],
          }
        : null,
      task: {
        title: str(info.title) ?? 'Untitled task',
        description: str(info.description),
        required_media: Math.max(0, num(info.required_media) ?? 0),
        camera_only: info.camera_only === true,
      },
      media_count: num(task.media_count) ?? 0,
      media: Array.isArray(task.media) ? (task.media.filter(isRecord) as unknown as PublicMedia[]) : [],
      reference: Array.isArray(task.reference) ? (task.reference.filter(isRecord) as unknown as ReferencePhoto[]) : [],
    };
  });
  tasks.sort((a, b) => a.order_index - b.order_index);
  const property = isRecord(run.property)
    ? {
        name: str(run.property.name),
        address: str(run.property.address),
        timezone: str(run.property.timezone),
        access_code: str(run.property.access_code),
        notes: str(run.property.notes),
      }
    : null;
  return {
    id: run.id,
    status: str(run.status) ?? 'pending',
    type: str(run.type),
    meta: isRecord(run.meta) ? (run.meta as RunMeta) : null,
    started_at: str(run.started_at),
    ended_at: str(run.ended_at),
    checklist_name: str(run.checklist_name),
    property,
    revision: isRecord(run.revision) ? { note: str(run.revision.note) } : null,
    issue_count: num(run.issue_count) ?? 0,
    paused_since: str(run.paused_since),
    guest_present_count: num(run.guest_present_count) ?? 0,
    fixed_work_orders: Array.isArray(run.fixed_work_orders)
      ? run.fixed_work_orders.filter(isRecord).map((order) => ({ id: String(order.id), title: str(order.title) ?? '' }))
      : [],
    tasks,
    supplies: Array.isArray(run.supplies) ? (run.supplies.filter(isRecord) as unknown as PublicSupply[]) : [],
  };
}

/** 'in_progress' → 'in progress'. */
export const statusLabel = (status: string): string => status.replace(/_/g, ' ');

/** Completed or done counts as completed. */
export const isRunDone = (status: string): boolean => status === 'completed' || status === 'done';

export const allTasksChecked = (tasks: readonly PublicTask[]): boolean =>
  tasks.length > 0 && tasks.every((task) => task.checked);

/** The task to work on: the preferred one while it is open, else the first open task; null when all are checked. */
export function currentTaskId(tasks: readonly PublicTask[], preferredId: string | null = null): string | null {
  const preferred = preferredId === null ? undefined : tasks.find((task) => task.id === preferredId);
  if (preferred && !preferred.checked) return preferred.id;
  return tasks.find((task) => !task.checked)?.id ?? null;
}

/**
 * After `doneId` was checked: the next open task after it in order, else (wrapping) the first open
 * one; null when none is left. `tasks` may still show `doneId` open (the update is in flight).
 */
export function nextTaskId(tasks: readonly PublicTask[], doneId: string): string | null {
  const index = tasks.findIndex((task) => task.id === doneId);
  const open = (task: PublicTask) => !task.checked && task.id !== doneId;
  return tasks.slice(index + 1).find(open)?.id ?? tasks.find(open)?.id ?? null;
}

/** Whole seconds from the task timer's start to now, never negative. */
export const elapsedSeconds = (startedAtMs: number, nowMs: number): number =>
  Math.max(0, Math.round((nowMs - startedAtMs) / 1000));

/** The move-in or move-out banner, or null for other kinds of run. */
export function inspectionBanner(
  run: Pick<PublicRun, 'type' | 'meta'>,
): { kind: 'move_in' | 'move_out'; unit: string | null; tenant: string | null } | null {
  if (run.type !== 'move_in' && run.type !== 'move_out') return null;
  return { kind: run.type, unit: str(run.meta?.unit) || null, tenant: str(run.meta?.tenant_name) || null };
}

/** The percentage of 'Syncing... (done/total)' (100 when there is nothing to do). */
export const syncPercent = (done: number, total: number): number =>
  total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 100;

/** What this device queued and has not yet seen reflected by the server. */
export interface LocalChanges {
  /** Task and completion actions, oldest first. */
  actions: readonly LocalAction[];
  /** Unsynced files per run task id. */
  queuedMedia: Readonly<Record<string, number>>;
}

/** A supply's count as the cleaner entered it (count null when only said to be low). */
export interface SupplyCountPayload {
  supplyId: string;
  count: number | null;
  level: SupplyLevel;
}

export type LocalAction =
  | {
      type: 'task';
      runTaskId: string;
      payload: { checked: boolean; comment?: string | null; duration_seconds?: number | null };
    }
  | { type: 'complete' }
  | { type: 'supply'; payload: SupplyCountPayload }
  /** Kept once synced until the queue is cleared; only an unsynced one adds to the server's count. */
  | { type: 'issue' | 'guest_present'; synced?: boolean }
  /** Tapped at `timestamp` (ms since the epoch). */
  | { type: 'pause' | 'resume'; timestamp: number };

/** The server's (or cached) run with this device's queued changes laid over it: the optimistic view. */
export function overlayRun(run: PublicRun, changes: LocalChanges): PublicRun {
  const tasks = new Map(run.tasks.map((task) => [task.id, { ...task }]));
  const supplies = new Map(run.supplies.map((supply) => [supply.id, { ...supply }]));
  let status = run.status;
  let issueCount = run.issue_count;
  let guestCount = run.guest_present_count;
  let pausedSince = run.paused_since;
  for (const action of changes.actions) {
    if (action.type === 'issue') {
      if (!action.synced) issueCount += 1;
    } else if (action.type === 'guest_present') {
      if (!action.synced) guestCount += 1;
    } else if (action.type === 'pause') {
      pausedSince ??= new Date(action.timestamp).toISOString();
    } else if (action.type === 'resume') {
      pausedSince = null;
    } else if (action.type === 'complete') {
      status = 'completed';
    } else if (action.type === 'supply') {
      const supply = supplies.get(action.payload.supplyId);
      if (supply) Object.assign(supply, { count: action.payload.count, level: action.payload.level });
    } else if (action.type === 'task') {
      const task = tasks.get(action.runTaskId);
      if (!task) continue;
      task.checked = action.payload.checked;
      if (action.payload.comment !== undefined) task.comment = action.payload.comment;
      if (action.payload.duration_seconds !== undefined) task.duration_seconds = action.payload.duration_seconds;
      if (!isRunDone(status) && status === 'pending') status = 'in_progress';
    }
  }
  for (const [id, count] of Object.entries(changes.queuedMedia)) {
    const task = tasks.get(id);
    if (task) task.media_count += count;
  }
  return {
    ...run,
    status,
    issue_count: issueCount,
    guest_present_count: guestCount,
    paused_since: isRunDone(status) ? null : pausedSince,
    tasks: [...tasks.values()],
    supplies: [...supplies.values()],
  };
}

/** Files counted toward a task's required photos: confirmed on the server plus queued here. */
export const mediaShort = (task: PublicTask): number => Math.max(0, task.task.required_media - task.media_count);
