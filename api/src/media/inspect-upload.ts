import { readFile } from 'node:fs/promises';
import exifReader from 'exif-reader';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { MAX_IMAGE_PIXELS } from '@turnproof/config';
import sharp from 'sharp';

export type InspectedUpload =
  | {
      ok: true;
      kind: 'photo' | 'video';
      contentType: string;
      width?: number;
      height?: number;
      location?: { latitude: number; longitude: number };
      capturedAt?: string;
      camera?: { make: string | null; model: string | null };
    }
  | { ok: false; error: string };

/** Whether this sharp build can decode HEVC-coded HEIF (iPhone HEIC); prebuilt sharp reads only AVIF. */
export const HEIC_SUPPORTED = (sharp.format.heif.input.fileSuffix ?? []).includes('.heic');

export const INVALID_PHOTO_ERROR = HEIC_SUPPORTED
  ? 'The file is not a valid image. Please upload a photo (JPEG, PNG, WebP or HEIC).'
  : 'The file is not a valid image. Please upload a photo (JPEG, PNG or WebP).';
export const UNREADABLE_HEIC_ERROR =
  'This HEIC photo cannot be read. Please upload it as JPEG, PNG or WebP (on iPhone: Settings > Camera > Formats > Most Compatible).';
export const INVALID_VIDEO_ERROR = 'The file is not a valid video. Please upload a video (MP4, MOV, WebM, 3GP or MKV).';

/** Sniffed type -> content type we record. Only formats sharp decodes here. */
const PHOTO_TYPES: Record<string, string> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
  'image/gif': 'image/gif',
  'image/avif': 'image/avif',
  'image/heic': 'image/heic',
  'image/heic-sequence': 'image/heic',
  'image/heif': 'image/heif',
  'image/heif-sequence': 'image/heif',
};
const HEIC_TYPES = new Set(['image/heic', 'image/heic-sequence', 'image/heif', 'image/heif-sequence']);

/** Containers phones and browsers record in, by sniffed type. */
const VIDEO_TYPES: Record<string, string> = {
  'video/mp4': 'video/mp4',
  'video/x-m4v': 'video/mp4',
  'video/quicktime': 'video/quicktime',
  'video/webm': 'video/webm',
  'video/3gpp': 'video/3gpp',
  'video/3gpp2': 'video/3gpp2',
  'video/matroska': 'video/matroska',
  'video/x-matroska': 'video/matroska',
};

type Location = { latitude: number; longitude: number };

