import { MAX_IMAGE_PIXELS } from '@turnproof/config';
import sharp from 'sharp';

export const THUMBNAIL_MAX_SIZE = 480;
export const THUMBNAIL_QUALITY = 75;

/**
 * A WebP thumbnail that fits in 480x480 (never enlarged), turned upright by the EXIF orientation. No
 * metadata is written (sharp keeps none unless asked), so EXIF GPS never leaves through a thumbnail.
 * Animated images give their first frame.
 */
export async function makeThumbnail(input: Buffer | string): Promise<Buffer> {
  return sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize(THUMBNAIL_MAX_SIZE, THUMBNAIL_MAX_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: THUMBNAIL_QUALITY })
    .toBuffer();
}
