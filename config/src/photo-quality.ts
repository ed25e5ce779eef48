/**
 * How sharp and how bright a photo is, measured the same way on the phone (from a canvas) and on the server
 * (from sharp's raw output), so both flag the same photos. Pure arithmetic on a grey, downscaled image: no
 * browser or Node API here.
 */

/** A grey image: one luminance value (0–255) a pixel, row by row. */
export interface GreyImage {
  width: number;
  height: number;
  data: ArrayLike<number>;
}

/** Photos are measured downscaled so that their longer side is this many pixels (cheap, and resolution-free). */
export const QUALITY_LONG_SIDE = 256;

/**
 * Below these a photo is flagged. Set from the fixture set of good and bad photos that lands with the tests
 * (see the photo-quality tests): every sharp, well-lit fixture passes and every blurred or dark one is caught.
 */
export const PHOTO_QUALITY_THRESHOLDS = {
  /** Variance of the Laplacian of the downscaled grey image. */
  minSharpness: 40,
  /** Mean luminance, 0–255. */
  minBrightness: 50,
} as const;

export type QualityFlag = 'blurry' | 'dark';

export interface PhotoQuality {
  sharpness: number;
  brightness: number;
  flags: QualityFlag[];
}

/** The width and height a photo is measured at: its longer side QUALITY_LONG_SIDE, never enlarged. */
export function qualitySize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, QUALITY_LONG_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Rec. 601 luma of RGBA pixels (a canvas's ImageData). */
export function greyFromRgba(rgba: ArrayLike<number>, width: number, height: number): GreyImage {
  const data = new Float32Array(width * height);
  for (let pixel = 0, byte = 0; pixel < data.length; pixel += 1, byte += 4) {
    data[pixel] = 0.299 * rgba[byte]! + 0.587 * rgba[byte + 1]! + 0.114 * rgba[byte + 2]!;
  }
  return { width, height, data };
}

/** Variance of the 4-neighbour Laplacian over the inner pixels: low when edges are soft (blur, shake). */
export function laplacianVariance({ width, height, data }: GreyImage): number {
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let sumOfSquares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const at = y * width + x;
      const laplacian = data[at - width]! + data[at + width]! + data[at - 1]! + data[at + 1]! - 4 * data[at]!;
      sum += laplacian;
      sumOfSquares += laplacian * laplacian;
      count += 1;
    }
  }
  const mean = sum / count;
  return sumOfSquares / count - mean * mean;
}

export function meanLuminance({ data }: GreyImage): number {
  let sum = 0;
  for (let index = 0; index < data.length; index += 1) sum += data[index]!;
  return data.length === 0 ? 0 : sum / data.length;
}

/** Sharpness, brightness and the flags they earn, for a grey image already at qualitySize. */
export function measurePhotoQuality(image: GreyImage): PhotoQuality {
  const sharpness = laplacianVariance(image);
  const brightness = meanLuminance(image);
  const flags: QualityFlag[] = [];
  // A dark photo has few edges too: call it dark, not also blurry, so the cleaner gets the one useful hint.
  if (brightness < PHOTO_QUALITY_THRESHOLDS.minBrightness) flags.push('dark');
  else if (sharpness < PHOTO_QUALITY_THRESHOLDS.minSharpness) flags.push('blurry');
  return { sharpness, brightness, flags };
}

/**
 * Mean structural similarity (SSIM, Wang et al. 2004) of two grey images of the same size, over 8×8 windows
 * stepping by 4: 1 for the same picture, near 0 for unrelated ones. Used as the alignment score of a photo
 * taken against a reference.
 */
export function structuralSimilarity(a: GreyImage, b: GreyImage): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('SSIM needs two images of the same size');
  const window = 8;
  const step = 4;
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let windows = 0;
  for (let top = 0; top + window <= a.height; top += step) {
    for (let left = 0; left + window <= a.width; left += step) {
      let sumA = 0;
      let sumB = 0;
      let sumAA = 0;
      let sumBB = 0;
      let sumAB = 0;
      for (let y = top; y < top + window; y += 1) {
        for (let x = left; x < left + window; x += 1) {
          const va = a.data[y * a.width + x]!;
          const vb = b.data[y * b.width + x]!;
          sumA += va;
          sumB += vb;
          sumAA += va * va;
          sumBB += vb * vb;
          sumAB += va * vb;
        }
      }
      const n = window * window;
      const meanA = sumA / n;
      const meanB = sumB / n;
      const varianceA = sumAA / n - meanA * meanA;
      const varianceB = sumBB / n - meanB * meanB;
      const covariance = sumAB / n - meanA * meanB;
      total +=
        ((2 * meanA * meanB + c1) * (2 * covariance + c2)) /
        ((meanA * meanA + meanB * meanB + c1) * (varianceA + varianceB + c2));
      windows += 1;
    }
  }
  return windows === 0 ? 0 : total / windows;
}
