import sharp, { type Sharp } from 'sharp';

/** Sample files for the media tests, made in memory. */

export function solidImage(width: number, height: number): Sharp {
  return sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } });
}

/** Random pixels: a JPEG of real size, so cutting it short leaves the header intact. */
export function noiseImage(width: number, height: number): Sharp {
  return sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });
}

/** 48°51'24" N, 2°21'3" E (Paris) when refs are N and E. */
export function jpegWithGps(
  latitudeRef = 'N',
  longitudeRef = 'E',
  extra: Record<string, string> = {},
): Promise<Buffer> {
  return solidImage(64, 32)
    .jpeg()
    .withExif({
      IFD2: { DateTimeOriginal: '2024:05:06 07:08:09', ...extra },
      IFD3: {
        GPSLatitudeRef: latitudeRef,
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: longitudeRef,
        GPSLongitude: '2/1 21/1 300/100',
      },
    })
    .toBuffer();
}

/** An ISO base media file: an ftyp box with the given brands, then a free box and an empty mdat. */
export function isoMediaFile(majorBrand: string, ...compatibleBrands: string[]): Buffer {
  const ftyp = Buffer.alloc(16 + 4 * compatibleBrands.length);
  ftyp.writeUInt32BE(ftyp.length, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(majorBrand, 8, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  compatibleBrands.forEach((brand, index) => ftyp.write(brand, 16 + 4 * index, 'latin1'));
  const free = Buffer.from([0, 0, 0, 8, ...Buffer.from('free')]);
  const mdat = Buffer.from([0, 0, 0, 16, ...Buffer.from('mdat'), ...Buffer.alloc(8)]);
  return Buffer.concat([ftyp, free, mdat]);
}

/** An EBML header with the given DocType ('webm' or 'matroska'), then an open-ended Segment. */
export function ebmlFile(docType: string): Buffer {
  const body = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 1]), // EBMLVersion 1
    Buffer.from([0x42, 0xf7, 0x81, 1]), // EBMLReadVersion 1
    Buffer.from([0x42, 0xf2, 0x81, 4]), // EBMLMaxIDLength 4
    Buffer.from([0x42, 0xf3, 0x81, 8]), // EBMLMaxSizeLength 8
    Buffer.from([0x42, 0x82, 0x80 | docType.length]),
    Buffer.from(docType, 'latin1'),
    Buffer.from([0x42, 0x87, 0x81, 4]), // DocTypeVersion 4
    Buffer.from([0x42, 0x85, 0x81, 2]), // DocTypeReadVersion 2
  ]);
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, segment, Buffer.alloc(64)]);
}
