import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dmsToDecimal,
  HEIC_SUPPORTED,
  INVALID_PHOTO_ERROR,
  INVALID_VIDEO_ERROR,
  inspectUpload,
  UNREADABLE_HEIC_ERROR,
} from '../../src/media/inspect-upload.ts';
import { ebmlFile, isoMediaFile, jpegWithGps, noiseImage, solidImage } from './samples.ts';

let dir: string;
let count = 0;

/** Each sample gets its own name, as uploads do. */
async function saved(bytes: Buffer | string, name = 'upload.bin'): Promise<string> {
  const file = join(dir, `${++count}-${name}`);
  await writeFile(file, bytes);
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'turnproof-inspect-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('inspectUpload: photos', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
    ['avif', 'image/avif'],
  ] as const)('accepts %s by its bytes', async (format, contentType) => {
    const file = await saved(await solidImage(40, 30).toFormat(format).toBuffer(), 'photo.bin');
    expect(await inspectUpload(file, 'photo')).toEqual({ ok: true, kind: 'photo', contentType, width: 40, height: 30 });
  });

  it('goes by the bytes, not the name: a PNG named .jpg is a PNG', async () => {
    const file = await saved(await solidImage(10, 10).png().toBuffer(), 'photo.jpg');
    expect(await inspectUpload(file, 'photo')).toMatchObject({ ok: true, contentType: 'image/png' });
  });

  it('refuses a text file named .jpg', async () => {
    const file = await saved('Not a photo at all, just some text.\n', 'photo.jpg');
    expect(await inspectUpload(file, 'photo')).toEqual({ ok: false, error: INVALID_PHOTO_ERROR });
    expect(INVALID_PHOTO_ERROR).toMatch(/^The file is not a valid image\. Please upload a photo \(JPEG, PNG/);
  });

  it.each([
    ['an empty file', Buffer.alloc(0)],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['a JPEG signature followed by junk', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)])],
    ['a video', isoMediaFile('isom', 'isom', 'mp41')],
  ])('refuses %s', async (_label, bytes) => {
    expect(await inspectUpload(await saved(bytes), 'photo')).toEqual({ ok: false, error: INVALID_PHOTO_ERROR });
  });

  it('refuses TIFF, which sharp reads but phones do not send', async () => {
    const file = await saved(await solidImage(10, 10).tiff().toBuffer());
    expect(await inspectUpload(file, 'photo')).toEqual({ ok: false, error: INVALID_PHOTO_ERROR });
  });

  it('refuses a JPEG cut short (an interrupted upload), though its header reads fine', async () => {
    const whole = await noiseImage(800, 600).jpeg({ quality: 90 }).toBuffer();
    const file = await saved(whole.subarray(0, Math.floor(whole.length * 0.7)), 'cut.jpg');
    expect(await inspectUpload(file, 'photo')).toEqual({ ok: false, error: INVALID_PHOTO_ERROR });
  });

  it('explains HEIC it cannot decode', async () => {
    const file = await saved(Buffer.concat([isoMediaFile('heic', 'mif1', 'heic'), Buffer.alloc(100, 3)]), 'IMG_1.HEIC');
    const expected = HEIC_SUPPORTED ? INVALID_PHOTO_ERROR : UNREADABLE_HEIC_ERROR;
    expect(await inspectUpload(file, 'photo')).toEqual({ ok: false, error: expected });
  });

  it('reads GPS as signed decimal degrees and DateTimeOriginal', async () => {
    const file = await saved(await jpegWithGps('N', 'E'), 'gps.jpg');
    const result = await inspectUpload(file, 'photo');
    expect(result).toEqual({
      ok: true,
      kind: 'photo',
      contentType: 'image/jpeg',
      width: 64,
      height: 32,
      location: { latitude: 48.8566667, longitude: 2.3508333 },
      capturedAt: '2024-05-06T07:08:09',
    });
  });

  it('makes southern and western coordinates negative', async () => {
    const result = await inspectUpload(await saved(await jpegWithGps('S', 'W')), 'photo');
    expect(result).toMatchObject({ ok: true, location: { latitude: -48.8566667, longitude: -2.3508333 } });
  });

  it('turns DateTimeOriginal with OffsetTimeOriginal into a UTC instant', async () => {
    const file = await saved(await jpegWithGps('N', 'E', { OffsetTimeOriginal: '+02:00' }));
    expect(await inspectUpload(file, 'photo')).toMatchObject({ ok: true, capturedAt: '2024-05-06T05:08:09.000Z' });
  });

  it('leaves location and capturedAt out when there is no EXIF', async () => {
    const result = await inspectUpload(await saved(await solidImage(20, 10).jpeg().toBuffer()), 'photo');
    expect(result).toEqual({ ok: true, kind: 'photo', contentType: 'image/jpeg', width: 20, height: 10 });
  });

  it('gives width and height as displayed, after EXIF orientation', async () => {
    const rotated = await solidImage(64, 32).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await inspectUpload(await saved(rotated), 'photo')).toMatchObject({ ok: true, width: 32, height: 64 });
  });
});

