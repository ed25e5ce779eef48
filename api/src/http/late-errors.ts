import type Koa from 'koa';
import type { Logger } from 'pino';
import type { AppState } from './context.ts';
import { redactedPath } from './secret-paths.ts';

/**
 * What Koa reports once an answer has begun (its body streaming: a file, a photo, a PDF), logged as the
 * request's own lines rather than as Koa's default, a bare stack on stderr. A client that left mid-answer (a
 * page that navigated away while a file loaded) is no fault of ours: one info line says so.
 */
export function logLateErrors(app: Koa<AppState>, logger: Logger): void {
  const left = new WeakSet<Koa.ParameterizedContext<AppState>>();
  app.on('error', (error: NodeJS.ErrnoException, ctx?: Koa.ParameterizedContext<AppState>) => {
    const request = ctx ? { request_id: ctx.state.requestId, method: ctx.method, path: redactedPath(ctx.path) } : {};
    // The client's socket failed (a reset), or it closed before the body's stream had ended.
    if (ctx && (error === ctx.req.socket.errored || error.code === 'ERR_STREAM_PREMATURE_CLOSE')) {
      // A reset is reported twice (the socket's error, then the stream's): one line per request.
      if (!left.has(ctx)) logger.info(request, 'the client left before the answer ended');
      left.add(ctx);
      return;
    }
    logger.error({ ...request, err: error }, 'an answer failed after it began');
  });
}
