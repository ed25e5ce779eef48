import { type Grey, sample } from './grey.ts';

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
 * The later image resampled into the earlier one's frame (NaN where the later shot does not reach).
 * Both images have the same size.
 */
export function warp(later: Grey, alignment: Alignment): Grey {
  const { width, height } = later;
  const map = pointMapper(alignment, width / height);
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const point = map(x / (width - 1), y / (height - 1));
      data[y * width + x] = sample(later, point.x * (width - 1), point.y * (height - 1));
    }
  }
  return { width, height, data };
}

/**
 * Normalised cross-correlation of the earlier image with the later one under `alignment`, over the pixels
 * both show; -1 when they share under half the frame (a large shift is no match).
 */
export function correlation(earlier: Grey, later: Grey, alignment: Alignment): number {
  const warped = warp(later, alignment);
  let count = 0;
  let sumA = 0;
  let sumB = 0;
  let sumAA = 0;
  let sumBB = 0;
  let sumAB = 0;
  for (let index = 0; index < warped.data.length; index++) {
    const b = warped.data[index] ?? Number.NaN;
    if (Number.isNaN(b)) continue;
    const a = earlier.data[index] ?? 0;
    count++;
    sumA += a;
    sumB += b;
    sumAA += a * a;
    sumBB += b * b;
    sumAB += a * b;
  }
  if (count < warped.data.length / 2) return -1;
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
  for (const angle of angles) {
    for (let sy = -shifts; sy <= shifts; sy++) {
      for (let sx = -shifts; sx <= shifts; sx++) {
        const alignment = {
          angle: around.angle + angle,
          dx: around.dx + sx / earlier.width,
          dy: around.dy + sy / earlier.height,
        };
        const score = correlation(earlier, later, alignment);
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
