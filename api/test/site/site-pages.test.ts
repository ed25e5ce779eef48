import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemTemplates } from '@turnproof/db/seeds';
import { Browser, goodPassword, signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { ensureConsoleBuilt } from '../console/console-build.ts';

let api: TestApi;
beforeAll(async () => {
  ensureConsoleBuilt();
  api = await startTestApi();
});
afterAll(() => api.close());

async function page(path: string, cookie = '') {
  const response = await fetch(`${api.baseUrl}${path}`, {
    redirect: 'manual',
    headers: cookie ? { Cookie: cookie } : {},
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    type: response.headers.get('content-type') ?? '',
    html: await response.text(),
  };
}

const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const headOf = (html: string) => ({
  title: tag(html, /<title>([^<]*)<\/title>/),
  description: tag(html, /<meta name="description" content="([^"]*)"/),
  canonical: tag(html, /<link rel="canonical" href="([^"]*)"/),
  ogImage: tag(html, /<meta property="og:image" content="([^"]*)"/),
  h1: tag(html, /<h1[^>]*>([^<]*)</),
});

/** Each public page and a text its main content must show. */
const PAGES: [string, string][] = [
  ['/', 'Proof that every turnover was done right'],
  ['/pricing', 'Compare plans'],
  ['/features', 'Works offline'],
  ['/templates', 'Checklist templates'],
  ...systemTemplates.map((seed): [string, string] => [`/templates/${seed.slug}`, seed.sections[0]!.tasks[0]!.title]),
  ['/turnover-checklists', 'Turnover checklist library'],
  ['/turnover-checklists/airbnb', 'Airbnb turnover checklist'],
  ['/turnover-checklists/vrbo', 'Vrbo turnover checklist'],
  ['/turnover-checklists/move-in', 'Move-in inspection checklist'],
  ['/turnover-checklists/move-out', 'Move-out inspection checklist'],
  ['/checklists', 'Free checklist library'],
  ['/contact', 'Contact us'],
  ['/demo', 'See it as your cleaner does'],
  ['/help', 'Sending a magic link'],
  ['/industries/short-term-rental', 'Turnover checklists for Airbnb and Vrbo hosts'],
  ['/industries/property-management', 'Property management'],
  ['/industries/move-in-out', 'Move-in and move-out'],
  ['/locations/austin-tx', 'Turnover tips for Austin'],
  ['/locations/miami-fl', 'Turnover tips for Miami'],
  ['/privacy', '10. Your rights and contact'],
  ['/terms', '9. Changes and contact'],
];

