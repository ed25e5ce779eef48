import type { EntityManager } from '@mikro-orm/postgresql';
import type { Media } from '@turnproof/db';
import { enqueuePhotoChecks } from '../outbox/outbox-writes.ts';

/** What the phone says about a photo it sends: when it was taken and where (claims, never trusted). */
export interface DeviceClaims {
  captured_at?: Date | null;
  latitude?: number | null;
  longitude?: number | null;
  location_accuracy?: number | null;
  address?: string | null;
  /** How well a task's photo lines up with its reference photo (SSIM on the phone). */
  alignment_score?: number | null;
}

/**
 * A confirmed photo or video, a task's proof or an issue's: the digest of its stored bytes, and the
 * phone's claims, else what the upload found in the file (EXIF time and place).
 */
export function confirmedFields(stored: Media, sha256: string, claims: DeviceClaims) {
  return {
    status: 'confirmed' as const,
    sha256,
    captured_at: claims.captured_at ?? stored.captured_at ?? null,
    latitude: claims.latitude ?? stored.latitude ?? null,
    longitude: claims.longitude ?? stored.longitude ?? null,
    location_accuracy: claims.location_accuracy ?? stored.location_accuracy ?? null,
    address: claims.address ?? stored.address ?? null,
    alignment_score: claims.alignment_score ?? null,
  };
}

/** In the confirming transaction: the worker checks each confirmed photo off the cleaner's request. */
export async function schedulePhotoChecks(tx: EntityManager, taskQueue: string, confirmed: readonly Media[]) {
  for (const media of confirmed) {
    if (media.type === 'photo') await enqueuePhotoChecks(tx, media.run.id, { mediaId: media.id, taskQueue });
  }
}
