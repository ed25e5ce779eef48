import Router from '@koa/router';
import sharp from 'sharp';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { fileBody } from '../openapi/records.ts';
import { type PageRequest, sitePageAt } from './site-pages.ts';

/**
 * Only the page's path: the card's words are the page's own title and description, looked up here,
 * so nobody can have the product's own domain draw their text (the site's og:image URLs also carry
 * `title` and `description`; they are ignored).
 */
const ogQuery = z.object({
  path: z.string().trim().max(300).default('/'),
});

interface Card {
  title: string;
  description: string;
  path: string;
}

const WIDTH = 1200;
const HEIGHT = 630;
const MAX_CACHED = 200;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/** Breaks text into lines of at most `width` characters, and at most `lines` of them (the last with …). */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if ((line + ' ' + word).trim().length > width) {
      out.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) out.push(line);
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = `${out[lines - 1]!.replace(/\W*\w*$/, '')}…`;
  }
  return out;
}

/**
 * The card of the page at `path`, as a signed-out visitor (a link preview's crawler) sees it, under
 * the path the page names as canonical; a path that is no public page gets the product's plain card.
 */
async function cardFor(request: PageRequest, path: string): Promise<Card> {
  const answer = await sitePageAt(request, path);
  return answer && 'page' in answer && (answer.page.status ?? 200) < 400
    ? { title: answer.page.title, description: answer.page.description, path: answer.path }
    : { title: 'Turnproof', description: '', path: '/' };
}

function cardSvg({ title, description, path }: Card): string {
  const titleLines = wrap(title, 32, 3);
  const descriptionLines = wrap(description, 62, 3);
  const text = (lines: string[], y: number, size: number, weight: number, fill: string, step: number) =>
    lines
      .map(
        (line, index) =>
          `<text x="80" y="${y + index * step}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(line)}</text>`,
      )
      .join('');
  const descriptionTop = 200 + titleLines.length * 74 + 24;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#f0fdfa"/>
  <rect width="${WIDTH}" height="16" fill="#0f766e"/>
  <rect x="80" y="72" width="64" height="64" rx="16" fill="#0f766e"/>
  <path d="M98 105l9 9 19-19" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round"/>
  <text x="164" y="118" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="#102a43">Turnproof</text>
  ${text(titleLines, 240, 60, 700, '#102a43', 74)}
  ${text(descriptionLines, descriptionTop + 20, 30, 400, '#3e4c59', 42)}
  <text x="80" y="590" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="26" fill="#0b5d56">turnproof${escapeXml(path === '/' ? '' : path)}</text>
</svg>`;
}

/**
 * GET /api/og-image: a 1200x630 PNG preview card per public page (Open Graph), drawn as SVG and
 * rasterised by sharp. Cards are cached; each render spends the caller's per-address budget, since
 * it takes a turn on the thread pool that sign-in and uploads share.
 */
export function ogImageRouter(deps: AppDeps) {
  const router = new Router<AppState>();
  const cache = new Map<string, Promise<Buffer>>();

  addRoute(
    router,
    {
      method: 'get',
      path: '/og-image',
      summary: "A public page's 1200x630 PNG preview image (Open Graph) with its title and description",
      tags: ['Public site'],
      query: ogQuery,
      ok: { description: 'image/png', schema: fileBody, contentType: 'image/png' },
      errors: { 429: 'Too many preview images drawn' },
    },
    async (ctx) => {
      const { path } = parseInput(ogQuery, ctx.query);
      const { em, log } = ctx.state;
      const card = await cardFor({ em, log, signedIn: false, category: null }, path);
      const key = JSON.stringify(card);
      let png = cache.get(key);
      if (!png) {
        await deps.rateLimits.consume(['ogImageRendersPerIp', ctx.ip]);
        if (cache.size >= MAX_CACHED) cache.clear();
        png = sharp(Buffer.from(cardSvg(card)))
          .png({ compressionLevel: 9 })
          .toBuffer();
        cache.set(key, png);
        png.catch(() => cache.delete(key));
      }
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.type = 'image/png';
      ctx.body = await png;
    },
  );
  return router;
}
