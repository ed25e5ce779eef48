import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeThumbnail } from '../../src/media/thumbnail.ts';
import { jpegWithGps, noiseImage, solidImage } from './samples.ts';

describe('makeThumbnail', () => {
  it('fits a large photo in 480x480 as WebP', async () => {
    const thumb = await makeThumbnail(await noiseImage(2000, 1000).jpeg().toBuffer());
    const metadata = await sharp(thumb).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 480, height: 240 });
  });

  it('fits a tall photo too', async () => {
    const metadata = await sharp(await makeThumbnail(await solidImage(600, 1200).png().toBuffer())).metadata();
    expect(metadata).toMatchObject({ width: 240, height: 480 });
  });

  it('never enlarges a small photo', async () => {
    const metadata = await sharp(await makeThumbnail(await solidImage(100, 50).png().toBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 100, height: 50 });
  });

  it('turns the picture upright by its EXIF orientation and drops the tag', async () => {
    const sideways = await solidImage(640, 320).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const metadata = await sharp(await makeThumbnail(sideways)).metadata();
    expect(metadata).toMatchObject({ width: 240, height: 480 });
    expect(metadata.orientation).toBeUndefined();
  });

  it('keeps no metadata: EXIF with GPS goes in, none comes out', async () => {
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeInstanceOf(Buffer); // the sample really carries EXIF
    const metadata = await sharp(await makeThumbnail(input)).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
  });

  it('reads from a file path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'turnproof-thumb-'));
    try {
      const file = join(dir, 'photo.webp');
      await writeFile(file, await solidImage(960, 720).webp().toBuffer());
      expect(await sharp(await makeThumbnail(file)).metadata()).toMatchObject({ width: 480, height: 360 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects bytes that are not an image', async () => {
    await expect(makeThumbnail(Buffer.from('not an image'))).rejects.toThrow();
  });
});
