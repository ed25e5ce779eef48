import { randomUUID } from 'node:crypto';
import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_IMAGE_PIXELS } from '@turnproof/config';
import sharp from 'sharp';
import type { PhotoPixels } from '../media/photo-measures.ts';
import { mapWithConcurrency } from './map-with-concurrency.ts';

// Every photo is read once: libvips' operation cache (50 MB by default) would only keep photos alive.
sharp.cache(false);

/** Long side of an embedded photo: sharp in print at the grid's size, small enough to keep the PDF light. */
export const REPORT_PHOTO_MAX_PIXELS = 1000;
export const REPORT_PHOTO_JPEG_QUALITY = 72;

/**
 * A photo decoded for the report: turned upright according to its EXIF orientation and downscaled to the
 * report's size, never enlarged. A JPEG decodes at a fraction of its size (shrink-on-load), so this is the
 * cheap decode that the photo's checks measure too (see checkPhoto).
 */
export async function reportPhotoPixels(bytes: Buffer): Promise<PhotoPixels> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({
      width: REPORT_PHOTO_MAX_PIXELS,
      height: REPORT_PHOTO_MAX_PIXELS,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/** The report's JPEG of decoded pixels: without metadata (raw pixels carry no EXIF, GPS or the rest). */
export async function encodeReportPhoto({ data, info }: PhotoPixels): Promise<Buffer> {
  return sharp(data, { raw: info }).jpeg({ quality: REPORT_PHOTO_JPEG_QUALITY }).toBuffer();
}

/** Downscales a photo for the report as a JPEG, upright and without metadata. */
export async function downscaleReportPhoto(bytes: Buffer): Promise<Buffer> {
  return encodeReportPhoto(await reportPhotoPixels(bytes));
}

/** sharp works on libuv's thread pool (4 threads by default); more photos at once only queue and use memory. */
export const PHOTO_CONCURRENCY = 4;

/** What the report reads of a photo: its original, and the copy already downscaled when there is one. */
interface PhotoSource {
  read: () => Promise<Buffer>;
  readReportCopy?: () => Promise<Buffer | null>;
}

/** The downscaled photo (the copy made when it was checked, else made now), or null when its bytes are not a readable image. */
async function readableReportPhoto(photo: PhotoSource): Promise<Buffer | null> {
  const copy = await photo.readReportCopy?.();
  if (copy) return copy;
  try {
    return await downscaleReportPhoto(await photo.read());
  } catch {
    // A corrupt upload would fail the report on every retry; the report shows a placeholder instead.
    return null;
  }
}

const dataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

/** Each photo as a data: URL (null for one that is not a readable image), all held in memory: for small documents. */
export async function reportPhotoDataUrls<T extends PhotoSource>(photos: readonly T[]): Promise<Map<T, string | null>> {
  const jpegs = await mapWithConcurrency(photos, PHOTO_CONCURRENCY, (photo) => readableReportPhoto(photo));
  return new Map(photos.map((photo, index) => [photo, jpegs[index] ? dataUrl(jpegs[index]) : null]));
}

export interface SpooledPhotos<T> {
  /** What a document puts in each photo's `src` (a placeholder), or null for a photo that is not a readable image. */
  sources: Map<T, string | null>;
  /** Writes `markup` to `file` with every placeholder replaced by its photo as a data: URL, one photo at a time. */
  writeDocument(markup: string, file: string): Promise<void>;
}

/**
 * Downscales the photos into `folder`, a few at a time, so that a run's 300 photos never sit in memory
 * together: neither as originals, nor downscaled, nor inside one huge HTML string (with its copies).
 */
export async function spoolReportPhotos<T extends PhotoSource>(
  photos: readonly T[],
  folder: string,
): Promise<SpooledPhotos<T>> {
  // A random placeholder: escaped user text can never contain it.
  const placeholder = `turnproof-photo-${randomUUID()}-`;
  const sources = await mapWithConcurrency(photos, PHOTO_CONCURRENCY, async (photo, index) => {
    const jpeg = await readableReportPhoto(photo);
    if (!jpeg) return null;
    await writeFile(join(folder, `${index}.jpg`), jpeg);
    return `${placeholder}${index}`;
  });
  return {
    sources: new Map(photos.map((photo, index) => [photo, sources[index] ?? null])),
    async writeDocument(markup, file) {
      const out = await open(file, 'w');
      try {
        let written = 0;
        for (const match of markup.matchAll(new RegExp(`${placeholder}(\\d+)`, 'g'))) {
          await out.write(markup.slice(written, match.index));
          await out.write(dataUrl(await readFile(join(folder, `${match[1]}.jpg`))));
          written = match.index + match[0].length;
        }
        await out.write(markup.slice(written));
      } finally {
        await out.close();
      }
    },
  };
}
