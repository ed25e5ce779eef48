import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Alert,
  type BaselinePhoto,
  baselinePhotosByTask,
  baselineRunOf,
  Media,
  type Run,
  RunPause,
  type RunTask,
  runSupplies,
} from '@turnproof/db';
import { signToken } from '../media/signed-tokens.ts';
import { photosRequired } from '../review/photo-requirement.ts';
import { fixedWorkOrdersFor } from '../work-orders/fixed-work-orders.ts';
import { linkStamp } from './run-access.ts';

/** Media links in the runner expire quickly; the runner reloads the run before they matter. */
export const MEDIA_URL_TTL_MS = 15 * 60 * 1000;
/** An object store's presigned GET, handed out by a media link when it is opened: short, as it cannot be revoked. */
export const PRESIGNED_GET_SECONDS = 5 * 60;

export interface MediaLinks {
  origin: string;
  secretKey: string;
  /** The run and magic link the grants are handed out through: they end with that link. None for the host's. */
  via?: { run: string; link: string };
}

/** What a media grant carries; `run` and `link` name the magic link it came through, if any. */
export interface MediaGrant {
  path: string;
  run?: string;
  link?: string;
}

export function signedMediaUrl(links: MediaLinks, path: string): string {
  const grant: MediaGrant = { path, ...links.via };
  return `${links.origin}/api/media/${signToken(links.secretKey, 'media', grant, MEDIA_URL_TTL_MS)}`;
}

/** The fields of a media row the runner sees. */
type MediaRow = Pick<Media, 'id' | 'type' | 'status' | 'path' | 'thumbnail_path' | 'captured_at' | 'rejected_at'> & {
  /** Null for an issue's photo: it is not the task's. */
  run_task?: { id: string } | null;
};

type TaskRow = Pick<
  RunTask,
  | 'id'
  | 'checked'
  | 'comment'
  | 'duration_seconds'
  | 'order_index'
  | 'checked_at'
  | 'title'
  | 'description'
  | 'required_media'
  | 'camera_only'
  | 'reopened'
  | 'revision_note'
>;

/** An earlier run's photo of the same task, shown to the cleaner as the angle to match. */
function toReferencePhoto(photo: BaselinePhoto, links: MediaLinks) {
  return {
    id: photo.mediaId,
    url: signedMediaUrl(links, photo.path),
    /** The earlier device's clock, a claim; received_at is the server's. */
    captured_at: photo.capturedAt,
    received_at: photo.receivedAt,
  };
}

function toPublicMedia(item: MediaRow, links: MediaLinks) {
  return {
    id: item.id,
    type: item.type,
    url: signedMediaUrl(links, item.path),
    thumbnail_url: item.thumbnail_path ? signedMediaUrl(links, item.thumbnail_path) : null,
    captured_at: item.captured_at ?? null,
  };
}

export function toPublicTask(task: TaskRow, media: MediaRow[], links: MediaLinks, reference: BaselinePhoto[] = []) {
  const confirmed = media.filter((item) => item.run_task?.id === task.id && item.status === 'confirmed');
  // Photos the host rejected no longer count; while the task is sent back the cleaner sees them as such.
  const kept = confirmed.filter((item) => !item.rejected_at);
  const rejected = confirmed.filter((item) => item.rejected_at);
  return {
    id: task.id,
    checked: task.checked,
    comment: task.comment ?? null,
    duration_seconds: task.duration_seconds ?? null,
    order_index: task.order_index,
    checked_at: task.checked_at ?? null,
    /** Sent back by the host's review: while the run awaits revision, only these tasks are open. */
    reopened: task.reopened,
    /** What the host said about the task when sending it back, and its photos the host rejected. */
    revision: task.reopened
      ? { note: task.revision_note ?? null, rejected_media: rejected.map((item) => toPublicMedia(item, links)) }
      : null,
    task: {
      title: task.title,
      description: task.description ?? null,
      required_media: photosRequired(task.required_media, rejected.length),
      /** Photos from the camera only: the runner offers no gallery, and the server refuses a gallery photo. */
      camera_only: task.camera_only,
    },
    media_count: kept.length,
    media: kept.map((item) => toPublicMedia(item, links)),
    reference: reference.map((photo) => toReferencePhoto(photo, links)),
  };
}

/**
 * The only meta fields the runner shows. The rest (the tenant's e-mail, lease dates) is the host's and
 * must not reach whoever holds the link.
 */
const RUNNER_META_FIELDS = ['unit', 'tenant_name'] as const;

function runnerMeta(meta: unknown): Partial<Record<(typeof RUNNER_META_FIELDS)[number], unknown>> | null {
  if (!meta || typeof meta !== 'object') return null;
  const source = meta as Record<string, unknown>;
  return Object.fromEntries(
    RUNNER_META_FIELDS.filter((field) => field in source).map((field) => [field, source[field]]),
  );
}

/**
 * The runner's view of a run: exactly what a cleaner needs, nothing about the owner. Only a live link
 * reaches it (runForToken), so the property's access code and notes, which a cleaner needs to get in,
 * are here and on no public page (the verification page has neither).
 */
export async function toPublicRun(em: EntityManager, run: Run, links: MediaLinks) {
  await em.populate(run, ['tasks', 'property']);
  const media = await em.find(Media, { run: run.id }, { orderBy: { created_at: 'asc' } });
  const issueCount = await em.count(Alert, { run: run.id, kind: 'issue' });
  const baselineRunId = await baselineRunOf(em, run.id);
  const references = baselineRunId ? await baselinePhotosByTask(em, run.id, baselineRunId) : new Map();
  const grants = { ...links, via: { run: run.id, link: linkStamp(run) } };
  const openPause = await em.findOne(RunPause, { run: run.id, resumed_at: null });
  const guestReports = await em.count(Alert, { run: run.id, kind: 'guest_present' });
  return {
    run: {
      id: run.id,
      status: run.status,
      type: run.type,
      meta: runnerMeta(run.meta),
      started_at: run.started_at ?? null,
      ended_at: run.ended_at ?? null,
      due_at: run.due_at ?? null,
      checklist_name: run.checklist_name,
      property: {
        name: run.property.name,
        address: run.property.address,
        timezone: run.property.timezone,
        access_code: run.property.access_code ?? null,
        notes: run.property.notes ?? null,
      },
      /** Issues the server has for this run (the runner's final summary counts them). */
      issue_count: issueCount,
      /** Since when the cleaner paused the run (the task timer stands still), null while working. */
      paused_since: openPause?.paused_at ?? null,
      /** "Guest still here" reports the server has. */
      guest_present_count: guestReports,
      revision: run.status === 'revision_requested' ? { note: run.review_note ?? null } : null,
      /** Repairs finished at the property since its previous run (the runner shows "Fixed: …"). */
      fixed_work_orders: await fixedWorkOrdersFor(em, run),
      tasks: run.tasks.getItems().map((task) => toPublicTask(task, media, grants, references.get(task.id))),
      /** The property's supplies to count, with this run's count of each (null until counted). */
      supplies: await runSupplies(em, run.id),
    },
  };
}
