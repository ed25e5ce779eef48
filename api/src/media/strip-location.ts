import { MAX_IMAGE_PIXELS } from '@turnproof/config';
import sharp from 'sharp';

/** Re-encoding quality: the served original stays close to what the camera took. */
const QUALITY = 92;

/** Formats written back as they came; the others (GIF, AVIF, HEIC) become JPEG. */
const REWRITABLE = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/**
 * The photo without its metadata (EXIF GPS above all), for owners who do not keep location: turned
 * upright first, since the orientation tag goes with the rest, colour profile kept. The location and time
 * read from EXIF stay in the media row. Null when the photo carries no EXIF (nothing to strip).
 */
export async function withoutLocation(
  file: string,
  contentType: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const image = sharp(file, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
  const { exif, xmp } = await image.metadata();
  if (!exif && !xmp) return null;
  const format = REWRITABLE[contentType as keyof typeof REWRITABLE] ?? 'jpeg';
  const bytes = await image.rotate().keepIccProfile().toFormat(format, { quality: QUALITY }).toBuffer();
  return { bytes, contentType: `image/${format}` };
}