describe('dmsToDecimal', () => {
  it('converts and signs', () => {
    expect(dmsToDecimal([48, 51, 24], 'N', 'N', 'S')).toBe(48.8566667);
    expect(dmsToDecimal([33, 52, 4.8], 'S', 'N', 'S')).toBe(-33.868);
    expect(dmsToDecimal([151.2093], 'E', 'E', 'W')).toBe(151.2093);
    expect(dmsToDecimal([10, 30, 0], undefined, 'N', 'S')).toBe(10.5);
  });

  it('gives up on values that are not coordinates', () => {
    expect(dmsToDecimal([48, 51, 24], 'X', 'N', 'S')).toBeUndefined();
    expect(dmsToDecimal([48, Number.NaN, 24], 'N', 'N', 'S')).toBeUndefined();
    expect(dmsToDecimal([48, Number.POSITIVE_INFINITY, 0], 'N', 'N', 'S')).toBeUndefined();
    expect(dmsToDecimal([-1, 0, 0], 'N', 'N', 'S')).toBeUndefined();
    expect(dmsToDecimal([], 'N', 'N', 'S')).toBeUndefined();
    expect(dmsToDecimal('48', 'N', 'N', 'S')).toBeUndefined();
  });
});

describe('inspectUpload: videos', () => {
  it.each([
    ['MP4', isoMediaFile('isom', 'isom', 'iso2', 'avc1', 'mp41'), 'video/mp4'],
    ['M4V', isoMediaFile('M4V ', 'M4V ', 'mp42'), 'video/mp4'],
    ['MOV', isoMediaFile('qt  ', 'qt  '), 'video/quicktime'],
    ['3GP', isoMediaFile('3gp4', 'isom', '3gp4'), 'video/3gpp'],
    ['WebM', ebmlFile('webm'), 'video/webm'],
    ['MKV', ebmlFile('matroska'), 'video/matroska'],
  ])('accepts %s by its container', async (_label, bytes, contentType) => {
    expect(await inspectUpload(await saved(bytes, 'clip.bin'), 'video')).toEqual({
      ok: true,
      kind: 'video',
      contentType,
    });
  });

  it.each([
    ['a text file named .mp4', Buffer.from('hello, I am text\n')],
    ['an empty file', Buffer.alloc(0)],
    ['audio in an MP4 container (M4A)', isoMediaFile('M4A ', 'M4A ', 'mp42', 'isom')],
    ['a photo', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])],
    ['an unknown EBML document', ebmlFile('nonsense')],
  ])('refuses %s', async (_label, bytes) => {
    expect(await inspectUpload(await saved(bytes, 'clip.mp4'), 'video')).toEqual({
      ok: false,
      error: INVALID_VIDEO_ERROR,
    });
  });

  it('refuses a real photo declared as video', async () => {
    const file = await saved(await solidImage(10, 10).jpeg().toBuffer(), 'clip.mp4');
    expect(await inspectUpload(file, 'video')).toEqual({ ok: false, error: INVALID_VIDEO_ERROR });
  });
});

describe('inspectUpload: a missing file', () => {
  it('rejects (a server fault, not the user’s)', async () => {
    await expect(inspectUpload(join(dir, 'never-written'), 'photo')).rejects.toThrow(/ENOENT/);
  });
});
