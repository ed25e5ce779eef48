import { MAX_IMAGE_PIXELS } from '@turnproof/config';
import sharp from 'sharp';
import type { Box } from './regions.ts';

/** Height of each photo in the side-by-side image, in pixels. */
const PANEL_HEIGHT = 480;
const GAP = 12;
const OUTLINE = '#ff2d55';

async function panel(photo: Buffer) {
  const image = sharp(photo, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ height: PANEL_HEIGHT });
  const { data, info } = await image.jpeg().toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

/** Numbered outlines of `boxes` over a panel `width` wide, as an SVG sharp composites. */
function outlines(boxes: Box[], width: number): Buffer {
  const rects = boxes.map((box, index) => {
    const [x, y, w, h] = [box.x * width, box.y * PANEL_HEIGHT, box.width * width, box.height * PANEL_HEIGHT];
    return `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="none" stroke="${OUTLINE}" stroke-width="4"/>
      <rect x="${x.toFixed(1)}" y="${Math.max(y - 26, 0).toFixed(1)}" width="26" height="26" fill="${OUTLINE}"/>
      <text x="${(x + 13).toFixed(1)}" y="${(Math.max(y - 26, 0) + 19).toFixed(1)}" font-family="sans-serif" font-size="18" font-weight="bold" fill="#fff" text-anchor="middle">${index + 1}</text>`;
  });
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${PANEL_HEIGHT}">${rects.join('')}</svg>`,
  );
}

/**
 * The earlier and the later photo side by side, each changed region outlined and numbered on both (the
 * numbers are the order of the "possible changes" list). A JPEG.
 */
export async function renderSideBySide(
  earlier: Buffer,
  later: Buffer,
  regions: { before: Box; after: Box }[],
): Promise<Buffer> {
  const [left, right] = await Promise.all([panel(earlier), panel(later)]);
  return sharp({
    create: {
      width: left.width + GAP + right.width,
      height: PANEL_HEIGHT,
      channels: 3,
      background: '#ffffff',
    },
  })
    .composite([
      { input: left.data, left: 0, top: 0 },
      {
        input: outlines(
          regions.map((region) => region.before),
          left.width,
        ),
        left: 0,
        top: 0,
      },
      { input: right.data, left: left.width + GAP, top: 0 },
      {
        input: outlines(
          regions.map((region) => region.after),
          right.width,
        ),
        left: left.width + GAP,
        top: 0,
      },
    ])
    .jpeg({ quality: 82 })
    .toBuffer();
}
