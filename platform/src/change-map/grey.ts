import { MAX_IMAGE_PIXELS } from '@turnproof/config';
import sharp from 'sharp';

/** A grey image as floats (0–255), row by row. */
export interface Grey {
  width: number;
  height: number;
  data: Float32Array;
}

/** The photo upright (EXIF orientation), `width` pixels wide, grey and blurred by `sigma` (noise and JPEG blocks out). */
export async function readGrey(input: Buffer, width: number, sigma: number): Promise<Grey> {
  const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width })
    .greyscale()
    .blur(sigma)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = new Float32Array(info.width * info.height);
  for (let index = 0; index < grey.length; index++) grey[index] = data[index * info.channels] ?? 0;
  return { width: info.width, height: info.height, data: grey };
}

/** Bilinear sample of `image` at (x, y), or NaN outside it. */
export function sample(image: Grey, x: number, y: number): number {
  if (x < 0 || y < 0 || x > image.width - 1 || y > image.height - 1) return Number.NaN;
  const x0 = Math.min(Math.floor(x), image.width - 2);
  const y0 = Math.min(Math.floor(y), image.height - 2);
  const fx = x - x0;
  const fy = y - y0;
  const row = y0 * image.width + x0;
  const d = image.data;
  const top = (d[row] ?? 0) * (1 - fx) + (d[row + 1] ?? 0) * fx;
  const bottom = (d[row + image.width] ?? 0) * (1 - fx) + (d[row + image.width + 1] ?? 0) * fx;
  return top * (1 - fy) + bottom * fy;
}
