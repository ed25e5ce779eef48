import type { Middleware } from 'koa';
import type { AppState } from './context.ts';

/**
 * Behind a proxy that ends TLS the API's own socket is plain HTTP (`ctx.secure` is false unless
 * TRUST_PROXY believes X-Forwarded-Proto), yet browsers reach an https PUBLIC_ORIGIN: there every
 * cookie is marked Secure, so a session never travels over plain HTTP, whatever the proxy says.
 */
export function secureCookiesOnHttpsOrigin(publicOrigin: string): Middleware<AppState> {
  const https = publicOrigin.startsWith('https://');
  return async (ctx, next) => {
    if (https) ctx.cookies.secure = true;
    await next();
  };
}
