import { type Alignment, align, pointMapper, warp } from './align.ts';
import { type Grey, readGreyLevels } from './grey.ts';
import { type Box, changeBoxes, changedPixels } from './regions.ts';

/** Widths the photos are aligned at, coarse to fine; the last is also the one compared. */
const WIDTHS = [64, 128, 256];

/** A changed area: where it is in the earlier photo and in the later one (fractions of each). */
export interface ChangeRegion {
  before: Box;
  after: Box;
}

export interface ChangeMap {
  alignment: Alignment;
  regions: ChangeRegion[];
}

/** The box `box` of the earlier photo as it lies in the later one: the bounding box of its mapped corners. */
function boxInLater(box: Box, alignment: Alignment, aspect: number): Box {
  const map = pointMapper(alignment, aspect);
  const corners = [
    map(box.x, box.y),
    map(box.x + box.width, box.y),
    map(box.x, box.y + box.height),
    map(box.x + box.width, box.y + box.height),
  ];
  const clamp = (value: number) => Math.min(Math.max(value, 0), 1);
  const x0 = clamp(Math.min(...corners.map((c) => c.x)));
  const y0 = clamp(Math.min(...corners.map((c) => c.y)));
  const x1 = clamp(Math.max(...corners.map((c) => c.x)));
  const y1 = clamp(Math.max(...corners.map((c) => c.y)));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * What changed between two shots of the same view: the later shot aligned onto the earlier one (a
 * correlation search over shift and turn, see align.ts), the blurred grey images compared, and the
 * changed pixels grouped into boxes. Both photos are read at the earlier one's aspect.
 */
export async function computeChangeMap(earlier: Buffer, later: Buffer): Promise<ChangeMap> {
  const [earlierLevels, laterLevels] = await Promise.all([
    readGreyLevels(earlier, WIDTHS, 1.5),
    readGreyLevels(later, WIDTHS, 1.5),
  ]);
  const levels = earlierLevels.map((grey, level): [Grey, Grey] => [grey, laterLevels[level]!]);
  // A portrait and a landscape shot are not two shots of one view.
  if (levels.some(([a, b]) => a.height !== b.height)) return { alignment: { angle: 0, dx: 0, dy: 0 }, regions: [] };
  const alignment = align(levels);
  const [fineA, fineB] = levels.at(-1) as [Grey, Grey];
  const mask = changedPixels(fineA, warp(fineB, alignment));
  const aspect = fineA.width / fineA.height;
  return {
    alignment,
    regions: changeBoxes(mask, fineA.width, fineA.height).map((box) => ({
      before: box,
      after: boxInLater(box, alignment, aspect),
    })),
  };
}
