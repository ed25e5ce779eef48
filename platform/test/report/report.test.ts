import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildReportHtml,
  createPdfRenderer,
  downscaleReportPhoto,
  escapeHtml,
  summariseReport,
  type PdfRenderer,
  type ReportData,
  writeReportHtml,
} from '../../src/report/index.ts';
import { createReportFormatter, formatDuration } from '../../src/report/report-format.ts';
import { cameraSizedJpegs, pdfText, reportData, reportPhoto, reportTask, rotatedPhotoJpeg } from './report-fixtures.ts';

const HOSTILE_COMMENT = '<script>alert(1)</script> & "quotes"';

async function pdfImages(pdf: Buffer): Promise<{ width: number; height: number }[]> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getImage({ imageThreshold: 0, imageDataUrl: false, imageBuffer: false });
    return result.pages.flatMap((page) => page.images.map(({ width, height }) => ({ width, height })));
  } finally {
    await parser.destroy();
  }
}

function dataUrlImages(html: string): Buffer[] {
  return [...html.matchAll(/src="data:image\/jpeg;base64,([^"]+)"/g)].map((match) => Buffer.from(match[1]!, 'base64'));
}

describe('summariseReport', () => {
  const tasks = (checked: number, total: number) =>
    Array.from({ length: total }, (_, index) => reportTask({ title: `Task ${index}`, checked: index < checked }));

  it('counts completed tasks and rounds the rate to a whole percent', () => {
    expect(summariseReport(tasks(2, 3))).toEqual({ completed_tasks: 2, total_tasks: 3, completion_rate: 67 });
    expect(summariseReport(tasks(1, 3)).completion_rate).toBe(33);
    expect(summariseReport(tasks(1, 8)).completion_rate).toBe(13);
    expect(summariseReport(tasks(12, 12)).completion_rate).toBe(100);
  });

  it('is 0% without tasks, and 100% or 0% only when all or none are done', () => {
    expect(summariseReport([])).toEqual({ completed_tasks: 0, total_tasks: 0, completion_rate: 0 });
    expect(summariseReport(tasks(0, 5)).completion_rate).toBe(0);
    expect(summariseReport(tasks(199, 200)).completion_rate).toBe(99);
    expect(summariseReport(tasks(1, 200)).completion_rate).toBe(1);
  });
});

describe('report formatting', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('shows times in the report time zone and durations in hours and minutes', () => {
    expect(createReportFormatter('UTC').dateTime('2026-11-22T14:05:00Z')).toBe('Nov 22, 2026, 2:05 PM UTC');
    expect(createReportFormatter('America/New_York').dateTime('2026-11-22T14:05:00Z')).toBe(
      'Nov 22, 2026, 9:05 AM EST',
    );
    expect(createReportFormatter('Pacific/Auckland').calendarDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDuration(83 * 60)).toBe('1 h 23 min');
    expect(formatDuration(2 * 3600 + 10)).toBe('2 h');
    expect(formatDuration(754)).toBe('13 min');
    expect(formatDuration(45)).toBe('45 s');
  });
});

