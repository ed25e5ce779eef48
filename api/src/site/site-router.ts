import Router from '@koa/router';
import {
  cities,
  contactPage,
  demoPage,
  islandScript,
  notFoundPage,
  renderSitePage,
  type SitePage,
} from '@turnproof/site';
import type { Middleware } from 'koa';
import type { AppDeps } from '../app-deps.ts';
import { endAllSessions, endSession } from '../auth/sessions.ts';
import { redactedPath } from '../http/secret-paths.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { authFormPost } from '../auth/auth-form.ts';
import { newPasswordFormPost, passwordResetFormPost } from '../auth/password-reset-form.ts';
import { contactFormPost } from './contact-form.ts';
import { demoRunPost } from './demo-run.ts';
import { textSender } from './html-response.ts';
import { systemTemplateDetails } from './site-content.ts';
import { SITE_PAGES } from './site-pages.ts';
import { sitemapXml, robotsTxt } from './sitemap.ts';

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

/**
 * The public site: every public page of the spec rendered on the server with React, its aliases, the
 * forms of the console's first screens (sign-out, sign-in and sign-up, password reset), /sitemap.xml and /robots.txt. Mounted before the console's
 * files, so a public path never reaches the console; `siteNotFound` ends the chain with the 404 page.
 */
export function siteRouter(deps: AppDeps) {
  const router = new Router<AppState>({ strict: true });
  const origin = deps.config.publicOrigin;
  const sendText = textSender();

  function send(ctx: AppContext, page: SitePage, path: string, cacheable = false) {
    const signedIn = Boolean(ctx.state.user);
    const html = renderSitePage(page, { signedIn, origin, supportEmail: deps.config.SUPPORT_EMAIL, path });
    ctx.status = page.status ?? 200;
    ctx.set('Cache-Control', 'private, no-cache');
    sendText(ctx, 'html', html, cacheable ? `${path}|${signedIn}` : undefined);
  }

  for (const route of SITE_PAGES) {
    router.get(route.pattern, async (ctx, next) => {
      const category = typeof ctx.query.category === 'string' ? ctx.query.category : null;
      const request = { em: ctx.state.em, signedIn: Boolean(ctx.state.user), category, log: ctx.state.log };
      const answer = await route.answer(request, ctx.params);
      if (!answer) return next();
      if ('redirect' in answer) return ctx.redirect(answer.redirect);
      send(ctx, answer.page, answer.path, answer.cacheable);
    });
  }

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

  // /password-reset is the console's page (rendered on the server for a visitor signed out); its forms post
  // here, so they work before the console's JavaScript has started, or without it. So does /auth's.
  router.post('/password-reset', passwordResetFormPost(deps));
  router.post('/password-reset/new-password', newPasswordFormPost(deps));
  router.post('/auth', authFormPost(deps));

  router.get('/sitemap.xml', async (ctx) => {
    sendText(ctx, 'application/xml', sitemapXml(origin, await systemTemplateDetails(ctx.state.em)));
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
