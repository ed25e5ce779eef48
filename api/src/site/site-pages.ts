import { URLPattern } from 'node:url';
import type { EntityManager } from '@mikro-orm/postgresql';
import { libraryCategories } from '@turnproof/db/seeds';
import {
  checklistsPage,
  cities,
  contactPage,
  demoPage,
  featuresPage,
  helpPage,
  industries,
  industryPage,
  LEGACY_TURNOVER_LIBRARY,
  landingPage,
  locationPage,
  pricingPage,
  privacyPage,
  publicProfilePage,
  type SitePage,
  templatePage,
  templatesIndexPage,
  termsPage,
  turnoGuidePage,
  turnoGuides,
  turnoIndexPage,
  turnoNotFoundPage,
  TURNOVER_LIBRARY,
  turnoverGuide,
} from '@turnproof/site';
import type { Logger } from 'pino';
import { publicProfile } from '../profile/profile-service.ts';
import { libraryEntries, systemTemplateDetails } from './site-content.ts';

/** What a page is drawn from besides its path. */
export interface PageRequest {
  em: EntityManager;
  signedIn: boolean;
  /** The library's `?category=` filter; null when none. */
  category: string | null;
  log: Logger;
}

/**
 * A public page and the canonical path it names (`/turno` names `/turnover-checklists`); `cacheable`
 * when its HTML depends only on the viewer's signed-in state. `redirect` when the path moved.
 */
export type PageAnswer = { page: SitePage; path: string; cacheable?: boolean } | { redirect: string };

type Params = Record<string, string>;
interface PageRoute {
  pattern: string;
  answer: (request: PageRequest, params: Params) => Promise<PageAnswer | null> | PageAnswer | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const templates = (request: PageRequest) => systemTemplateDetails(request.em);

const fixed = (path: string, page: () => SitePage): PageRoute => ({
  pattern: path,
  answer: () => ({ page: page(), path, cacheable: true }),
});

/**
 * Every public page of the site by path, in one table: the site router serves them and the og:image
 * renderer looks up a card's title here, so a page never has a card other than its own.
 */
export const SITE_PAGES: readonly PageRoute[] = [
  {
    pattern: '/',
    answer: async (request) => {
      const firstThree = await templates(request).then(
        (all) => all.slice(0, 3),
        (error: unknown) => {
          request.log.error({ err: error }, 'landing page: templates could not be loaded');
          return null;
        },
      );
      return { page: landingPage({ templates: firstThree }), path: '/' };
    },
  },
  fixed('/pricing', pricingPage),
  fixed('/privacy', privacyPage),
  fixed('/terms', termsPage),
  fixed('/features', featuresPage),
  fixed('/help', helpPage),
  fixed('/demo', demoPage),
  fixed('/contact', () => contactPage()),
  {
    pattern: '/templates',
    // Signed-in owners get the console's template screen at the same path.
    answer: async (request) =>
      request.signedIn
        ? null
        : { page: templatesIndexPage({ templates: await templates(request) }), path: '/templates' },
  },
  {
    pattern: '/templates/:slug',
    answer: async (request, { slug }) => {
      const all = await templates(request);
      const template = all.find((candidate) => candidate.slug === slug);
      if (!template) return { redirect: '/templates' };
      const related = all.filter((other) => other.slug !== template.slug && other.kind === template.kind);
      const fill = all.filter((other) => other.slug !== template.slug && other.kind !== template.kind);
      const page = templatePage({ template, related: [...related, ...fill].slice(0, 3) });
      return { page, path: `/templates/${template.slug}` };
    },
  },
  // The library answers at its own path and at the spec's /turno; both name the former as canonical.
  ...[TURNOVER_LIBRARY, LEGACY_TURNOVER_LIBRARY].flatMap((base): PageRoute[] => [
    {
      pattern: base,
      answer: async (request) => {
        const bySlug = new Map((await templates(request)).map((template) => [template.slug, template]));
        return { page: turnoIndexPage({ templates: bySlug }), path: TURNOVER_LIBRARY };
      },
    },
    {
      pattern: `${base}/:slug`,
      answer: async (request, { slug }) => {
        const guide = turnoGuides.find((candidate) => candidate.slug === slug);
        const template = guide && (await templates(request)).find((candidate) => candidate.slug === guide.templateSlug);
        if (!guide || !template) return { page: turnoNotFoundPage(), path: `${base}/${slug}` };
        return { page: turnoGuidePage({ slug: guide.slug, template }), path: turnoverGuide(guide.slug) };
      },
    },
  ]),
  {
    pattern: '/profiles/:id',
    // A host's profile, shown only while its Public Profile switch is on; else the 404 page.
    answer: async (request, { id }) => {
      const profile = UUID.test(id!) ? await publicProfile(request.em, id!) : null;
      return profile ? { page: publicProfilePage(profile), path: `/profiles/${id}` } : null;
    },
  },
  {
    pattern: '/checklists',
    answer: async (request) => {
      const entries = await libraryEntries(request.em);
      const page = checklistsPage({ entries, categories: libraryCategories, category: request.category });
      return { page, path: '/checklists' };
    },
  },
  {
    pattern: '/industries/:slug',
    answer: async (request, { slug }) => {
      const industry = industries.find((candidate) => candidate.slug === slug);
      if (!industry) return null;
      const all = await templates(request);
      const picked = industry.templateSlugs.flatMap((wanted) => all.filter((template) => template.slug === wanted));
      return { page: industryPage({ industry, templates: picked }), path: `/industries/${industry.slug}` };
    },
  },
  {
    pattern: '/locations/:slug',
    answer: (_request, { slug }) => {
      const city = cities.find((candidate) => candidate.slug === slug);
      return city ? { page: locationPage({ city }), path: `/locations/${city.slug}`, cacheable: true } : null;
    },
  },
];

const matchers = SITE_PAGES.map((route) => ({ route, pattern: new URLPattern({ pathname: route.pattern }) }));

/** The public page at `path` as the site router answers it; null when the site has none there. */
export async function sitePageAt(request: PageRequest, path: string): Promise<PageAnswer | null> {
  for (const { route, pattern } of matchers) {
    const groups = pattern.exec({ pathname: path })?.pathname.groups;
    if (!groups) continue;
    const params: Params = {};
    for (const [name, value] of Object.entries(groups)) {
      try {
        params[name] = decodeURIComponent(value ?? '');
      } catch {
        return null;
      }
    }
    return route.answer(request, params);
  }
  return null;
}