describe('report rendering', () => {
  let renderer: PdfRenderer;
  let data: ReportData;

  beforeAll(async () => {
    renderer = createPdfRenderer();
    const [blue, orange] = await Promise.all([
      rotatedPhotoJpeg(2000, 1500, '#1d4ed8'),
      rotatedPhotoJpeg(2000, 1500, '#ea580c'),
    ]);
    data = reportData({
      version: 3,
      runType: 'move_in',
      checklistName: 'Move-in inspection',
      meta: {
        unit: 'Flat 4B',
        tenant_name: 'Ada Lovelace',
        tenant_email: 'ada@example.com',
        lease_start: '2026-12-01',
      },
      tasks: [
        reportTask({
          title: 'Kitchen surfaces cleaned',
          description: 'Wipe the worktops, hob and splashback.',
          requiredMedia: 2,
          photos: [
            reportPhoto(blue, { capturedAt: '2026-11-22T12:50:00Z', address: '12 Harbour Street, Brighton' }),
            reportPhoto(orange, { capturedAt: '2026-11-22T12:51:00Z', latitude: 50.8198, longitude: -0.1367 }),
          ],
        }),
        reportTask({ title: 'Bathroom restocked', comment: HOSTILE_COMMENT }),
        reportTask({ title: 'Balcony swept', checked: false, checkedAt: null, durationSeconds: null }),
      ],
      issues: [
        {
          severity: 'high',
          kind: 'issue',
          description: 'Broken tile <img src=x onerror=alert(2)>',
          taskTitle: 'Bathroom restocked',
          createdAt: '2026-11-22T13:10:00Z',
          photos: [],
        },
      ],
      supplies: [
        { name: 'Coffee pods', unit: 'pods', parLevel: 20, count: 6, level: 'counted' },
        { name: 'Toilet paper', unit: 'rolls', parLevel: 12, count: null, level: 'low' },
        { name: 'Dish soap', unit: 'bottles', parLevel: 2, count: null, level: null },
      ],
    });
  });

  afterAll(async () => {
    await renderer.close();
  });

  it('builds a self-contained HTML document in which user input stays text', async () => {
    const html = await buildReportHtml(data);

    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img src=x/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    // Nothing loads from outside; the one link is the verification page the QR code also names.
    expect(html).not.toMatch(/\bsrc="(?!data:)/);
    expect([...html.matchAll(/\bhref="([^"]*)"/g)].map((match) => match[1])).toEqual([data.proof?.verificationUrl]);
    expect(html).toContain('Move-In Inspection');
    expect(html).toContain('Flat 4B');
    expect(html).toContain('Ada Lovelace · ada@example.com');
    expect(html).toContain('50.81980, -0.13670');
  });

  it('embeds photos upright, at most 1000 px, as JPEG without metadata', async () => {
    const images = dataUrlImages(await buildReportHtml(data));
    expect(images).toHaveLength(2);
    for (const image of images) {
      const metadata = await sharp(image).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 750, height: 1000 });
      expect(metadata.orientation).toBeUndefined();
      expect(metadata.exif).toBeUndefined();
    }
  });

  it("shows an issue's photos in its issue block, with the device's claims beside the server's time", async () => {
    const red = await rotatedPhotoJpeg(800, 600, '#dc2626');
    const html = await buildReportHtml(
      reportData({
        issues: [
          {
            severity: 'high',
            kind: 'issue',
            description: 'Bedside lamp broken',
            taskTitle: null,
            createdAt: '2026-11-22T13:10:00Z',
            photos: [reportPhoto(red, { capturedAt: '2026-11-22T13:09:00Z', receivedAt: '2026-11-22T13:10:00Z' })],
          },
        ],
      }),
    );
    const start = html.indexOf('<li class="issue severity-high">');
    const issue = html.slice(start, html.indexOf('</li>', start));
    expect(issue).toContain('Bedside lamp broken');
    expect(dataUrlImages(issue)).toHaveLength(1);
    expect(issue).toContain('Device time (claimed): Nov 22, 2026, 1:09 PM UTC');
    expect(issue).toContain('Received by server: Nov 22, 2026, 1:10 PM UTC');
  });

  it("embeds a photo's report copy as it is, without reading the original; without a copy, the original downscaled", async () => {
    const original = await rotatedPhotoJpeg(2000, 1500, '#2563eb');
    const copy = await downscaleReportPhoto(original);
    const unread = () => Promise.reject(new Error('the original was read'));
    const html = await buildReportHtml(
      reportData({
        tasks: [
          reportTask({
            title: 'Hallway',
            photos: [
              reportPhoto(original, { read: unread, readReportCopy: () => Promise.resolve(copy) }),
              reportPhoto(original, { readReportCopy: () => Promise.resolve(null) }),
            ],
          }),
        ],
      }),
    );
    expect(dataUrlImages(html)).toEqual([copy, copy]);
  });

  it('shows a placeholder for a photo that is not a readable image', async () => {
    const broken = reportData({
      tasks: [reportTask({ title: 'Hallway', photos: [reportPhoto(Buffer.from('not a jpeg'))] })],
    });
    const html = await buildReportHtml(broken);
    expect(html).toContain('Photo 1 could not be displayed');
    expect(dataUrlImages(html)).toHaveLength(0);
  });

  it('prints the report to a PDF with its text, both photos and page numbers', async () => {
    const pdf = await renderer.render(await buildReportHtml(data));

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const expected of [
      'Turnproof Inspection Report',
      'Seaside Loft',
      '12 Harbour Street, Brighton BN1 1AA',
      'Move-In Inspection',
      'Kitchen surfaces cleaned',
      'Bathroom restocked',
      'Balcony swept',
      HOSTILE_COMMENT,
      'Broken tile <img src=x onerror=alert(2)>',
      '2 of 3 tasks completed (67%)',
      '✓ Completed',
      '✗ Not completed',
      'Nov 22, 2026, 2:05 PM UTC',
      '1 h 23 min',
      'Report version 3',
      'Page 1 of',
      // The Supplies section: what was counted against par, and what to bring.
      'Supplies',
      'Coffee pods',
      '14 pods',
      'Top up to 12',
      'Not counted',
    ]) {
      expect(text).toContain(expected);
    }

    const images = await pdfImages(pdf);
    // Both photos, then the QR code of the verification page.
    expect(images).toEqual([
      { width: 750, height: 1000 },
      { width: 750, height: 1000 },
      { width: 240, height: 240 },
    ]);
    expect(pdf.toString('latin1').match(/\/Subtype\s*\/Image/g)).toHaveLength(3);
  });

  it('writes the same document to a file, photo by photo, and prints the same PDF from it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'report-file-'));
    try {
      const file = join(folder, 'report.html');
      await writeReportHtml(data, file, folder);
      expect(await readFile(file, 'utf8')).toBe(await buildReportHtml(data));

      const pdf = await renderer.renderFile(file);
      expect(await pdfText(pdf)).toContain('Kitchen surfaces cleaned');
      expect(await pdfImages(pdf)).toEqual([
        { width: 750, height: 1000 },
        { width: 750, height: 1000 },
        { width: 240, height: 240 },
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('renders concurrently with one renderer, then closes', async () => {
    const own = createPdfRenderer();
    const html = await buildReportHtml(data);
    const other = await buildReportHtml({ ...data, propertyName: 'Mountain Cabin' });

    const [first, second] = await Promise.all([own.render(html), own.render(other)]);
    expect(await pdfText(first)).toContain('Seaside Loft');
    expect(await pdfText(second)).toContain('Mountain Cabin');

    await own.close();
    await expect(own.render(html)).rejects.toThrow('The PDF renderer is closed');
  });

  it('renders a 30-task report with 30 camera-sized photos', { timeout: 300_000 }, async () => {
    const photos = await cameraSizedJpegs(30);
    const large = reportData({
      tasks: photos.map((bytes, index) =>
        reportTask({
          title: `Room ${index + 1} checked`,
          comment: index % 3 === 0 ? 'All good, replaced the bulb.' : null,
          requiredMedia: 1,
          photos: [reportPhoto(bytes, { capturedAt: '2026-11-22T13:00:00Z', latitude: 50.82, longitude: -0.137 })],
        }),
      ),
    });

    const started = performance.now();
    const html = await buildReportHtml(large);
    const built = performance.now();
    const pdf = await renderer.render(html);
    const finished = performance.now();

    const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
    const photoBytes = photos.reduce((sum, photo) => sum + photo.length, 0);
    console.log(
      `30 tasks / 30 photos (${megabytes(photoBytes)} MB in): HTML ${Math.round(built - started)} ms ` +
        `(${megabytes(html.length)} MB), PDF ${Math.round(finished - built)} ms (${megabytes(pdf.length)} MB), ` +
        `total ${Math.round(finished - started)} ms`,
    );
    // The 30 photos and the QR code of the verification page.
    expect(await pdfImages(pdf)).toHaveLength(31);
  });
});
