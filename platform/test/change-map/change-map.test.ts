import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Box, computeChangeMap, renderSideBySide } from '../../src/change-map/index.ts';
import { shootRoom } from './room-scene.ts';

/** Share of `inner` that lies inside `outer`. */
function coverage(inner: Box, outer: Box): number {
  const width = Math.min(inner.x + inner.width, outer.x + outer.width) - Math.max(inner.x, outer.x);
  const height = Math.min(inner.y + inner.height, outer.y + outer.height) - Math.max(inner.y, outer.y);
  return (Math.max(width, 0) * Math.max(height, 0)) / (inner.width * inner.height);
}

/** Where the rendered images go for a person to look at (CHANGE_MAP_OUT=dir). */
async function keep(name: string, image: Buffer) {
  const folder = process.env.CHANGE_MAP_OUT;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, name), image);
}

describe('change map of a move-in and a move-out shot of the same room', () => {
  const moveIn = shootRoom({});

  it.each([
    { name: 'shifted', shot: { dx: 0.04, dy: -0.03 } },
    { name: 'turned', shot: { dx: -0.02, dy: 0.02, degrees: 3 } },
  ])('outlines the removed lamp, and nothing else, in a $name shot', async ({ name, shot }) => {
    const before = await moveIn;
    const after = await shootRoom({ ...shot, withLamp: false });
    const map = await computeChangeMap(before.jpeg, after.jpeg);

    expect(map.regions).toHaveLength(1);
    const [region] = map.regions;
    // The box holds most of the lamp in both photos and is not much larger than it.
    expect(coverage(before.lamp, region!.before)).toBeGreaterThan(0.8);
    expect(coverage(region!.before, before.lamp)).toBeGreaterThan(0.5);
    expect(coverage(after.lamp, region!.after)).toBeGreaterThan(0.7);
    const image = await renderSideBySide(before.jpeg, after.jpeg, map.regions);
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeGreaterThan(2 * meta.height!);
    await keep(`lamp-${name}.jpg`, image);
  });

  it('finds no change in a shifted and turned shot of the unchanged room', async () => {
    const before = await moveIn;
    const after = await shootRoom({ dx: -0.035, dy: 0.025, degrees: -2 });
    const map = await computeChangeMap(before.jpeg, after.jpeg);
    expect(map.regions).toEqual([]);
  });
});
