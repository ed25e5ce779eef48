/**
 * Writes the photo-quality fixture set (api/test/fixtures/photos/): rooms drawn as a phone would shoot them,
 * each sharp and well lit, a little soft, and dim (all good), then the same shot blurred (out of focus) and
 * dark (no light).
 * The thresholds in config/src/photo-quality.ts are set so that every good photo passes and every bad one
 * is caught. Run again only to change the set: `tsx scripts/make-photo-fixtures.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 1280;
const HEIGHT = 960;
const OUT = path.resolve(import.meta.dirname, '../api/test/fixtures/photos');

interface Room {
  name: string;
  wall: string;
  floor: string;
  shapes: string;
}

/** Four rooms of a rental: bedroom, kitchen, bathroom, living room (furniture as plain shapes). */
const ROOMS: Room[] = [
  {
    name: 'bedroom',
    wall: '#d9cbb5',
    floor: '#8a6a4a',
    shapes: `
      <rect x="180" y="470" width="620" height="260" rx="18" fill="#f4f1ea" stroke="#6b5b4b" stroke-width="6"/>
      <rect x="200" y="420" width="180" height="90" rx="20" fill="#ffffff" stroke="#999" stroke-width="4"/>
      <rect x="600" y="420" width="180" height="90" rx="20" fill="#ffffff" stroke="#999" stroke-width="4"/>
      <rect x="180" y="560" width="620" height="170" fill="#3f6fa0"/>
      <rect x="880" y="160" width="260" height="300" fill="#bfe3ff" stroke="#fff" stroke-width="14"/>
      <line x1="1010" y1="160" x2="1010" y2="460" stroke="#fff" stroke-width="10"/>
      <rect x="860" y="560" width="140" height="170" fill="#6b4a2f"/>
      <circle cx="930" cy="520" r="36" fill="#f2d16b"/>
      <rect x="300" y="180" width="300" height="200" fill="#2f4f4f" stroke="#c9a227" stroke-width="12"/>
      <text x="330" y="300" font-family="sans-serif" font-size="48" fill="#f0e68c">HOME</text>`,
  },
  {
    name: 'kitchen',
    wall: '#eef0e8',
    floor: '#b0aaa0',
    shapes: `
      <rect x="80" y="430" width="1120" height="300" fill="#4d6a7a"/>
      <rect x="80" y="410" width="1120" height="30" fill="#d6d2c4"/>
      ${[0, 1, 2, 3, 4, 5].map((door) => `<rect x="${100 + door * 183}" y="470" width="160" height="240" fill="#5f7f90" stroke="#2e3f48" stroke-width="4"/><circle cx="${240 + door * 183}" cy="590" r="8" fill="#ddd"/>`).join('')}
      ${[0, 1, 2, 3].map((door) => `<rect x="${100 + door * 200}" y="110" width="180" height="200" fill="#5f7f90" stroke="#2e3f48" stroke-width="4"/>`).join('')}
      <rect x="900" y="120" width="260" height="200" fill="#cfeaff" stroke="#fff" stroke-width="12"/>
      <ellipse cx="640" cy="395" rx="70" ry="18" fill="#c0c0c0"/>
      <rect x="560" y="330" width="60" height="80" fill="#b22222"/>
      <rect x="700" y="340" width="40" height="70" fill="#228b22"/>`,
  },
  {
    name: 'bathroom',
    wall: '#f2f6f7',
    floor: '#707a80',
    shapes: `
      ${Array.from({ length: 12 }, (_, column) => Array.from({ length: 6 }, (_, row) => `<rect x="${column * 107}" y="${row * 80}" width="105" height="78" fill="#e4eef2" stroke="#b8c6cc" stroke-width="2"/>`).join('')).join('')}
      <rect x="140" y="420" width="520" height="240" rx="60" fill="#ffffff" stroke="#9aa" stroke-width="6"/>
      <rect x="820" y="380" width="220" height="80" rx="10" fill="#fff" stroke="#9aa" stroke-width="5"/>
      <rect x="860" y="120" width="140" height="220" rx="8" fill="#d8ecf5" stroke="#777" stroke-width="6"/>
      <rect x="880" y="470" width="100" height="260" fill="#e9e9e9" stroke="#999" stroke-width="4"/>
      <rect x="700" y="200" width="24" height="180" fill="#caa472"/>
      <rect x="690" y="380" width="44" height="120" fill="#7fb3d5"/>`,
  },
  {
    name: 'living-room',
    wall: '#c9d6c3',
    floor: '#6e5a44',
    shapes: `
      <rect x="120" y="440" width="700" height="220" rx="30" fill="#8b3a3a"/>
      <rect x="120" y="380" width="700" height="110" rx="30" fill="#a04848"/>
      <rect x="200" y="470" width="150" height="110" rx="16" fill="#e8c070"/>
      <rect x="580" y="470" width="150" height="110" rx="16" fill="#70a0e8"/>
      <rect x="900" y="420" width="260" height="160" fill="#222"/>
      <rect x="915" y="435" width="230" height="130" fill="#3b4d63"/>
      <rect x="950" y="580" width="160" height="150" fill="#5a4632"/>
      <ellipse cx="470" cy="740" rx="220" ry="40" fill="#4a3b2c"/>
      <rect x="160" y="120" width="200" height="160" fill="#f5deb3" stroke="#333" stroke-width="8"/>
      <rect x="420" y="100" width="340" height="200" fill="#87a96b" stroke="#333" stroke-width="8"/>
      <polygon points="440,280 560,160 640,240 740,150 740,280" fill="#556b2f"/>`,
  },
];

