import { isDatabaseUnavailable } from '@turnproof/db';
import { isTemporalUnavailable } from '@turnproof/temporal/client';
import type { Middleware } from 'koa';
import type { AppState } from './context.ts';
import { HttpError } from './errors.ts';
import { discardRefusedBody } from './refused-body.ts';

interface ClientError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

/** Errors thrown by Koa's own middleware (body parser, cookies) that a client caused. */
function clientErrorMessage(error: ClientError): string {
  if (error.type === 'entity.parse.failed') return 'The request body is not valid JSON.';
  if (error.type === 'entity.too.large') return 'The request body is too large.';
  if (error.type === 'encoding.unsupported') return 'The request body encoding is not supported.';
  return error.message ?? 'The request is not valid.';
}

/** The sentence for a request that failed because the database or Temporal is briefly away, else null. */
function outageMessage(error: unknown): string | null {
  if (isDatabaseUnavailable(error))
    return 'Turnproof cannot reach its database right now. Nothing was lost; please try again in a moment.';
  if (isTemporalUnavailable(error))
    return 'Turnproof cannot reach its workflow service right now. Nothing was lost; please try again in a moment.';
  return null;
}

function hasErrorBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}

/** First middleware: every failure becomes `{error, request_id}`; stack traces stay in the log. */
export function errorHandler(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      // The router's own answers (no route: 404; another method: 405 or 501, in plain text) get our shape too.
      if (ctx.path.startsWith('/api/') && [404, 405, 501].includes(ctx.status) && !hasErrorBody(ctx.body)) {
        const status = ctx.status;
        const allowed = ctx.response.get('Allow');
        ctx.body = {
          error:
            status === 404
              ? `No API route matches ${ctx.method} ${ctx.path}.`
              : `${ctx.method} is not allowed on ${ctx.path}${allowed ? `; it answers ${allowed}` : ''}.`,
          request_id: ctx.state.requestId,
        };
        ctx.status = status;
      }
    } catch (caught) {
      // A body left unread (an upload refused before or while it came in) leaves the connection mid-request:
      // the rest is read and thrown away, or, past a bound, the connection closes after the answer.
      if (!ctx.req.complete && !discardRefusedBody(ctx.req)) ctx.set('Connection', 'close');
      const error = caught as ClientError & Error;
      const status = error.status ?? error.statusCode ?? 500;
      if (caught instanceof HttpError) {
        ctx.set(caught.headers);
        ctx.status = caught.status;
        ctx.body = {
          error: caught.message,
          ...(caught.code ? { code: caught.code } : {}),
          ...(caught.params ? { params: caught.params } : {}),
          request_id: ctx.state.requestId,
        };
      } else if (status >= 400 && status < 500 && error.expose !== false) {
        ctx.status = status;
        ctx.body = { error: clientErrorMessage(error), request_id: ctx.state.requestId };
      } else if (outageMessage(caught)) {
        // An outage of a service we depend on, not a bug: the same request succeeds once it is back.
        ctx.state.log.warn({ err: caught }, 'request met an outage');
        ctx.status = 503;
        ctx.set('Retry-After', '5');
        ctx.body = { error: outageMessage(caught), request_id: ctx.state.requestId };
      } else {
        ctx.state.log.error({ err: caught }, 'request failed');
        ctx.status = 500;
        ctx.body = {
          error: 'Something went wrong on our side. Please try again; if it keeps happening, contact support.',
          request_id: ctx.state.requestId,
        };
      }
    }
  };
}
