import type { Grey } from './grey.ts';

/**
 * Where a point of the earlier photo is in the later one, in fractions of the image size: the later shot
 * turned by `angle` (radians) about the centre and moved by (dx, dy) of the width and height.
 */
export interface Alignment {
  angle: number;
  dx: number;
  dy: number;
}

/** Maps a point (fractions of the earlier photo) into the later photo under `alignment`, for an image of this aspect. */
export function pointMapper(alignment: Alignment, aspect: number) {
  const cos = Math.cos(alignment.angle);
  const sin = Math.sin(alignment.angle);
  return (x: number, y: number): { x: number; y: number } => {
    // Rotate in square units (x scaled by the aspect) so the angle is a true angle.
    const px = (x - 0.5) * aspect;
    const py = y - 0.5;
    return { x: (cos * px - sin * py) / aspect + 0.5 + alignment.dx, y: sin * px + cos * py + 0.5 + alignment.dy };
  };
}

/**
 * The same mapping as pointMapper, in pixels of an image of this size: the later image's (x, y) for the
 * earlier one's pixel (col, row) is (x0 + col * xPerCol + row * xPerRow, y0 + col * yPerCol + row *
 * yPerRow). An affine map, so the search's inner loops add instead of calling a closure per pixel.
 */
function pixelMap(width: number, height: number, alignment: Alignment) {
  const aspect = width / height;
  const cos = Math.cos(alignment.angle);
  const sin = Math.sin(alignment.angle);
  const spanX = width - 1;
  const spanY = height - 1;
  return {
    x0: (0.5 * (sin / aspect - cos) + 0.5 + alignment.dx) * spanX,
    xPerCol: cos,
    xPerRow: (-sin * spanX) / (aspect * spanY),
    y0: (-0.5 * (sin * aspect + cos) + 0.5 + alignment.dy) * spanY,
    yPerCol: (sin * aspect * spanY) / spanX,
    yPerRow: cos,
  };
}

/** Bilinear sample of a `width` x `height` image at (x, y), which the caller keeps inside it. */
function bilinear(data: Float32Array, width: number, height: number, x: number, y: number): number {
  // x | 0 floors: both are at least 0 here.
  const left = Math.min(x | 0, width - 2);
  const up = Math.min(y | 0, height - 2);
  const fx = x - left;
  const fy = y - up;
  const at = up * width + left;
  const top = data[at]! * (1 - fx) + data[at + 1]! * fx;
  const bottom = data[at + width]! * (1 - fx) + data[at + width + 1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * The later image resampled into the earlier one's frame (NaN where the later shot does not reach), into
 * `into` (the search passes one buffer for all its candidates). Both images have the same size.
 */
export function warp(later: Grey, alignment: Alignment, into = new Float32Array(later.width * later.height)): Grey {
  const { width, height, data } = later;
  const { x0, xPerCol, xPerRow, y0, yPerCol, yPerRow } = pixelMap(width, height, alignment);
  const maxX = width - 1;
  const maxY = height - 1;
  for (let row = 0, index = 0; row < height; row++) {
    const rowX = x0 + row * xPerRow;
    const rowY = y0 + row * yPerRow;
    for (let col = 0; col < width; col++, index++) {
      const x = rowX + col * xPerCol;
      const y = rowY + col * yPerCol;
      into[index] = x < 0 || y < 0 || x > maxX || y > maxY ? Number.NaN : bilinear(data, width, height, x, y);
    }
  }
  return { width, height, data: into };
}

/**
 * Normalised cross-correlation of the earlier image with the later one under `alignment`, over the pixels
 * both show; -1 when they share under half the frame (a large shift is no match). The later image is
 * warped into `scratch`, which the search reuses for its thousands of candidates.
 */
export function correlation(
  earlier: Grey,
  later: Grey,
  alignment: Alignment,
  scratch = new Float32Array(later.width * later.height),
): number {
  const warped = warp(later, alignment, scratch).data;
  const a = earlier.data;
  let count = 0;
  let sumA = 0;
  let sumB = 0;
  let sumAA = 0;
  let sumBB = 0;
  let sumAB = 0;
  for (let index = 0; index < warped.length; index++) {
    const b = warped[index]!;
    if (Number.isNaN(b)) continue;
    const value = a[index]!;
    count++;
    sumA += value;
    sumB += b;
    sumAA += value * value;
    sumBB += b * b;
    sumAB += value * b;
  }
  if (count < warped.length / 2) return -1;
  const covariance = sumAB - (sumA * sumB) / count;
  const spread = Math.sqrt((sumAA - (sumA * sumA) / count) * (sumBB - (sumB * sumB) / count));
  return spread > 0 ? covariance / spread : -1;
}

interface SearchRange {
  angles: number[];
  /** Shifts in pixels of this image, each way. */
  shifts: number;
  around: Alignment;
}

function best(earlier: Grey, later: Grey, { angles, shifts, around }: SearchRange): Alignment {
  let top = { alignment: around, score: -Infinity };
  const scratch = new Float32Array(later.width * later.height);
  for (const angle of angles) {
    for (let sy = -shifts; sy <= shifts; sy++) {
      for (let sx = -shifts; sx <= shifts; sx++) {
        const alignment = {
          angle: around.angle + angle,
          dx: around.dx + sx / earlier.width,
          dy: around.dy + sy / earlier.height,
        };
        const score = correlation(earlier, later, alignment, scratch);
        if (score > top.score) top = { alignment, score };
      }
    }
  }
  return top.alignment;
}

const DEGREE = Math.PI / 180;
const steps = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, index) => (from + index * step) * DEGREE);

/**
 * How the later shot sits against the earlier one: a search over shifts (up to an eighth of the frame)
 * and turns (up to 6°) maximising correlation on the smallest images, refined on each larger one around
 * the best so far. Handheld shots of the same view differ by that much; a different view matches poorly
 * anyway. `levels` go from the smallest image pair to the largest, each twice as wide as the one before.
 */
export function align(levels: [Grey, Grey][]): Alignment {
  let found: Alignment = { angle: 0, dx: 0, dy: 0 };
  levels.forEach(([earlier, later], level) => {
    const search =
      level === 0
        ? { angles: steps(-6, 6, 1.5), shifts: Math.round(earlier.width / 8) }
        : { angles: steps(-1.5 / 2 ** level, 1.5 / 2 ** level, 0.75 / 2 ** level), shifts: 2 };
    found = best(earlier, later, { ...search, around: found });
  });
  return found;
}
