import Router from '@koa/router';
import { buildReportHtml, type ReportData, type ReportTask } from '@turnproof/platform/report';
import { systemTemplates } from '@turnproof/db/seeds';
import sharp from 'sharp';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { addRoute } from '../openapi/registry.ts';
import { fileBody } from '../openapi/records.ts';
import { workerPrintedPdfs } from './worker-printed-pdf.ts';

const SAMPLE_TEMPLATE = 'airbnb-turnover-cleaning-checklist';
const STARTED_AT = Date.parse('2026-06-13T15:02:00Z');
const SCENE_COLOURS = ['#d9f2ee', '#fde8c8', '#e3e8f4', '#f6dfe4', '#e5f0d8'];

/** A photo for the sample: a drawn room with the task's name, as a phone would send it (JPEG). */
async function samplePhoto(label: string, index: number): Promise<Buffer> {
  const background = SCENE_COLOURS[index % SCENE_COLOURS.length];
  const safe = label.replace(/[&<>"']/g, ' ').slice(0, 38);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="${background}"/>
    <rect x="0" y="420" width="800" height="180" fill="#b9a58a"/>
    <rect x="90" y="90" width="220" height="170" fill="#ffffff" stroke="#52606d" stroke-width="8"/>
    <rect x="420" y="250" width="300" height="190" rx="18" fill="#0f766e"/>
    <rect x="440" y="200" width="260" height="70" rx="18" fill="#14b8a6"/>
    <circle cx="200" cy="175" r="40" fill="#fbbf24"/>
    <text x="40" y="560" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#102a43">${safe}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A completed turnover of the seeded Airbnb template: every task done, photos where the checklist asks. */
export async function sampleReportData(): Promise<ReportData> {
  const template = systemTemplates.find((seed) => seed.slug === SAMPLE_TEMPLATE);
  if (!template) throw new Error(`The seeds have no ${SAMPLE_TEMPLATE} template`);
  const seedTasks = template.sections.flatMap((section) => section.tasks);
  let at = STARTED_AT;
  let photoIndex = 0;
  const tasks: ReportTask[] = [];
  for (const task of seedTasks) {
    at += 4 * 60 * 1000;
    const photos = await Promise.all(
      Array.from({ length: task.required_media }, async () => {
        const bytes = await samplePhoto(task.title, photoIndex++);
        return {
          read: () => Promise.resolve(bytes),
          capturedAt: new Date(at - 30_000).toISOString(),
          receivedAt: new Date(at - 25_000).toISOString(),
          address: '100 Ocean Drive, Miami Beach, FL 33139',
          latitude: 25.7741,
          longitude: -80.1303,
        };
      }),
    );
    tasks.push({
      title: task.title,
      description: task.description,
      checked: true,
      checkedAt: new Date(at).toISOString(),
      comment: tasks.length === 2 ? 'Coffee pods restocked (12 left).' : null,
      durationSeconds: 240,
      requiredMedia: task.required_media,
      photos,
      baselinePhotos: [],
      videoCount: 0,
    });
  }
  return {
    runId: 'sample',
    version: 1,
    propertyName: 'Sample: Ocean Drive Loft',
    propertyAddress: '100 Ocean Drive, Miami Beach, FL 33139',
    language: 'en',
    runType: 'turnover',
    checklistName: template.name,
    meta: {},
    startedAt: new Date(STARTED_AT).toISOString(),
    endedAt: new Date(at).toISOString(),
    generatedAt: new Date(at + 60_000).toISOString(),
    timeZone: 'America/New_York',
    tasks,
    baselineLabel: null,
    supplies: [
      { name: 'Coffee pods', unit: 'pods', parLevel: 20, count: 6, level: 'counted' },
      { name: 'Toilet paper', unit: 'rolls', parLevel: 12, count: 12, level: 'counted' },
    ],
    review: null,
    // A sample has no capture log to verify.
    proof: null,
    issues: [
      {
        severity: 'low',
        kind: 'issue',
        description: 'Small scuff on the hallway wall by the entrance.',
        taskTitle: tasks[1]?.title ?? null,
        createdAt: new Date(STARTED_AT + 9 * 60 * 1000).toISOString(),
        photos: [],
      },
    ],
  };
}

/** The sample report's HTML in a frame of the landing page: its images are data: URLs, it runs nothing. */
const SAMPLE_HTML_POLICY =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";

/**
 * GET /api/site/sample-report.pdf: the landing page's 'See sample report', a real report made by the
 * report pipeline (same HTML, printed by the worker's Chromium) from the sample run; printed once and kept.
 * GET /api/site/sample-report.html: the same report as HTML, which the landing page's dialog shows (a phone
 * shows no PDF in a page).
 */
export function sampleReportRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/site' });
  const printed = workerPrintedPdfs(deps);
  let html: Promise<string> | undefined;
  const sampleHtml = () => {
    if (!html) {
      html = sampleReportData().then(buildReportHtml);
      html.catch(() => (html = undefined));
    }
    return html;
  };

  addRoute(
    router,
    {
      method: 'get',
      path: '/sample-report.pdf',
      summary: 'A sample inspection report (PDF) made by the report pipeline from a seeded sample run',
      tags: ['Public site'],
      ok: { description: 'application/pdf', schema: fileBody, contentType: 'application/pdf' },
    },
    async (ctx) => {
      const pdf = await printed('sample', sampleHtml);
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.set('Content-Disposition', 'inline; filename="turnproof-sample-report.pdf"');
      ctx.type = 'application/pdf';
      ctx.body = pdf;
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/sample-report.html',
      summary: "The sample inspection report as HTML, for the landing page's 'See sample report' dialog",
      tags: ['Public site'],
      ok: { description: 'text/html', schema: fileBody, contentType: 'text/html' },
    },
    async (ctx) => {
      const page = await sampleHtml();
      ctx.set('Cache-Control', 'public, max-age=86400');
      // Framed by this origin's landing page only, and sandboxed: it is a document to read, nothing more.
      ctx.set('Content-Security-Policy', SAMPLE_HTML_POLICY);
      ctx.set('X-Frame-Options', 'SAMEORIGIN');
      ctx.type = 'html';
      ctx.body = page;
    },
  );
  return router;
}
