import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Media } from '@turnproof/db';
import type { AppDeps } from '../app-deps.ts';
import { conflict, HttpError } from '../http/errors.ts';
import { UPLOAD_LIMITS, uploadTooLargeMessage } from '../public/upload-limits.ts';
import { inspectUpload, refusalByFirstBytes, SNIFF_BYTES } from './inspect-upload.ts';
import { withoutLocation } from './strip-location.ts';
import { makeThumbnail } from './thumbnail.ts';

export const NOT_UPLOADED_YET = 'The file has not been uploaded yet. Upload it, then confirm.';

const thumbnailPathOf = (mediaPath: string) => `${mediaPath}.thumb.webp`;

/** Where uploads wait while they are inspected. */
export const incomingDir = (deps: AppDeps) => path.join(deps.config.mediaDir, '.incoming');

/** The owner's "Location services" preference: keep the location of photos (off by default). */
async function ownerKeepsLocation(em: EntityManager, runId: string): Promise<boolean> {
  const [row] = await em.getConnection().execute<{ keep: boolean }[]>(
    `select coalesce(up.location_services, false) as keep
     from runs r join properties p on p.id = r.property_id
     left join user_preferences up on up.user_id = p.owner_id
     where r.id = ?`,
    [runId],
  );
  return row?.keep ?? false;
}

/**
 * Inspects received bytes (a temp file) and stores what is kept: the file (without its EXIF location
 * unless the owner keeps it) and a thumbnail of a photo; the media row becomes `uploaded`. Bytes that
 * are not a real photo or video mark the row `error` and answer 415.
 */
export async function acceptUpload(
  deps: AppDeps,
  em: EntityManager,
  media: Media,
  kind: 'photo' | 'video',
  tempFile: string,
  size: number,
): Promise<void> {
  const inspected = await inspectUpload(tempFile, kind);
  if (!inspected.ok) {
    await em.nativeUpdate(Media, { id: media.id }, { status: 'error' });
    throw new HttpError(415, inspected.error);
  }
  const thumbnail = inspected.kind === 'photo' ? await makeThumbnail(tempFile) : null;
  const stripped =
    inspected.kind === 'photo' && !(await ownerKeepsLocation(em, media.run.id))
      ? await withoutLocation(tempFile, inspected.contentType)
      : null;
  await deps.storage.write(media.path, stripped?.bytes ?? tempFile);
  if (thumbnail) await deps.storage.write(thumbnailPathOf(media.path), thumbnail);
  em.assign(media, {
    status: 'uploaded',
    type: inspected.kind,
    content_type: stripped?.contentType ?? inspected.contentType,
    size: stripped?.bytes.length ?? size,
    thumbnail_path: thumbnail ? thumbnailPathOf(media.path) : null,
    // EXIF location and time stay here, in the media row; served files carry no metadata unless the owner keeps location.
    latitude: media.latitude ?? inspected.location?.latitude ?? null,
    longitude: media.longitude ?? inspected.location?.longitude ?? null,
    captured_at: media.captured_at ?? (inspected.capturedAt ? new Date(inspected.capturedAt) : null),
    // What the server's photo checks compare (the stored file may have lost its EXIF above).
    exif:
      inspected.kind === 'photo'
        ? {
            captured_at: inspected.capturedAt ?? null,
            make: inspected.camera?.make ?? null,
            model: inspected.camera?.model ?? null,
          }
        : null,
  });
  await em.flush();
}

/**
 * An object store took the bytes straight from the phone (a presigned PUT to the upload's staging
 * object); before the file counts, the API checks what was uploaded: its size against the reservation,
 * its real type from its first bytes (a ranged GET), then the same inspection, thumbnail and location
 * stripping as a PUT to the API. Only then is the stored file written, by the API; the upload is
 * deleted either way, so a later PUT to the same link changes nothing that counts.
 */
export async function verifyDirectUpload(deps: AppDeps, em: EntityManager, media: Media): Promise<void> {
  const direct = deps.storage.direct;
  if (!direct || media.status !== 'uploading') return;
  const kind = media.type === 'video' ? 'video' : 'photo';
  const size = await direct.uploadedSize(media.path);
  if (size === null) throw conflict(NOT_UPLOADED_YET);
  const refuse = async (status: number, message: string): Promise<never> => {
    await em.nativeUpdate(Media, { id: media.id }, { status: 'error' });
    await direct.discardUpload(media.path);
    throw new HttpError(status, message);
  };
  if (size > UPLOAD_LIMITS[kind]) return refuse(413, uploadTooLargeMessage(kind));
  if (media.size !== null && media.size !== undefined && size !== media.size) {
    return refuse(409, 'The stored file is not the size that was reserved. Please upload it again.');
  }
  const byFirstBytes = await refusalByFirstBytes(await direct.readUploadStart(media.path, SNIFF_BYTES), kind);
  if (byFirstBytes) return refuse(415, byFirstBytes);

  const dir = incomingDir(deps);
  await mkdir(dir, { recursive: true });
  const tempFile = path.join(dir, randomUUID());
  try {
    await pipeline(direct.streamUpload(media.path), createWriteStream(tempFile));
    await acceptUpload(deps, em, media, kind, tempFile, size).catch(async (error: unknown) => {
      if (error instanceof HttpError && error.status === 415) await direct.discardUpload(media.path);
      throw error;
    });
  } finally {
    await rm(tempFile, { force: true });
  }
  await direct.discardUpload(media.path);
}
