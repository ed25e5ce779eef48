import { cities, industries, TURNOVER_LIBRARY, turnoGuides, turnoverGuide, type TemplateDetail } from '@turnproof/site';

/** Every indexable public path, for /sitemap.xml (tests check each one answers 200). */
export function publicPaths(templates: TemplateDetail[]): string[] {
  return [
    '/',
    '/pricing',
    '/features',
    '/templates',
    ...templates.map((template) => `/templates/${template.slug}`),
    TURNOVER_LIBRARY,
    ...turnoGuides.map((guide) => turnoverGuide(guide.slug)),
    '/checklists',
    '/contact',
    '/demo',
    '/help',
    ...industries.map((industry) => `/industries/${industry.slug}`),
    ...cities.map((city) => `/locations/${city.slug}`),
    '/privacy',
    '/terms',
  ];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function sitemapXml(origin: string, templates: TemplateDetail[]): string {
  const urls = publicPaths(templates)
    .map((path) => `<url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}

/** Crawlers read the site; the console, the runner's magic links and the API stay out of search. */
const DISALLOWED = [
  '/api/',
  '/r/',
  '/run/',
  '/auth',
  '/password-reset',
  '/onboarding',
  '/dashboard',
  '/properties',
  '/inspections',
  '/runs',
  '/analytics',
  '/subscription',
  '/settings',
  '/profile',
  '/team',
  '/timesheets',
  '/restock',
  '/work-orders',
  '/w/',
  '/payment-success',
  '/payment-cancel',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    // Page previews and the sample report live under /api/ but are meant to be fetched.
    'Allow: /api/og-image',
    'Allow: /api/site/',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