/** A room as an SVG, with floorboards drawn in so the floor has edges too. */
function roomSvg(room: Room): string {
  const boards = Array.from({ length: 16 }, (_, board) => {
    const x = board * 80;
    return `<line x1="${x}" y1="730" x2="${x - 120}" y2="${HEIGHT}" stroke="#00000033" stroke-width="3"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="${WIDTH}" height="730" fill="${room.wall}"/>
    <rect y="730" width="${WIDTH}" height="${HEIGHT - 730}" fill="${room.floor}"/>${boards}
    ${room.shapes}
  </svg>`;
}

/** The room as a phone would shoot it: a little sensor noise, a little light fall-off. */
async function goodShot(room: Room): Promise<Buffer> {
  const drawn = await sharp(Buffer.from(roomSvg(room)))
    .removeAlpha()
    .raw()
    .toBuffer();
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 6 },
    },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(drawn.length);
  for (let index = 0; index < drawn.length; index += 1) {
    pixels[index] = Math.max(0, Math.min(255, drawn[index]! + noise[index]! - 128));
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function main() {
  await mkdir(OUT, { recursive: true });
  for (const room of ROOMS) {
    const good = await goodShot(room);
    await writeFile(path.join(OUT, `good-${room.name}.jpg`), good);
    await writeFile(
      path.join(OUT, `blurry-${room.name}.jpg`),
      await sharp(good).blur(9).jpeg({ quality: 85 }).toBuffer(),
    );
    // Still good: a little soft (a phone's focus is never perfect) and dim (an evening room).
    await writeFile(
      path.join(OUT, `good-soft-${room.name}.jpg`),
      await sharp(good).blur(1.2).jpeg({ quality: 85 }).toBuffer(),
    );
    await writeFile(
      path.join(OUT, `good-dim-${room.name}.jpg`),
      await sharp(good).modulate({ brightness: 0.5 }).jpeg({ quality: 85 }).toBuffer(),
    );
    await writeFile(
      path.join(OUT, `dark-${room.name}.jpg`),
      await sharp(good).modulate({ brightness: 0.18 }).jpeg({ quality: 85 }).toBuffer(),
    );
  }
}

await main();
