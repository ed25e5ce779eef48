import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import type { ReportData, ReportPhoto, ReportTask } from '../../src/report/index.ts';

/** A solid-colour JPEG whose EXIF says "rotate 90° clockwise to display", as phones write portrait shots. */
export async function rotatedPhotoJpeg(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * Camera-sized JPEGs (4000x3000, about 3.4 MB each, since noise compresses badly), each with its own tint.
 * The noise is drawn once: drawing it is what takes time.
 */
export async function cameraSizedJpegs(count: number): Promise<Buffer[]> {
  const size = { width: 4000, height: 3000, channels: 3 } as const;
  const noise = await sharp({
    create: { ...size, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 20 } },
  })
    .raw()
    .toBuffer();
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      sharp(noise, { raw: size })
        .linear([1, 1, 1], [(index % 7) * 8 - 24, 20 - (index % 5) * 8, (index % 3) * 10])
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
}

export function reportPhoto(bytes: Buffer, overrides: Partial<ReportPhoto> = {}): ReportPhoto {
  return {
    read: () => Promise.resolve(bytes),
    capturedAt: null,
    receivedAt: null,
    address: null,
    latitude: null,
    longitude: null,
    ...overrides,
  };
}

export function reportTask(overrides: Partial<ReportTask> & Pick<ReportTask, 'title'>): ReportTask {
  return {
    description: null,
    checked: true,
    checkedAt: '2026-11-22T13:00:00Z',
    comment: null,
    durationSeconds: 120,
    requiredMedia: 0,
    photos: [],
    baselinePhotos: [],
    videoCount: 0,
    ...overrides,
  };
}

export function reportData(overrides: Partial<ReportData> = {}): ReportData {
  return {
    runId: '5b0c6a52-2f7e-4d2b-9a8e-0c3f4b1d9e11',
    version: 1,
    propertyName: 'Seaside Loft',
    propertyAddress: '12 Harbour Street, Brighton BN1 1AA',
    language: 'en',
    runType: 'turnover',
    checklistName: 'Standard turnover',
    meta: {},
    startedAt: '2026-11-22T12:42:00Z',
    endedAt: '2026-11-22T14:05:00Z',
    generatedAt: '2026-11-22T14:06:00Z',
    timeZone: 'UTC',
    tasks: [],
    issues: [],
    supplies: [],
    review: null,
    baselineLabel: null,
    proof: {
      entryCount: 12,
      signedCount: 10,
      chainHead: 'a'.repeat(64),
      anchor: null,
      verificationUrl: 'http://localhost:3000/verify/5b0c6a52-2f7e-4d2b-9a8e-0c3f4b1d9e11?v=1',
    },
    ...overrides,
  };
}

/** The text of a PDF, as a reader copies it out. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