describe('public pages (signed out, server-rendered)', () => {
  it('answers every public page with 200 and its own title, description, canonical URL, og:image and main text', async () => {
    const seen = { title: new Set<string>(), description: new Set<string>(), canonical: new Set<string>() };
    for (const [path, text] of PAGES) {
      const { status, type, html } = await page(path);
      expect(status, path).toBe(200);
      expect(type, path).toMatch(/^text\/html/);
      expect(html, path).toContain(text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
      const head = headOf(html);
      expect(head.title, path).toBeTruthy();
      expect(head.description, path).toBeTruthy();
      expect(head.canonical, path).toBe(`${api.baseUrl}${path}`);
      expect(head.ogImage, path).toContain(`${api.baseUrl}/api/og-image?`);
      for (const key of ['title', 'description', 'canonical'] as const) {
        expect(seen[key].has(head[key]!), `${path} repeats the ${key} "${head[key]}"`).toBe(false);
        seen[key].add(head[key]!);
      }
      // The marketing header and the footer of the spec.
      expect(html, path).toContain('href="/checklists">Free Checklists</a>');
      expect(html, path).toContain('Sign In</a>');
      expect(html, path).toContain('Try Free</a>');
      expect(html, path).toMatch(/href="\/privacy">Privacy<\/a>.*href="\/terms">Terms<\/a>/s);
    }
  });

  it('redirects the aliases, trailing slashes, old city paths and unknown template slugs', async () => {
    const redirects: [string, string][] = [
      ['/privacy-policy', '/privacy'],
      ['/privacy/', '/privacy'],
      ['/terms-of-service', '/terms'],
      ['/terms/', '/terms'],
      ['/legal/terms', '/terms'],
      ['/legal/privacy', '/privacy'],
      ['/locations/austin', '/locations/austin-tx'],
      ['/locations/miami', '/locations/miami-fl'],
      ['/pricing/', '/pricing'],
      ['/checklists/?category=Kitchen', '/checklists?category=Kitchen'],
      ['/templates/no-such-template', '/templates'],
    ];
    for (const [from, to] of redirects) {
      const { status, location } = await page(from);
      expect([301, 302], from).toContain(status);
      expect(location, from).toBe(to);
    }
  });

  it("answers an unknown path with the 404 page and status 404, an unknown /turno slug with 'Template Not Found'", async () => {
    for (const path of ['/no-such-page', '/industries/nope', '/locations/paris', '/checklists-old']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain('Oops! Page not found');
      expect(html, path).toContain('Return to Home');
    }
    const turno = await page('/turno/nope');
    expect(turno.status).toBe(404);
    expect(turno.html).toContain('Template Not Found');
    expect(turno.html).toContain('href="/turnover-checklists"');
  });

  it('leaves the console its routes: /dashboard and /auth get the console, /templates too when signed in', async () => {
    for (const path of ['/dashboard', '/auth', '/properties/new', '/checklists/abc/edit']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain('<div id="root">');
    }
    const owner = await signedInOwner(api);
    const templates = await page('/templates', owner.cookie);
    expect(templates.html).toContain('<div id="root">');
    const landing = await page('/', owner.cookie);
    expect(landing.html).toContain('Dashboard</a>');
    expect(landing.html).toContain('Sign Out</button>');
    expect(landing.html).not.toContain('Try Free</a>');
    expect(landing.html).toContain('href="/subscription"');
  });

  it('signs out with the header form: every session of the account, landing on /auth', async () => {
    const owner = await signedInOwner(api);
    const otherDevice = new Browser(api.baseUrl);
    await otherDevice.post('/api/auth/login', { email: owner.email, password: goodPassword });
    expect((await otherDevice.get('/api/auth/session')).body.user).not.toBeNull();
    const response = await fetch(`${api.baseUrl}/sign-out`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: owner.cookie },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/auth?signed_out=1');
    const session = await new Browser(api.baseUrl).request('GET', '/api/auth/session', undefined, {
      Cookie: owner.cookie,
    });
    expect(session.body.user).toBeNull();
    expect((await otherDevice.get('/api/auth/session')).body.user).toBeNull();
  });

  it('lists every public page in /sitemap.xml and keeps the console and runner out in /robots.txt', async () => {
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.type).toMatch(/xml/);
    const listed = [...sitemap.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(listed.sort()).toEqual(PAGES.map(([path]) => path).sort());
    const robots = await page('/robots.txt');
    for (const line of [
      'Disallow: /r/',
      'Disallow: /run/',
      'Disallow: /dashboard',
      'Disallow: /api/',
      `Sitemap: ${api.baseUrl}/sitemap.xml`,
    ]) {
      expect(robots.html).toContain(line);
    }
  });

  it('answers /api/og-image with a 1200x630 PNG', async () => {
    const response = await fetch(
      `${api.baseUrl}/api/og-image?title=Pricing&description=Plans%20from%20%240&path=%2Fpricing`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
  });

  it('carries JSON-LD: FAQPage on the landing page, Product offers on pricing', async () => {
    const jsonLd = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
    const faq = jsonLd((await page('/')).html).find((data) => data['@type'] === 'FAQPage');
    expect(faq.mainEntity).toHaveLength(8);
    const product = jsonLd((await page('/pricing')).html).find((data) => data['@type'] === 'Product');
    expect(product.offers.map((offer: { price: string }) => offer.price)).toEqual(['0.00', '15.00', '29.00', '49.00']);
    // No rating: nobody has rated Turnproof, so structured data claims none.
    expect(product.aggregateRating).toBeUndefined();
  });
});

describe('honest copy (issue 23, point 8)', () => {
  /** What invented social proof and invented savings look like on a page. */
  const INVENTED = [
    /out of 5/i,
    /★/,
    /\d[\d,]* (reviews|downloads)/i,
    /rated \d/i,
    /(hours|minutes) saved/i,
    /active listings|average nightly rate|\d+\s*% occupancy/i,
  ];

  it('shows no invented rating, review count, download count, market figure or time saved on any public page', async () => {
    for (const path of [...PAGES.map(([path]) => path), '/turno', '/turno/airbnb']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      const text = html.replace(/<(style|script)[^>]*>.*?<\/\1>/gs, ' ').replace(/<[^>]+>/g, ' ');
      for (const pattern of INVENTED) expect(text, `${path} says ${pattern}`).not.toMatch(pattern);
    }
  });

  it('shows the library with counts that are true: its number of checklists and each card’s tasks', async () => {
    const rows = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ title: string; tasks: number }[]>(
        'select title, jsonb_array_length(task_list::jsonb) as tasks from library_checklists order by position',
      );
    expect(rows.length).toBeGreaterThan(0);
    const { html } = await page('/checklists');
    expect(html).toContain(`${rows.length} printable checklists, free to download as PDF.`);
    const cards = [...html.matchAll(/library-card"[^>]*>.*?<h2>([^<]+)<\/h2>.*?<p class="meta">(\d+) tasks · /gs)].map(
      (match) => [match[1]!.replace(/&amp;/g, '&').replace(/&#x27;/g, "'"), Number(match[2])],
    );
    expect(cards).toEqual(rows.map((row) => [row.title, row.tasks]));
  });

  it('keeps /turno working, with the library’s own URL as canonical and in the sitemap', async () => {
    for (const [legacy, own] of [
      ['/turno', '/turnover-checklists'],
      ['/turno/airbnb', '/turnover-checklists/airbnb'],
    ]) {
      const old = await page(legacy!);
      expect(old.status, legacy).toBe(200);
      expect(headOf(old.html).canonical, legacy).toBe(`${api.baseUrl}${own}`);
      expect(headOf(old.html).h1, legacy).toBe(headOf((await page(own!)).html).h1);
    }
    const sitemap = (await page('/sitemap.xml')).html;
    expect(sitemap).toContain(`${api.baseUrl}/turnover-checklists</loc>`);
    expect(sitemap).not.toContain('/turno<');
    expect(sitemap).not.toContain('/turno/');
    // Every page links the library by its own URL.
    expect((await page('/')).html).toContain('href="/turnover-checklists"');
    expect((await page('/')).html).not.toMatch(/href="\/turno["/]/);
  });
});
