import Router from '@koa/router';
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
  islandScript,
  LEGACY_TURNOVER_LIBRARY,
  landingPage,
  locationPage,
  notFoundPage,
  pricingPage,
  privacyPage,
  publicProfilePage,
  renderSitePage,
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
import type { Middleware } from 'koa';
import type { AppDeps } from '../app-deps.ts';
import { endAllSessions, endSession } from '../auth/sessions.ts';
import { redactedPath } from '../http/secret-paths.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { contactFormPost } from './contact-form.ts';
import { demoRunPost } from './demo-run.ts';
import { sendText } from './html-response.ts';
import { libraryEntries, systemTemplateDetails } from './site-content.ts';
import { sitemapXml, robotsTxt } from './sitemap.ts';
import { publicProfile } from '../profile/profile-service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Old or alternative paths of the spec and where they now live. */
export const SITE_REDIRECTS: Record<string, string> = {
  '/privacy-policy': '/privacy',
  '/legal/privacy': '/privacy',
  '/terms-of-service': '/terms',
  '/legal/terms': '/terms',
  ...Object.fromEntries(
    cities.flatMap((city) => city.aliases.map((alias) => [`/locations/${alias}`, `/locations/${city.slug}`])),
  ),
};

/** Pages whose HTML depends only on the viewer's signed-in state, rendered once per state. */
const staticPages: Record<string, () => SitePage> = {
  '/pricing': pricingPage,
  '/privacy': privacyPage,
  '/terms': termsPage,
  '/features': featuresPage,
  '/help': helpPage,
  '/demo': demoPage,
  '/contact': contactPage,
};

/**
 * The public site: every public page of the spec rendered on the server with React, its aliases,
 * the sign-out form, /sitemap.xml and /robots.txt. Mounted before the console's files, so a public
 * path never reaches the console; `siteNotFound` ends the chain with the 404 page.
 */
