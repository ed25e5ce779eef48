import { type Grey } from './grey.ts';

/** A rectangle in fractions (0–1) of an image's width and height. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Grey levels (0–255, after matching brightness) a pixel must change by to count as changed. */
export const CHANGE_THRESHOLD = 40;
/** Changed areas smaller than this share of the frame are noise, reflections or a misaligned edge. */
export const MIN_REGION_SHARE = 0.004;
/** Boxes closer than this share of the frame are one change (a removed object leaves pieces). */
const MERGE_GAP = 0.03;

/** Shifts `later`'s grey levels to `earlier`'s mean and spread over the pixels both show (a lamp on or off is no change). */
function matchBrightness(earlier: Grey, later: Grey): Float32Array {
  const stats = (data: Float32Array) => {
    let count = 0;
    let sum = 0;
    let squares = 0;
    for (let index = 0; index < data.length; index++) {
      const value = later.data[index] ?? Number.NaN;
      if (Number.isNaN(value)) continue;
      const own = data[index] ?? 0;
      count++;
      sum += own;
      squares += own * own;
    }
    const mean = sum / Math.max(count, 1);
    return { mean, spread: Math.sqrt(Math.max(squares / Math.max(count, 1) - mean * mean, 1)) };
  };
  const a = stats(earlier.data);
  const b = stats(later.data);
  return later.data.map((value) => (value - b.mean) * (a.spread / b.spread) + a.mean);
}

/**
 * Pixels that changed: the difference to the closest of the later image's 3×3 neighbours, so a sub-pixel
 * misalignment along an edge is no change; pixels the later shot does not reach never count.
 */
export function changedPixels(earlier: Grey, warped: Grey): Uint8Array {
  const { width, height } = earlier;
  const later = matchBrightness(earlier, warped);
  const changed = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const a = earlier.data[y * width + x] ?? 0;
      let closest = Infinity;
      for (let ny = y - 1; ny <= y + 1; ny++) {
        for (let nx = x - 1; nx <= x + 1; nx++) {
          const b = later[ny * width + nx] ?? Number.NaN;
          // A neighbour outside the later shot: the pixel is on its edge, which is never a change.
          closest = Number.isNaN(b) ? 0 : Math.min(closest, Math.abs(a - b));
        }
      }
      if (closest > CHANGE_THRESHOLD) changed[y * width + x] = 1;
    }
  }
  return changed;
}

/** The bounding boxes (in pixels) and sizes of the 8-connected areas of `mask`. */
function components(mask: Uint8Array, width: number, height: number) {
  const seen = new Uint8Array(mask.length);
  const found: { x0: number; y0: number; x1: number; y1: number; area: number }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const part = { x0: width, y0: height, x1: 0, y1: 0, area: 0 };
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const index = stack.pop() ?? 0;
      const x = index % width;
      const y = (index - x) / width;
      part.area++;
      part.x0 = Math.min(part.x0, x);
      part.x1 = Math.max(part.x1, x);
      part.y0 = Math.min(part.y0, y);
      part.y1 = Math.max(part.y1, y);
      for (let ny = Math.max(y - 1, 0); ny <= Math.min(y + 1, height - 1); ny++) {
        for (let nx = Math.max(x - 1, 0); nx <= Math.min(x + 1, width - 1); nx++) {
          const next = ny * width + nx;
          if (mask[next] && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    found.push(part);
  }
  return found;
}

const near = (a: Box, b: Box) =>
  a.x - MERGE_GAP < b.x + b.width &&
  b.x - MERGE_GAP < a.x + a.width &&
  a.y - MERGE_GAP < b.y + b.height &&
  b.y - MERGE_GAP < a.y + a.height;

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** Merges boxes that touch or nearly touch until none do. */
function mergeBoxes(boxes: Box[]): Box[] {
  const merged = [...boxes];
  for (let i = 0; i < merged.length; i++) {
    for (let j = i + 1; j < merged.length; j++) {
      const [a, b] = [merged[i], merged[j]];
      if (a && b && near(a, b)) {
        merged[i] = union(a, b);
        merged.splice(j, 1);
        j = i; // The grown box may now reach boxes already passed.
      }
    }
  }
  return merged;
}

/**
 * The changed regions of a mask as boxes in fractions of the frame: pieces that, merged with their
 * neighbours, still cover less than MIN_REGION_SHARE of the frame are left out. Largest first.
 */
export function changeBoxes(mask: Uint8Array, width: number, height: number): Box[] {
  const pieces = components(mask, width, height);
  const boxes = mergeBoxes(
    pieces.map((part) => ({
      x: part.x0 / width,
      y: part.y0 / height,
      width: (part.x1 + 1 - part.x0) / width,
      height: (part.y1 + 1 - part.y0) / height,
    })),
  );
  // Changed pixels inside each merged box, so a scatter of specks does not add up to a box.
  const changedIn = (box: Box) =>
    pieces
      .filter((part) => near(box, { x: part.x0 / width, y: part.y0 / height, width: 0, height: 0 }))
      .reduce((sum, part) => sum + part.area, 0);
  return boxes
    .filter((box) => changedIn(box) >= MIN_REGION_SHARE * width * height)
    .sort((a, b) => b.width * b.height - a.width * a.height);
}
