import type { DeviceSignature, NewCaptureEntry } from '@turnproof/db';
import type { z } from 'zod';
import type {
  guestPresentBody,
  issueBody,
  locationFields,
  pauseBody,
  supplyCountBody,
  taskBody,
} from '../public/public-input.ts';

type Located = { [K in keyof typeof locationFields]?: z.output<(typeof locationFields)[K]> };

/** The phone's position as it claims it, or none. */
function claimedPosition(body: Located): NewCaptureEntry['devicePosition'] {
  if (body.latitude == null || body.longitude == null) return null;
  return { latitude: body.latitude, longitude: body.longitude, accuracy: body.location_accuracy ?? null };
}

/** A task checked or unchecked (with its comment and duration), as the capture log records it. */
export function taskEntry(
  body: z.output<typeof taskBody>,
  receivedAt: Date,
  deviceSignature: DeviceSignature | null,
): NewCaptureEntry {
  return {
    kind: body.checked ? 'task_checked' : 'task_unchecked',
    payload: {
      action_id: body.action_id,
      run_task_id: body.runTaskId,
      checked: body.checked,
      comment: body.comment,
      duration_seconds: body.duration_seconds ?? null,
    },
    deviceTime: body.timestamp,
    devicePosition: claimedPosition(body),
    receivedAt,
    deviceSignature,
  };
}

type MediaClaims = Located & {
  action_id: string;
  runTaskId: string | null;
  alertId?: string;
  captured_at?: Date | null;
};
export type ConfirmedMedia = { id: string; path: string; type: string; size: number; sha256: string };

/**
 * A photo or video confirmed: a task's proof, or an issue's evidence (`alertId`), with the SHA-256 of
 * the bytes the server stored.
 */
export function mediaEntry(
  body: MediaClaims,
  media: ConfirmedMedia,
  receivedAt: Date,
  deviceSignature: DeviceSignature | null,
): NewCaptureEntry {
  return {
    kind: 'media_confirmed',
    payload: {
      action_id: body.action_id,
      run_task_id: body.runTaskId,
      ...(body.alertId ? { alert_id: body.alertId } : {}),
      media_id: media.id,
      path: media.path,
      type: media.type,
      size: media.size,
      sha256: media.sha256,
    },
    deviceTime: body.captured_at ?? null,
    devicePosition: claimedPosition(body),
    receivedAt,
    deviceSignature,
  };
}

/**
 * A report (an issue, "Guest still here") and the confirmations of the photos it names. The phone signs
 * the report's request, whose `media` names those photos by their paths, so the one signature vouches for
 * them too: each photo's entry records the report's signature (and each entry's hash covers it).
 */
export function reportEntries(
  report: NewCaptureEntry,
  photos: readonly ConfirmedMedia[],
  claims: MediaClaims & { alertId: string },
  receivedAt: Date,
): NewCaptureEntry[] {
  const signature = report.deviceSignature ?? null;
  return [report, ...photos.map((media) => mediaEntry(claims, media, receivedAt, signature))];
}

export function issueEntry(
  body: z.output<typeof issueBody>,
  alertId: string,
  receivedAt: Date,
  deviceSignature: DeviceSignature | null,
): NewCaptureEntry {
  return {
    kind: 'issue_reported',
    payload: {
      action_id: body.action_id,
      alert_id: alertId,
      run_task_id: body.runTaskId ?? null,
      severity: body.severity,
      description: body.description,
      media_paths: body.media ?? [],
    },
    deviceTime: body.timestamp,
    devicePosition: claimedPosition(body),
    receivedAt,
    deviceSignature,
  };
}

/** A pause or resume of the run, at the time the cleaner tapped it. */
export function pauseEntry(
  kind: 'run_paused' | 'run_resumed',
  body: z.output<typeof pauseBody>,
  at: Date,
  receivedAt: Date,
  deviceSignature: DeviceSignature | null,
): NewCaptureEntry {
  return {
    kind,
    payload: { action_id: body.action_id, at: at.toISOString() },
    deviceTime: body.timestamp,
    devicePosition: claimedPosition(body),
    receivedAt,
    deviceSignature,
  };
}

/** "Guest still here": when and where the cleaner found the unit still occupied, the late checkout's evidence. */
export function guestPresentEntry(
  body: z.output<typeof guestPresentBody>,
  alertId: string,
  receivedAt: Date,
  deviceSignature: DeviceSignature | null,
): NewCaptureEntry {
  return {
    kind: 'guest_present',
    payload: { action_id: body.action_id, alert_id: alertId, note: body.note, media_paths: body.media ?? [] },
    deviceTime: body.timestamp,
    devicePosition: claimedPosition(body),
    receivedAt,
    deviceSignature,
  };
}

/** A supply counted (or said to be low or out), with what the property keeps at par. */
export function supplyEntry(
  body: z.output<typeof supplyCountBody>,
  supply: { name: string; unit: string; par_level: number },
  receivedAt: Date,
  deviceSignature: DeviceSignature | null,
): NewCaptureEntry {
  return {
    kind: 'supply_counted',
    payload: {
      action_id: body.action_id,
      supply_id: body.supply_id,
      name: supply.name,
      unit: supply.unit,
      par_level: supply.par_level,
      count: body.count,
      level: body.level,
    },
    deviceTime: body.timestamp,
    devicePosition: null,
    receivedAt,
    deviceSignature,
  };
}