function round7(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

/** EXIF GPS: [degrees, minutes, seconds] plus a hemisphere letter -> signed decimal degrees. */
export function dmsToDecimal(dms: unknown, ref: unknown, positive: string, negative: string): number | undefined {
  if (!Array.isArray(dms) || dms.length === 0 || dms.length > 3) return undefined;
  if (!dms.every((part) => typeof part === 'number' && Number.isFinite(part) && part >= 0)) return undefined;
  const [degrees = 0, minutes = 0, seconds = 0] = dms as number[];
  const magnitude = degrees + minutes / 60 + seconds / 3600;
  const hemisphere = typeof ref === 'string' ? ref.trim().toUpperCase() : '';
  if (hemisphere === negative) return round7(-magnitude);
  if (hemisphere === positive || hemisphere === '') return round7(magnitude);
  return undefined;
}

function locationFrom(gps: Partial<exifReader.GPSInfoTags> | undefined): Location | undefined {
  if (!gps) return undefined;
  const latitude = dmsToDecimal(gps.GPSLatitude, gps.GPSLatitudeRef, 'N', 'S');
  const longitude = dmsToDecimal(gps.GPSLongitude, gps.GPSLongitudeRef, 'E', 'W');
  if (latitude === undefined || longitude === undefined) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

/**
 * EXIF DateTimeOriginal is a wall-clock time without a zone (exif-reader reads it as if UTC). With
 * OffsetTimeOriginal the real instant is known: ISO with 'Z'. Without it: ISO local date-time, no zone.
 */
function capturedAtFrom(photo: Partial<exifReader.PhotoTags> | undefined): string | undefined {
  const taken: unknown = photo?.DateTimeOriginal;
  if (!(taken instanceof Date) || Number.isNaN(taken.getTime())) return undefined;
  const offset = /^([+-])(\d{2}):(\d{2})$/.exec(String(photo?.OffsetTimeOriginal ?? '').trim());
  if (!offset) return taken.toISOString().slice(0, 19);
  const minutes = (Number(offset[2]) * 60 + Number(offset[3])) * (offset[1] === '-' ? -1 : 1);
  return new Date(taken.getTime() - minutes * 60_000).toISOString();
}

/** The camera's Make and Model (IFD0), when the file names one: what a photo from a phone's camera carries. */
function cameraFrom(image: Partial<exifReader.ImageTags> | undefined) {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const make = text(image?.Make);
  const model = text(image?.Model);
  return make || model ? { make, model } : undefined;
}

function readExif(exif: Buffer | undefined): {
  location?: Location;
  capturedAt?: string;
  camera?: { make: string | null; model: string | null };
} {
  if (!exif) return {};
  try {
    const tags = exifReader(exif);
    const location = locationFrom(tags.GPSInfo);
    const capturedAt = capturedAtFrom(tags.Photo);
    const camera = cameraFrom(tags.Image);
    return { ...(location && { location }), ...(capturedAt && { capturedAt }), ...(camera && { camera }) };
  } catch {
    return {}; // Broken EXIF does not make a broken photo.
  }
}

async function inspectPhoto(filePath: string, sniffed: string | undefined): Promise<InspectedUpload> {
  const contentType = sniffed ? PHOTO_TYPES[sniffed] : undefined;
  if (!sniffed || !contentType) return { ok: false, error: INVALID_PHOTO_ERROR };
  const bytes = await readFile(filePath);
  try {
    const metadata = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    // Decode the pixels (small, so JPEG and WebP shrink on load): headers alone pass for truncated files.
    await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .resize(32, 32, { fit: 'inside' })
      .raw()
      .toBuffer();
    const { width, height } = metadata.autoOrient;
    return { ok: true, kind: 'photo', contentType, width, height, ...readExif(metadata.exif) };
  } catch {
    return {
      ok: false,
      error: HEIC_TYPES.has(sniffed) && !HEIC_SUPPORTED ? UNREADABLE_HEIC_ERROR : INVALID_PHOTO_ERROR,
    };
  }
}

/**
 * What the uploaded bytes really are, whatever the name or declared type says. A photo must be an image
 * sharp can decode; a video must be in a known container. Width and height are as displayed (EXIF
 * orientation applied). A missing file is a server fault and rejects.
 */
export async function inspectUpload(filePath: string, declared: 'photo' | 'video'): Promise<InspectedUpload> {
  const sniffed = (await fileTypeFromFile(filePath))?.mime;
  if (declared === 'photo') return inspectPhoto(filePath, sniffed);
  const contentType = sniffed ? VIDEO_TYPES[sniffed] : undefined;
  if (!contentType) return { ok: false, error: INVALID_VIDEO_ERROR };
  return { ok: true, kind: 'video', contentType };
}

/**
 * The refusal of a file whose first bytes are not a photo (or video) we take, or null. Reads only the
 * start of the file, so an object store is asked for a few kilobytes (a ranged GET), not the whole file.
 */
export async function refusalByFirstBytes(start: Buffer, declared: 'photo' | 'video'): Promise<string | null> {
  const sniffed = (await fileTypeFromBuffer(start))?.mime;
  if (declared === 'photo') return sniffed && PHOTO_TYPES[sniffed] ? null : INVALID_PHOTO_ERROR;
  return sniffed && VIDEO_TYPES[sniffed] ? null : INVALID_VIDEO_ERROR;
}

/** Enough of a file's start for file-type to tell every format above. */
export const SNIFF_BYTES = 4100;
