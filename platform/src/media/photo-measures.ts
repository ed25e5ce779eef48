import { measurePhotoQuality, qualitySize, type PhotoQuality } from '@turnproof/config/photo-quality';
import sharp from 'sharp';
import sharpPhash from 'sharp-phash';

/** A photo's decoded pixels, as sharp reads them back with `{ raw: info }`. */
export interface PhotoPixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** A photo's bytes, its file, or its pixels already decoded (one decode for all of a photo's measures). */
type PhotoInput = Buffer | string | PhotoPixels;

const isPixels = (input: PhotoInput): input is PhotoPixels => typeof input === 'object' && 'info' in input;
const sharpOf = (input: PhotoInput) => (isPixels(input) ? sharp(input.data, { raw: input.info }) : sharp(input));

// sharp-phash is CommonJS (`module.exports = phash`) typed as an ES default export: under nodenext the
// default import is the function itself, which its types call `.default`.
const phash = sharpPhash as unknown as typeof sharpPhash.default;

/**
 * Sharpness, brightness and their flags for a photo (bytes, file or pixels): grey and downscaled to qualitySize,
 * as the phone measures a canvas, so the server flags what the phone would have.
 */
export async function measureStoredPhoto(input: PhotoInput): Promise<PhotoQuality> {
  const image = sharpOf(input);
  const { width = 0, height = 0 } = isPixels(input) ? input.info : await image.metadata();
  const size = qualitySize(width, height);
  const { data, info } = await image
    .resize(size.width, size.height, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return measurePhotoQuality({ width: info.width, height: info.height, data });
}

/** A 64-bit DCT perceptual hash (sharp-phash) as 16 hex digits: re-encoding or resizing moves only a few bits. */
export async function perceptualHash(input: PhotoInput): Promise<string> {
  const bits = isPixels(input) ? await phash(input.data, { raw: input.info }) : await phash(input);
  return BigInt(`0b${bits}`).toString(16).padStart(16, '0');
}

/** Two photos whose hashes differ in at most this many of 64 bits are the same picture. */
export const REUSED_MAX_DISTANCE = 6;
