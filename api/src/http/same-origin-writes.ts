import type { Middleware } from 'koa';
import type { AppState } from './context.ts';
import { forbidden } from './errors.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Callers that are servers, not browsers, and prove themselves another way (Stripe and Twilio sign their requests). */
const SIGNED_ENDPOINTS = new Set([
  '/api/stripe/webhook',
  '/api/messaging/twilio/inbound',
  '/api/messaging/twilio/status',
]);

export const crossSiteMessage = 'This request came from another site and was refused.';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests that a browser sent on behalf of another site: the `Origin` header
 * (or, when a browser leaves it out, the `Referer`) must be this app's. The session cookie is
 * SameSite=Lax, which sibling subdomains and old browsers get around, and body-less POSTs (sign out,
 * rotate a link, regenerate a report) or text/plain bodies need no preflight. Clients that send
 * neither header are not browsers acting for a page, and carry no ambient cookie of a victim.
 */
export function sameOriginWrites(publicOrigin: string): Middleware<AppState> {
  return async (ctx, next) => {
    if (!READS.has(ctx.method) && !SIGNED_ENDPOINTS.has(ctx.path)) {
      const origin = ctx.get('Origin');
      const referer = ctx.get('Referer');
      const source = origin || (referer ? (originOf(referer) ?? 'null') : '');
      // The app's own address, or the one this request reached (another name for it, such as the dev proxy).
      if (source && source !== publicOrigin && source !== `${ctx.protocol}://${ctx.host}`) {
        throw forbidden(crossSiteMessage);
      }
    }
    await next();
  };
}
