import type { Middleware } from 'koa';
import type { AppState } from '../http/context.ts';
import { isV1Path } from './v1-paths.ts';

/** The code of an error the API raised without one of its own, by status. */
const CODES_BY_STATUS: Record<number, string> = {
  400: 'invalid_input',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'unavailable',
};

const codeFor = (status: number) => CODES_BY_STATUS[status] ?? `http_${status}`;

/**
 * The edge of /api/v1, outside the error handler: a request is its API key and nothing else, so cookies
 * are dropped before anything reads them (no session, no cross-site request riding on one); and every
 * error answer is `{error, code, request_id}` with a code, whatever raised it (the body parser, the
 * router's 404, a service's error without a code of its own).
 */
export function v1ErrorShape(): Middleware<AppState> {
  return async (ctx, next) => {
    if (!isV1Path(ctx.path)) return next();
    delete ctx.req.headers.cookie;
    await next();
    const body: unknown = ctx.body;
    if (ctx.status >= 400 && typeof body === 'object' && body !== null && 'error' in body && !('code' in body)) {
      ctx.body = { ...body, code: codeFor(ctx.status) };
    }
  };
}
