import sharp from 'sharp';

/** The scene is drawn larger than a shot, so a shifted or turned shot is still all room. */
const SCENE = { width: 1400, height: 1050 };
export const SHOT = { width: 1000, height: 750 };
/** The lamp on the side table, in scene pixels: the object a move-out shot is missing. */
const LAMP = { x: 930, y: 430, width: 110, height: 250 };

/** A synthetic room: wall, floor boards, a window, a framed picture, a sofa, a rug, a side table and a lamp. */
function roomSvg(withLamp: boolean): string {
  const boards = Array.from(
    { length: 28 },
    (_, i) => `<line x1="${i * 55}" y1="700" x2="${i * 55 - 120}" y2="1050" stroke="#8a6a45" stroke-width="3"/>`,
  ).join('');
  const lamp = withLamp
    ? `<rect x="975" y="560" width="20" height="120" fill="#3b3b3b"/>
       <polygon points="930,560 1040,560 1010,430 960,430" fill="#8d2b2b" stroke="#5e1b1b" stroke-width="4"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE.width}" height="${SCENE.height}">
    <defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d9e4ec"/><stop offset="1" stop-color="#aebfcc"/></linearGradient></defs>
    <rect width="${SCENE.width}" height="700" fill="url(#wall)"/>
    <rect y="700" width="${SCENE.width}" height="350" fill="#b98b5a"/>${boards}
    <rect x="180" y="160" width="300" height="260" fill="#7fb2e5" stroke="#ffffff" stroke-width="16"/>
    <line x1="330" y1="160" x2="330" y2="420" stroke="#ffffff" stroke-width="10"/>
    <rect x="640" y="200" width="200" height="150" fill="#3d6b4f" stroke="#5a3b1c" stroke-width="14"/>
    <circle cx="740" cy="275" r="40" fill="#e9c46a"/>
    <rect x="300" y="540" width="480" height="190" rx="30" fill="#9c4a3c"/>
    <rect x="330" y="500" width="420" height="90" rx="20" fill="#b4584a"/>
    <ellipse cx="560" cy="880" rx="330" ry="90" fill="#2a9d8f"/>
    <ellipse cx="560" cy="880" rx="220" ry="55" fill="#e76f51"/>
    <rect x="900" y="680" width="180" height="20" fill="#5a3b1c"/>
    <rect x="915" y="700" width="16" height="120" fill="#5a3b1c"/>
    <rect x="1050" y="700" width="16" height="120" fill="#5a3b1c"/>
    ${lamp}
  </svg>`;
}

export interface Shot {
  jpeg: Buffer;
  /** Where the lamp is in the shot, in fractions of its size (as the change map reports boxes). */
  lamp: { x: number; y: number; width: number; height: number };
}

/**
 * A photo of the room: the centre of the scene, moved by (dx, dy) of the shot's size and turned by
 * `degrees` about the scene's centre, as a handheld phone would frame it again.
 */
export async function shootRoom({
  withLamp = true,
  dx = 0,
  dy = 0,
  degrees = 0,
}: {
  withLamp?: boolean;
  dx?: number;
  dy?: number;
  degrees?: number;
}): Promise<Shot> {
  const turned = await sharp(Buffer.from(roomSvg(withLamp)))
    .rotate(degrees, { background: '#000000' })
    .png()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round((turned.info.width - SHOT.width) / 2 + dx * SHOT.width);
  const top = Math.round((turned.info.height - SHOT.height) / 2 + dy * SHOT.height);
  const jpeg = await sharp(turned.data)
    .extract({ left, top, width: SHOT.width, height: SHOT.height })
    .jpeg({ quality: 88 })
    .toBuffer();
  // The lamp's box without turning (the tests only turn shots that keep the lamp's place within tolerance).
  const baseLeft = (SCENE.width - SHOT.width) / 2 + dx * SHOT.width;
  const baseTop = (SCENE.height - SHOT.height) / 2 + dy * SHOT.height;
  return {
    jpeg,
    lamp: {
      x: (LAMP.x - baseLeft) / SHOT.width,
      y: (LAMP.y - baseTop) / SHOT.height,
      width: LAMP.width / SHOT.width,
      height: LAMP.height / SHOT.height,
    },
  };
}
