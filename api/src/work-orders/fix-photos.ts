import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type WorkOrder, WorkOrderPhoto } from '@turnproof/db';
import type { AppDeps } from '../app-deps.ts';
import { conflict, HttpError } from '../http/errors.ts';
import { incomingDir } from '../media/accept-upload.ts';
import { inspectUpload } from '../media/inspect-upload.ts';
import { withoutLocation } from '../media/strip-location.ts';
import { makeThumbnail } from '../media/thumbnail.ts';
import { receiveBody, TooLarge } from '../public/media-router.ts';
import { UPLOAD_LIMITS, uploadTooLargeMessage } from '../public/upload-limits.ts';
import { workOrderMessages } from './work-order-input.ts';

/** A vendor documents a fix with a few photos, not an album. */
export const MAX_FIX_PHOTOS = 20;

const stillOpen = (order: WorkOrder) => order.status === 'open' || order.status === 'in_progress';

/**
 * Takes a photo of the fix from the request body: checked to be a real image (415 otherwise), stored
 * without its location (a vendor's phone is nobody's to track) with a thumbnail, under `work-orders/{id}/`.
 */
export async function storeFixPhoto(
  deps: AppDeps,
  em: EntityManager,
  order: WorkOrder,
  body: NodeJS.ReadableStream,
  declaredLength: number,
) {
  if (!stillOpen(order)) throw conflict(workOrderMessages.finished);
  if ((await em.count(WorkOrderPhoto, { work_order: order.id })) >= MAX_FIX_PHOTOS)
    throw conflict(`A work order takes at most ${MAX_FIX_PHOTOS} photos.`);
  if (declaredLength > UPLOAD_LIMITS.photo) throw new HttpError(413, uploadTooLargeMessage('photo'));
  const tempDir = incomingDir(deps);
  await mkdir(tempDir, { recursive: true });
  const tempFile = path.join(tempDir, randomUUID());
  try {
    let size: number;
    try {
      size = await receiveBody(body, tempFile, UPLOAD_LIMITS.photo);
    } catch (error) {
      if (error instanceof TooLarge) throw new HttpError(413, uploadTooLargeMessage('photo'));
      throw error;
    }
    const inspected = await inspectUpload(tempFile, 'photo');
    if (!inspected.ok) throw new HttpError(415, inspected.error);
    const stripped = await withoutLocation(tempFile, inspected.contentType);
    const contentType = stripped?.contentType ?? inspected.contentType;
    const filePath = `work-orders/${order.id}/${randomUUID()}.${contentType.split('/')[1] ?? 'jpg'}`;
    await deps.storage.write(filePath, stripped?.bytes ?? tempFile);
    await deps.storage.write(`${filePath}.thumb.webp`, await makeThumbnail(tempFile));
    const photo = em.create(WorkOrderPhoto, {
      work_order: order,
      path: filePath,
      thumbnail_path: `${filePath}.thumb.webp`,
      content_type: contentType,
      size: stripped?.bytes.length ?? size,
    });
    await em.flush();
    return photo;
  } finally {
    await rm(tempFile, { force: true });
  }
}
