import {
  type GreyImage,
  greyFromRgba,
  measurePhotoQuality,
  type PhotoQuality,
  qualitySize,
  structuralSimilarity,
} from '@turnproof/config/photo-quality';
import type { PhotoSource } from '../offline/offline-db.ts';

/** A photo (or video) the cleaner took or picked for a task, with what the phone measured of it. */
export interface CapturedPhoto {
  file: File;
  source: PhotoSource;
  /** How well it lines up with the task's reference photo (SSIM); null without a reference, and for videos. */
  alignmentScore: number | null;
}

/** What the checks found: the quality flags, and the alignment score when there is a reference. */
export interface CheckedPhoto extends CapturedPhoto {
  quality: PhotoQuality | null;
}

/** The picture drawn (stretched if need be) at width × height, as grey values: what the measurements read. */
function greyOf(bitmap: ImageBitmap, width: number, height: number): GreyImage {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas to measure the photo');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return greyFromRgba(context.getImageData(0, 0, width, height).data, width, height);
}

/** The reference photo's pixels; null when it cannot be had (offline and not cached), then there is no score. */
async function referenceBitmap(url: string): Promise<ImageBitmap | null> {
  try {
    const response = await fetch(url);
    return response.ok ? await createImageBitmap(await response.blob()) : null;
  } catch {
    return null;
  }
}

/**
 * Measures a photo on the device, before it is queued (no network but the reference, which the browser
 * usually has already): sharpness and brightness with the thresholds the server uses too, and, with a
 * reference, the SSIM of both at the photo's measuring size. Videos and undecodable files pass unmeasured.
 */
export async function checkPhoto(photo: Omit<CapturedPhoto, 'alignmentScore'>, referenceUrl: string | null) {
  const unmeasured: CheckedPhoto = { ...photo, quality: null, alignmentScore: null };
  if (!photo.file.type.startsWith('image/')) return unmeasured;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo.file);
  } catch {
    return unmeasured;
  }
  try {
    const { width, height } = qualitySize(bitmap.width, bitmap.height);
    const grey = greyOf(bitmap, width, height);
    const reference = referenceUrl ? await referenceBitmap(referenceUrl) : null;
    const alignmentScore = reference ? structuralSimilarity(grey, greyOf(reference, width, height)) : null;
    reference?.close();
    return { ...photo, quality: measurePhotoQuality(grey), alignmentScore } satisfies CheckedPhoto;
  } finally {
    bitmap.close();
  }
}
