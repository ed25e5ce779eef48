import { measurePhotoQuality, qualitySize, type PhotoQuality } from '@turnproof/config/photo-quality';
import sharp from 'sharp';
import sharpPhash from 'sharp-phash';

type PhotoInput = Buffer | string;

// sharp-phash is CommonJS (`module.exports = phash`) typed as an ES default export: under nodenext the
// default import is the function itself, which its types call `.default`.
const phash = sharpPhash as unknown as typeof sharpPhash.default;

/**
 * Sharpness, brightness and their flags for a photo's bytes (or file): grey and downscaled to qualitySize,
 * as the phone measures a canvas, so the server flags what the phone would have.
 */
export async function measureStoredPhoto(input: PhotoInput): Promise<PhotoQuality> {
  const image = sharp(input);
  const { width = 0, height = 0 } = await image.metadata();
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
  const bits = await phash(input);
  return BigInt(`0b${bits}`).toString(16).padStart(16, '0');
}

/** Two photos whose hashes differ in at most this many of 64 bits are the same picture. */
export const REUSED_MAX_DISTANCE = 6;
