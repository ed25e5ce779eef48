import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * Issue 23 follow-up: the og:image renderer kept its own copy of the site's routes and drew the plain
 * "Turnproof" card for the library's canonical URL (/turnover-checklists). Both now read one table
 * of pages (api/src/site/site-pages.ts), so every page's preview is its own.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ rateLimits: { ogImageRendersPerIp: { points: 1000, durationSeconds: 3600 } } });
});
afterAll(() => api?.close());

const bytes = async (url: string) => {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type'), url).toBe('image/png');
  return Buffer.from(await response.arrayBuffer());
};
const card = (path: string) => bytes(`${api.baseUrl}/api/og-image?path=${encodeURIComponent(path)}`);

/** The og:image a page's HTML names, as a crawler would fetch it. */
async function ogImageOf(path: string): Promise<string> {
  const html = await (await fetch(`${api.baseUrl}${path}`)).text();
  const url = /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];
  expect(url, path).toBeTruthy();
  return url!.replace(/&amp;/g, '&');
}

describe('og:image cards', () => {
  it('gives the canonical library URL its own card, the same one /turno names', async () => {
    const plain = await card('/no-such-page');
    const library = await card('/turnover-checklists');
    expect(library.equals(plain)).toBe(false);
    expect((await card('/turno')).equals(library)).toBe(true);
    expect((await bytes(await ogImageOf('/turno'))).equals(library)).toBe(true);
    // A guide under either base draws the guide's card, not the library's and not the plain one.
    const guide = await card('/turnover-checklists/airbnb');
    expect(guide.equals(library) || guide.equals(plain)).toBe(false);
    expect((await card('/turno/airbnb')).equals(guide)).toBe(true);
    // A guide that does not exist is the 404 page: the plain card.
    expect((await card('/turnover-checklists/no-such-guide')).equals(plain)).toBe(true);
  });

  it("draws every sitemap page's own card (none falls back to the plain card, none shares another's)", async () => {
    const sitemap = await (await fetch(`${api.baseUrl}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(paths).toContain('/turnover-checklists');
    const plain = await card('/no-such-page');
    const seen = new Map<string, string>();
    for (const path of paths) {
      const png = (await bytes(await ogImageOf(path))).toString('base64');
      expect(png === plain.toString('base64'), `${path} has the plain card`).toBe(false);
      expect(seen.get(png), `${path} has the card of ${seen.get(png)}`).toBeUndefined();
      seen.set(png, path);
    }
  });
});
