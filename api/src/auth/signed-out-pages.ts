import type { AppDeps } from '../app-deps.ts';
import { consoleServerRender } from '../http/console-render.ts';
import { pageLanguage } from '../http/page-language.ts';
import { sendCompressedHtml } from '../http/send-html.ts';
import { fillTemplate, templateMarks, withoutScriptNotice } from '../http/server-render.ts';
import type { PageRenderer } from '../http/web-assets.ts';
import { googleSignInConfigured } from './google.ts';

/** The console's screens for visitors who are signed out. */
const SIGNED_OUT_PATHS = new Set(['/auth', '/password-reset']);

/**
 * /auth and /password-reset for a visitor who is signed out, rendered on the server by the console's own
 * components and hydrated in the browser: a first visit's phone shows the form as soon as the HTML arrives,
 * not after the console's JavaScript. A signed-in visitor gets index.html (the console sends them on to
 * /onboarding); so does everyone while the console is not built with its server bundle.
 */
export function signedOutPages(deps: Pick<AppDeps, 'config'>): PageRenderer {
  return async (ctx) => {
    if (ctx.state.user || !SIGNED_OUT_PATHS.has(ctx.path.replace(/\/+$/, ''))) return false;
    const consoleApp = await consoleServerRender();
    if (!consoleApp) return false;
    const providers = { google: googleSignInConfigured(deps.config) };
    // The language the browser's console will start in (console/src/i18n/language.ts), so hydration matches.
    const language = pageLanguage(ctx);
    let page: { html: string };
    try {
      page = await consoleApp.bundle.renderSignedOutPage({ url: ctx.url, providers, language });
    } catch (error) {
      ctx.state.log.error({ err: error }, 'a signed-out page’s server render failed');
      return false;
    }
    // Another answer for a signed-in browser (index.html).
    ctx.vary('Cookie');
    const state = { session: { user: null, profile: null, access: null }, providers, hydrate: true, language };
    // Their forms work without JavaScript (plain POSTs the server answers): the notice that it is needed is not true.
    const html = fillTemplate(withoutScriptNotice(consoleApp.template), templateMarks('console'), {
      html: page.html,
      state,
      stateElementId: 'console-state',
      lang: language,
    });
    await sendCompressedHtml(ctx, html);
    return true;
  };
}
