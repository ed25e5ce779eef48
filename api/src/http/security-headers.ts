import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import helmet from 'helmet';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from './context.ts';
import { carriesSecret } from './secret-paths.ts';

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

function apply(middleware: NodeMiddleware, ctx: AppContext): Promise<void> {
  return new Promise((resolve, reject) =>
    middleware(ctx.req, ctx.res, (error) => (error ? reject(error as Error) : resolve())),
  );
}

/** Answers that are no page or script (JSON, media, files) may load and run nothing, nor be framed. */
const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** The CSP source of every inline script of a page, so exactly those run and nothing injected does. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, body] of html.matchAll(INLINE_SCRIPT)) {
    if (body) hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The page as text; koa-static answers a (possibly precompressed) file stream. */
async function pageText(ctx: AppContext): Promise<string> {
  const body: unknown = ctx.body;
  if (typeof body === 'string') return body;
  const bytes = Buffer.isBuffer(body) ? body : body instanceof Readable ? Buffer.concat(await body.toArray()) : null;
  if (!bytes) return '';
  // Keep the bytes as they go out; read the page through its encoding.
  ctx.body = bytes;
  const encoding = ctx.response.get('Content-Encoding');
  if (encoding === 'br') return text(Readable.from([bytes]).pipe(createBrotliDecompress()));
  if (encoding === 'gzip') return text(Readable.from([bytes]).pipe(createGunzip()));
  return bytes.toString('utf8');
}

export interface SecurityHeaderSettings {
  publicOrigin: string;
  /** Origins the front ends may also fetch from (the runner's reverse geocoder, a media store). */
  connectSources?: string[];
  /** The object store media live in: pages fetch, show and upload media there. */
  mediaSources?: string[];
}

/**
 * The security headers of every answer of the one origin (helmet): no framing, nosniff, a referrer
 * policy (none at all on pages reached through a magic link), HSTS on https. Pages of the front ends
 * get a Content-Security-Policy that allows the app's own files and, by hash, the inline scripts of
 * the very HTML served, whatever the build put there; every other answer gets one that allows nothing.
 * A handler that sets its own policy (the report preview's sandbox) keeps it.
 */
export function securityHeaders({
  publicOrigin,
  connectSources = [],
  mediaSources = [],
}: SecurityHeaderSettings): Middleware<AppState> {
  const https = publicOrigin.startsWith('https://');
  const everyAnswer = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const pageHashes = new WeakMap<ServerResponse, string[]>();
  const pagePolicy = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", (_req, res) => (pageHashes.get(res) ?? []).join(' ')],
      // MUI (emotion) writes its styles into <style> elements at run time; only scripts are held to hashes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...mediaSources],
      mediaSrc: ["'self'", 'blob:', ...mediaSources],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...connectSources, ...mediaSources],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  });

  return async (ctx, next) => {
    await apply(everyAnswer, ctx);
    if (carriesSecret(ctx.path)) ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Content-Security-Policy', NOTHING_POLICY);
    await next();
    if (ctx.response.get('Content-Security-Policy') !== NOTHING_POLICY) return;
    if (ctx.response.is('html')) {
      pageHashes.set(ctx.res, inlineScriptHashes(await pageText(ctx)));
      await apply(pagePolicy, ctx);
    } else if (ctx.response.is('js')) {
      // A worker script (the runner's service worker) runs under its own response's policy: the app's.
      await apply(pagePolicy, ctx);
    }
  };
}
