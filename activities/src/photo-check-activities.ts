import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure, log } from '@temporalio/activity';
import type { PhotoCheck, PhotoCheckDetails, PhotoExif } from '@turnproof/db';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import { encodeReportPhoto, reportPhotoCopyPath, reportPhotoPixels } from '@turnproof/platform/report';
import { measureStoredPhoto, perceptualHash, REUSED_MAX_DISTANCE } from '@turnproof/platform/photo-measures';
import { ensureChangeMaps } from './change-maps.ts';
import { instantAt } from './local-time.ts';
import { missingRow } from './missing-row.ts';

export interface PhotoCheckDeps {
  orm: MikroORM;
  storage: MediaStorage;
}

// Raw queries return timestamps as PostgreSQL's text, as in the other activities' raw reads.
interface CheckedPhoto {
  path: string;
  type: string;
  status: string;
  created_at: string;
  captured_at: string | null;
  exif: PhotoExif | null;
  run_id: string;
  run_created_at: string;
  owner_id: string;
  timezone: string;
  camera_only: boolean;
}

/** A phone's clock may run a little ahead of the server's: only earlier than this before the run counts. */
const CLOCK_SKEW_MS = 2 * 60_000;

/** EXIF's wall-clock DateTimeOriginal is read in the property's zone; one with its offset is an instant. */
function exifInstant(capturedAt: string, timeZone: string): Date {
  if (capturedAt.endsWith('Z')) return new Date(capturedAt);
  const [date = '', time = ''] = capturedAt.split('T');
  return instantAt(date, time.slice(0, 5), timeZone);
}

/**
 * The earliest capture time the photo shows: its EXIF time, and the phone's claim. The media row's
 * captured_at is the claim, else the EXIF time as the upload parsed it (without a zone): then the EXIF
 * time read in the property's zone stands for both.
 */
function earliestCapture(photo: CheckedPhoto): Date | null {
  const exif = photo.exif?.captured_at ? exifInstant(photo.exif.captured_at, photo.timezone) : null;
  const claimedAt = photo.captured_at ? new Date(photo.captured_at) : null;
  const fromExif = photo.exif?.captured_at && claimedAt?.getTime() === new Date(photo.exif.captured_at).getTime();
  const claimed = fromExif ? null : claimedAt;
  const times = [exif, claimed].filter((time): time is Date => time !== null);
  return times.length ? new Date(Math.min(...times.map((time) => time.getTime()))) : null;
}

export function createPhotoCheckActivities({ orm, storage }: PhotoCheckDeps) {
  return {
    /**
     * The server's checks of one confirmed photo, stored on its media row: blurry and dark (the shared
     * photo-quality measure), reused (a perceptual hash near one of the owner's photos in an earlier run),
     * captured before the run was created, and not from a camera where its task asks for one. Idempotent.
     */
    async checkPhoto(mediaId: string): Promise<PhotoCheck[]> {
      const connection = orm.em.getConnection();
      const [photo] = await connection.execute<CheckedPhoto[]>(
        `select m.path, m.type, m.status, m.created_at, m.captured_at, m.exif, r.id as run_id,
                r.created_at as run_created_at, p.owner_id, p.timezone, coalesce(rt.camera_only, false) as camera_only
         from media m join runs r on r.id = m.run_id join properties p on p.id = r.property_id
         left join run_tasks rt on rt.id = m.run_task_id
         where m.id = ?`,
        [mediaId],
      );
      if (!photo) throw missingRow('media', mediaId);
      if (photo.type !== 'photo' || photo.status !== 'confirmed') {
        throw ApplicationFailure.nonRetryable(
          `Media ${mediaId} is a ${photo.status} ${photo.type}, not a confirmed photo: nothing to check.`,
          'NotAConfirmedPhoto',
        );
      }
      // Decoded once, upright and at the report's size, for every measure and the report's copy: a phone's
      // 12 MP photo decoded three times cost most of the check's CPU, taken from the cleaner's ticks.
      const pixels = await reportPhotoPixels(await storage.read(photo.path));
      const [quality, hash] = await Promise.all([measureStoredPhoto(pixels), perceptualHash(pixels)]);
      const [first] = await connection.execute<{ run_id: string; media_id: string }[]>(
        `select m.run_id, m.id as media_id
         from properties p join runs r on r.property_id = p.id
         join media m on m.run_id = r.id and m.perceptual_hash is not null
         where p.owner_id = ? and m.run_id <> ? and m.created_at < ?
           and bit_count(('x' || m.perceptual_hash)::bit(64) # ('x' || ?)::bit(64)) <= ?
         order by m.created_at limit 1`,
        [photo.owner_id, photo.run_id, photo.created_at, hash, REUSED_MAX_DISTANCE],
      );
      const capturedAt = earliestCapture(photo);
      const camera = { make: photo.exif?.make ?? null, model: photo.exif?.model ?? null };
      const checks: PhotoCheck[] = [...quality.flags];
      if (first) checks.push('reused');
      if (capturedAt && capturedAt.getTime() < new Date(photo.run_created_at).getTime() - CLOCK_SKEW_MS) {
        checks.push('captured_before_run');
      }
      if (photo.camera_only && !camera.make && !camera.model) checks.push('not_from_camera');
      const details: PhotoCheckDetails = {
        sharpness: Math.round(quality.sharpness * 10) / 10,
        brightness: Math.round(quality.brightness * 10) / 10,
        reused_from: first ?? null,
        captured_at: capturedAt?.toISOString() ?? null,
        camera,
        camera_only: photo.camera_only,
      };
      await connection.execute(
        `update media set checks = ?::jsonb, check_details = ?::jsonb, perceptual_hash = ? where id = ?`,
        [JSON.stringify(checks), JSON.stringify(details), hash, mediaId],
      );
      // The photo as every report will show it (this run's, and the next run's as its reference), made
      // now rather than while the host waits for the report; without it a report downscales the original.
      await storage
        .write(reportPhotoCopyPath(photo.path), await encodeReportPhoto(pixels))
        .catch((error: unknown) => log.warn('Report copy left to the report', { mediaId, error: String(error) }));
      // The photo's change map against its reference photo, made while the cleaner works on: the report
      // would otherwise map every pair of the run while the host waits for it (seconds on a busy worker).
      // A pair that cannot be mapped now is left to the report, which maps whatever is missing.
      await ensureChangeMaps(orm, storage, photo.run_id, mediaId).catch((error: unknown) =>
        log.warn('Change map left to the report', { mediaId, error: String(error) }),
      );
      return checks;
    },
  };
}
