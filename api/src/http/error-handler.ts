import type { Middleware } from 'koa';
import type { AppState } from './context.ts';
import { HttpError } from './errors.ts';

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

/** First middleware: every failure becomes `{error, request_id}`; stack traces stay in the log. */
export function errorHandler(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
        ctx.status = 404;
        ctx.body = { error: `No API route matches ${ctx.method} ${ctx.path}.`, request_id: ctx.state.requestId };
      }
    } catch (caught) {
      const error = caught as ClientError & Error;
      const status = error.status ?? error.statusCode ?? 500;
      if (caught instanceof HttpError) {
        ctx.set(caught.headers);
        ctx.status = caught.status;
        ctx.body = {
          error: caught.message,
          ...(caught.code ? { code: caught.code } : {}),
          request_id: ctx.state.requestId,
        };
      } else if (status >= 400 && status < 500 && error.expose !== false) {
        ctx.status = status;
        ctx.body = { error: clientErrorMessage(error), request_id: ctx.state.requestId };
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