export function siteRouter(deps: AppDeps) {
  const router = new Router<AppState>({ strict: true });
  const origin = deps.config.publicOrigin;

  function send(ctx: AppContext, page: SitePage, path: string, cacheable = false) {
    const signedIn = Boolean(ctx.state.user);
    const html = renderSitePage(page, { signedIn, origin, supportEmail: deps.config.SUPPORT_EMAIL, path });
    ctx.status = page.status ?? 200;
    ctx.set('Cache-Control', 'private, no-cache');
    sendText(ctx, 'html', html, cacheable ? `${path}|${signedIn}` : undefined);
  }

  const templates = (ctx: AppContext) => systemTemplateDetails(ctx.state.em);

  router.get('/', async (ctx) => {
    const firstThree = await templates(ctx).then(
      (all) => all.slice(0, 3),
      (error: unknown) => {
        ctx.state.log.error({ err: error }, 'landing page: templates could not be loaded');
        return null;
      },
    );
    send(ctx, landingPage({ templates: firstThree }), '/');
  });

  for (const [path, page] of Object.entries(staticPages)) {
    router.get(path, (ctx) => send(ctx, page(), path, true));
  }

  router.get('/templates', async (ctx, next) => {
    // Signed-in owners get the console's template screen at the same path.
    if (ctx.state.user) return next();
    send(ctx, templatesIndexPage({ templates: await templates(ctx) }), '/templates');
  });

  router.get('/templates/:slug', async (ctx) => {
    const all = await templates(ctx);
    const template = all.find((candidate) => candidate.slug === ctx.params.slug);
    if (!template) return ctx.redirect('/templates');
    const related = all.filter((other) => other.slug !== template.slug && other.kind === template.kind);
    const fill = all.filter((other) => other.slug !== template.slug && other.kind !== template.kind);
    send(ctx, templatePage({ template, related: [...related, ...fill].slice(0, 3) }), `/templates/${template.slug}`);
  });

  // The library answers at its own path and at the spec's /turno; both name the former as canonical.
  for (const base of [TURNOVER_LIBRARY, LEGACY_TURNOVER_LIBRARY]) {
    router.get(base, async (ctx) => {
      const bySlug = new Map((await templates(ctx)).map((template) => [template.slug, template]));
      send(ctx, turnoIndexPage({ templates: bySlug }), TURNOVER_LIBRARY);
    });

    router.get(`${base}/:slug`, async (ctx) => {
      const guide = turnoGuides.find((candidate) => candidate.slug === ctx.params.slug);
      const template = guide && (await templates(ctx)).find((candidate) => candidate.slug === guide.templateSlug);
      if (!guide || !template) return send(ctx, turnoNotFoundPage(), ctx.path);
      send(ctx, turnoGuidePage({ slug: guide.slug, template }), turnoverGuide(guide.slug));
    });
  }

  // A host's profile, shown only while its Public Profile switch is on; else the 404 page.
  router.get('/profiles/:id', async (ctx, next) => {
    const id = ctx.params.id ?? '';
    const profile = UUID.test(id) ? await publicProfile(ctx.state.em, id) : null;
    if (!profile) return next();
    send(ctx, publicProfilePage(profile), `/profiles/${id}`);
  });

  router.get('/checklists', async (ctx) => {
    const category = typeof ctx.query.category === 'string' ? ctx.query.category : null;
    const entries = await libraryEntries(ctx.state.em);
    send(ctx, checklistsPage({ entries, categories: libraryCategories, category }), '/checklists');
  });

  router.get('/industries/:slug', async (ctx, next) => {
    const industry = industries.find((candidate) => candidate.slug === ctx.params.slug);
    if (!industry) return next();
    const all = await templates(ctx);
    const picked = industry.templateSlugs.flatMap((slug) => all.filter((template) => template.slug === slug));
    send(ctx, industryPage({ industry, templates: picked }), ctx.path);
  });

  router.get('/locations/:slug', (ctx, next) => {
    const city = cities.find((candidate) => candidate.slug === ctx.params.slug);
    if (!city) return next();
    send(ctx, locationPage({ city }), ctx.path, true);
  });

  for (const [from, to] of Object.entries(SITE_REDIRECTS)) {
    router.get(from, (ctx) => {
      ctx.status = 301;
      ctx.redirect(to);
    });
  }

  router.post(
    '/contact',
    contactFormPost(deps, (ctx, state) => send(ctx, contactPage(state), '/contact')),
  );
  router.post(
    '/demo',
    demoRunPost(deps, (ctx, error) => send(ctx, demoPage({ error }), '/demo')),
  );

  // The header's Sign Out is a form, so it works without JavaScript; the console's own sign-out is the API's.
  // Both are the spec's global sign-out (every session of the account), and both land on /auth, where the
  // console clears what it kept in the browser (console/src/App.tsx, `signed_out`).
  router.post('/sign-out', async (ctx) => {
    if (ctx.state.user) await endAllSessions(ctx.state.em, ctx.state.user.id);
    await endSession(ctx);
    ctx.status = 303;
    ctx.redirect('/auth?signed_out=1');
  });

  router.get('/sitemap.xml', async (ctx) => {
    sendText(ctx, 'application/xml', sitemapXml(origin, await templates(ctx)));
  });
  router.get('/robots.txt', (ctx) => sendText(ctx, 'text/plain', robotsTxt(origin), 'robots'));

  router.get(islandScript.path, (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    sendText(ctx, 'application/javascript', islandScript.body, islandScript.path);
  });

  const routes = router.routes() as Middleware<AppState>;
  /** '/pricing/' is '/pricing': a trailing slash on a site path redirects to the path without it. */
  const trailingSlash: Middleware<AppState> = async (ctx, next) => {
    const trimmed = ctx.path.replace(/\/+$/, '');
    if (trimmed && trimmed !== ctx.path && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      if (router.match(trimmed, 'GET').route) {
        ctx.status = 301;
        return ctx.redirect(`${trimmed}${ctx.search}`);
      }
    }
    return routes(ctx, next);
  };

  /** Ends the middleware chain: whatever nobody answered is the site's 404 page, with status 404. */
  const notFound: Middleware<AppState> = async (ctx, next) => {
    await next();
    if (ctx.body !== undefined && ctx.body !== null) return;
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || /^\/api(\/|$)/.test(ctx.path)) return;
    // Redacted like the request line: a mistyped or dead link may still carry a token.
    ctx.state.log.info({ path: redactedPath(ctx.path) }, '404 Error: User attempted to access non-existent route');
    send(ctx, notFoundPage(), ctx.path);
  };

  return { pages: trailingSlash, notFound };
}
