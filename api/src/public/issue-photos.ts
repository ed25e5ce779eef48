import { type EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Media } from '@turnproof/db';
import type { AppDeps } from '../app-deps.ts';
import type { ConfirmedMedia } from '../capture/cleaner-entries.ts';
import { sha256OfStored } from '../capture/stored-digest.ts';
import { conflict, forbidden } from '../http/errors.ts';
import { NOT_UPLOADED_YET, verifyDirectUpload } from '../media/accept-upload.ts';
import { type ActionKey, findRecorded } from './apply-once.ts';
import { confirmedFields, schedulePhotoChecks, type DeviceClaims } from './media-confirmation.ts';
import { linkMessages } from './run-access.ts';

export const issuePhotoMessages = {
  refused: 'This file was refused when it was uploaded. Please upload it again.',
  taken: 'This photo is already confirmed, as a task photo or for another issue. Upload it again for this issue.',
};

/** An uploaded photo an issue names, with the SHA-256 of its stored bytes. */
export interface IssuePhoto {
  id: string;
  sha256: string;
}

/** Thrown in the issue's transaction when a photo was confirmed meanwhile (by a concurrent duplicate, say). */
export class IssuePhotoTaken extends Error {}

/**
 * The photos an issue names, checked before its transaction: this run's, uploaded (an object store's
 * bytes verified first, as for any confirmation), not yet confirmed. Their digests are taken here, as
 * media-confirm does, since reading the bytes has no place inside a transaction.
 */
export async function checkIssuePhotos(
  deps: AppDeps,
  em: EntityManager,
  runId: string,
  paths: readonly string[],
): Promise<IssuePhoto[]> {
  const named = [...new Set(paths)];
  if (named.length === 0) return [];
  const owned = await em.find(Media, { path: { $in: named }, run: runId });
  if (owned.length !== named.length) throw forbidden(linkMessages.foreignFile);
  const photos: IssuePhoto[] = [];
  for (const media of owned) {
    await verifyDirectUpload(deps, em, media);
    if (media.status === 'uploading') throw conflict(NOT_UPLOADED_YET);
    if (media.status === 'error') throw conflict(issuePhotoMessages.refused);
    if (media.status === 'confirmed') throw conflict(issuePhotoMessages.taken);
    photos.push({ id: media.id, sha256: await sha256OfStored(deps.storage, media.path) });
  }
  return photos;
}

/**
 * Confirms the checked photos as the issue's own, in the issue's transaction: each leaves its task (it
 * never counts toward the task's photos) for the issue, with its digest and the device's claims.
 * Answers each photo as confirmed, with the digest it was confirmed with, for the capture log; the server's
 * photo checks follow on `taskQueue`.
 */
export async function attachIssuePhotos(
  tx: EntityManager,
  alertId: string,
  photos: readonly IssuePhoto[],
  claims: DeviceClaims,
  taskQueue: string,
): Promise<ConfirmedMedia[]> {
  const stored: Media[] = [];
  const confirmed: ConfirmedMedia[] = [];
  for (const photo of photos) {
    // The row lock makes a concurrent duplicate of this issue wait, then find the photo taken.
    const media = await tx.findOneOrFail(
      Media,
      { id: photo.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (media.status !== 'uploaded') throw new IssuePhotoTaken();
    tx.assign(media, { ...confirmedFields(media, photo.sha256, claims), alert: alertId, run_task: null });
    stored.push(media);
    confirmed.push({ id: media.id, path: media.path, type: media.type, size: media.size, sha256: photo.sha256 });
  }
  await tx.flush();
  await schedulePhotoChecks(tx, taskQueue, stored);
  return confirmed;
}

/**
 * For an action that confirms photos (an issue, "Guest still here") whose transaction failed: when a
 * concurrent duplicate took the photos first, its answer is this action's answer; else 409 or the error.
 */
export async function photoRaceAnswer(em: EntityManager, key: ActionKey, error: unknown) {
  if (!(error instanceof IssuePhotoTaken)) throw error;
  const duplicate = await findRecorded<unknown>(em, key);
  if (duplicate) return { response: duplicate, replayed: true };
  throw conflict(issuePhotoMessages.taken);
}
