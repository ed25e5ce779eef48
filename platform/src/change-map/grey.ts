import { MAX_IMAGE_PIXELS } from '@turnproof/config';
import sharp from 'sharp';

/** A grey image as floats (0–255), row by row. */
export interface Grey {
  width: number;
  height: number;
  data: Float32Array;
}

/**
 * The photo upright (EXIF orientation) and grey at each of `widths` (ascending), each blurred by `sigma`
 * (noise and JPEG blocks out). The photo is decoded once, at the largest width; the smaller ones are
 * scaled from that (a phone's 12 MP JPEG costs far more to decode than the rest together).
 */
export async function readGreyLevels(input: Buffer, widths: number[], sigma: number): Promise<Grey[]> {
  const largest = await sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: widths.at(-1) })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: largest.info.width, height: largest.info.height, channels: largest.info.channels };
  return Promise.all(
    widths.map(async (width) => {
      const { data, info } = await sharp(largest.data, { raw })
        .resize({ width })
        .greyscale()
        .blur(sigma)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const grey = new Float32Array(info.width * info.height);
      for (let index = 0; index < grey.length; index++) grey[index] = data[index * info.channels] ?? 0;
      return { width: info.width, height: info.height, data: grey };
    }),
  );
}
