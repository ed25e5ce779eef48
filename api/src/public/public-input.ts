import { z } from 'zod';
import { signatureFields } from './device-keys.ts';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

export const token = z
  .string({ error: 'No token provided.' })
  .min(1, 'No token provided.')
  .max(200, 'This link is invalid, expired, or revoked. Please ask the host for a new link.');
export const actionId = z
  .string({ error: 'action_id is required: a unique id for this action.' })
  .min(8, 'action_id must be at least 8 characters.')
  .max(100, 'action_id must be at most 100 characters.');
const runTaskId = z.uuid({ error: 'runTaskId must be the id of a task of this run.' });
const instant = (label: string) =>
  z
    .union([z.number().finite(), z.string().max(40)], { error: `${label} must be a date and time.` })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return null;
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a valid date and time.` });
        return z.NEVER;
      }
      return date;
    });

/** How far ahead of the server's clock a cleaner's phone may be; a later action time is taken as now. */
export const CLIENT_CLOCK_SKEW_MS = 2 * 60 * 1000;

/**
 * When a task action happened: the client's time (offline actions arrive late), but never in the future,
 * so a timestamp in 2100 cannot freeze a task against every later change.
 */
export function actionTime(clientTime: Date | null, now = new Date()): Date {
  if (!clientTime) return now;
  return clientTime.getTime() > now.getTime() + CLIENT_CLOCK_SKEW_MS ? now : clientTime;
}

export const locationFields = {
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  location_accuracy: z.number().min(0).max(1e7).nullish(),
  location_timestamp: instant('location_timestamp'),
  address: text('address', 500),
};

export const taskBody = z.object({
  token,
  runTaskId,
  action_id: actionId,
  checked: z.boolean({ error: 'checked must be true or false.' }),
  comment: text('comment', 5000),
  duration_seconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .nullish(),
  /** When the cleaner acted (offline actions arrive later); older than the task's state: not applied. */
  timestamp: instant('timestamp'),
  ...locationFields,
  ...signatureFields,
});

export const uploadBody = z.object({
  token,
  runTaskId,
  action_id: actionId,
  fileName: z.string({ error: 'fileName is required.' }).min(1, 'fileName is required.').max(255),
  contentType: z.string().max(120).nullish(),
  size: z.number({ error: 'size is required: the file size in bytes.' }).int().min(1, 'The file is empty.'),
});

export const PHOTO_SOURCES = ['camera', 'gallery'] as const;
const alignmentMessage = 'alignment_score must be a number from -1 to 1.';

export const mediaConfirmBody = z.object({
  token,
  runTaskId,
  action_id: actionId,
  path: z.string({ error: 'path is required.' }).min(1).max(500),
  type: z.enum(['photo', 'video'], { error: 'type must be photo or video.' }),
  captured_at: instant('captured_at'),
  ...locationFields,
  /** Where the phone says the photo came from: the camera, or a file picked from the gallery (a claim). */
  source: z.enum(PHOTO_SOURCES, { error: 'source must be camera or gallery.' }).nullish(),
  /** How well the photo lines up with the task's reference photo, measured on the phone (SSIM, -1 to 1). */
  alignment_score: z.number({ error: alignmentMessage }).min(-1, alignmentMessage).max(1, alignmentMessage).nullish(),
  ...signatureFields,
});

export const completeBody = z.looseObject({ token, action_id: actionId, ...signatureFields });

export const issueBody = z.object({
  token,
  action_id: actionId,
  runTaskId: runTaskId.nullish(),
  severity: z.enum(['low', 'medium', 'high'], { error: 'severity must be low, medium or high.' }),
  description: z
    .string({ error: 'Please describe the issue.' })
    .trim()
    .min(1, 'Please describe the issue.')
    .max(5000, 'The description must be at most 5000 characters.'),
  /** Paths of uploaded photos (not yet confirmed): the issue confirms them as its own evidence. */
  media: z.array(z.string().max(500)).max(20).nullish(),
  /** When the cleaner reported it (offline reports arrive later): the device's claim, for it and its photos. */
  timestamp: instant('timestamp'),
  ...locationFields,
  ...signatureFields,
});

export const runQuery = z.object({ token: z.string().max(200).optional() });

/** Pause or Resume: when the cleaner tapped it (offline taps arrive later) and where. */
export const pauseBody = z.object({
  token,
  action_id: actionId,
  timestamp: instant('timestamp'),
  ...locationFields,
  ...signatureFields,
});

export const guestPresentBody = z.object({
  token,
  action_id: actionId,
  note: text('note', 2000),
  /** Paths of uploaded photos (not yet confirmed), as for an issue: at most one, the unit with the guest's things. */
  media: z.array(z.string().max(500)).max(1, 'At most one photo.').nullish(),
  timestamp: instant('timestamp'),
  ...locationFields,
  ...signatureFields,
});
const supplyCountMessage = 'count must be a whole number from 0 to 100000, or level low or out.';

/** A count of one of the property's supplies, or only that it is low or out (out counts as 0). */
export const supplyCountBody = z
  .object({
    token,
    action_id: actionId,
    supply_id: z.uuid({ error: 'supply_id must be the id of a supply of this property.' }),
    count: z.number({ error: supplyCountMessage }).int(supplyCountMessage).min(0).max(100000).nullish(),
    level: z.enum(['low', 'out'], { error: 'level must be low or out.' }).nullish(),
    /** When the cleaner counted (offline counts arrive later); older than the stored count: not applied. */
    timestamp: instant('timestamp'),
    ...signatureFields,
  })
  .refine((body) => (body.count ?? null) !== null || body.level, { message: supplyCountMessage, path: ['count'] })
  .transform(({ count, level, ...body }) => ({
    ...body,
    count: level === 'low' ? null : level === 'out' ? 0 : (count ?? 0),
    level: level ?? ('counted' as const),
  }));
