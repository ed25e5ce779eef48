import { MAX_IMAGE_PIXELS } from '@turnproof/config';
import sharp from 'sharp';

/** Long side of an embedded photo: sharp in print at the grid's size, small enough to keep the PDF light. */
export const REPORT_PHOTO_MAX_PIXELS = 1000;
export const REPORT_PHOTO_JPEG_QUALITY = 72;

/**
 * Downscales a photo for the report as a JPEG: turned upright according to its EXIF orientation,
 * never enlarged, and without metadata (sharp drops EXIF, GPS and the rest unless asked to keep them).
 */
export async function downscaleReportPhoto(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({
      width: REPORT_PHOTO_MAX_PIXELS,
      height: REPORT_PHOTO_MAX_PIXELS,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .jpeg({ quality: REPORT_PHOTO_JPEG_QUALITY })
    .toBuffer();
}

/** The photo as a data: URL, or null when its bytes are not a readable image. */
export async function reportPhotoDataUrl(read: () => Promise<Buffer>): Promise<string | null> {
  try {
    const jpeg = await downscaleReportPhoto(await read());
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    // A corrupt upload would fail the report on every retry; the report shows a placeholder instead.
    return null;
  }
}
