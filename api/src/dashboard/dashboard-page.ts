import { TZDate } from '@date-fns/tz';
import { PAGE_COOKIES } from '@turnproof/config/page-cookies';
import { knownZone } from '@turnproof/config/time-format';
import { sessionOf } from '../auth/session-answer.ts';
import type { AppContext } from '../http/context.ts';
import { sendCompressedHtml } from '../http/send-html.ts';
import { consoleServerRender } from '../http/console-render.ts';
import { fillTemplate, templateMarks } from '../http/server-render.ts';
import type { PageRenderer } from '../http/web-assets.ts';
import { dashboardOf } from './dashboard-service.ts';

/** Without that cookie, the width of a phone or of a laptop, as the User-Agent suggests. */
const GUESSED_WIDTH = { phone: 360, other: 1280 };

/** Midnight today in `zone` (an IANA name), or in UTC when the name is missing or unknown. */
export function midnightIn(zone: string | undefined, now = new Date()): Date {
  const midnight = new TZDate(now.getTime(), knownZone(zone));
  midnight.setHours(0, 0, 0, 0);
  return new Date(midnight.getTime());
}

/** The width the console will lay the page out for: the browser's last, else a guess from the User-Agent. */
export function layoutWidth(widthCookie: string | undefined, userAgent: string, mobileHint: string): number {
  const width = Number(widthCookie);
  if (Number.isInteger(width) && width >= 200 && width <= 10_000) return width;
  // Phones say so in their User-Agent (Chromium also in the Sec-CH-UA-Mobile hint).
  return mobileHint === '?1' || /Mobi|Android/i.test(userAgent) ? GUESSED_WIDTH.phone : GUESSED_WIDTH.other;
}

/**
 * /dashboard of a signed-in owner rendered on the server from the console's own components: the greeting
 * and the stat cards paint while the console's JavaScript still downloads (on a phone's slow link, seconds),
 * and the console's first render then replaces them with the same markup. Anything else (signed out, an
 * owner still in onboarding, the console not built with its server bundle) is left to index.html.
 */
export function dashboardPage(): PageRenderer {
  return async (ctx: AppContext) => {
    const user = ctx.state.user;
    if (!user || ctx.path.replace(/\/+$/, '') !== '/dashboard') return false;
    const consoleApp = await consoleServerRender();
    if (!consoleApp) return false;
    const session = await sessionOf(ctx.state.em, user);
    if (session.access.needs_onboarding) return false;
    const since = midnightIn(ctx.cookies.get(PAGE_COOKIES.timeZone));
    // GET /api/dashboard's answer: the figures with the owner's access (the session's, just read).
    const dashboard = { ...(await dashboardOf(ctx.state.em, user.id, since)), access: session.access };
    let page: { html: string };
    try {
      page = consoleApp.bundle.renderDashboardPage({
        session,
        dashboard,
        width: layoutWidth(ctx.cookies.get(PAGE_COOKIES.width), ctx.get('User-Agent'), ctx.get('Sec-CH-UA-Mobile')),
        cookies: ctx.get('Cookie'),
      });
    } catch (error) {
      // The first screen is a head start, not the console: without it, index.html serves as before.
      ctx.state.log.error({ err: error }, 'the dashboard’s server render failed');
      return false;
    }
    // The owner's own figures: never kept by a cache, and another answer for another session cookie.
    ctx.set('Cache-Control', 'no-store');
    ctx.vary('Cookie');
    // The console's first render starts from the same answers (dashboard/served-dashboard.ts), not from a spinner.
    const state = { session, dashboard, since: since.toISOString() };
    const html = fillTemplate(consoleApp.template, templateMarks('console'), {
      html: page.html,
      state,
      stateElementId: 'console-state',
    });
    await sendCompressedHtml(ctx, html);
    return true;
  };
}
