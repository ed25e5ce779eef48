import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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

/**
 * The headers a middleware sets whatever the request (helmet's, without a CSP), worked out once: set
 * straight on each answer, they cost no run through helmet's dozen middlewares per request.
 */
function headersOf(middleware: NodeMiddleware): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    // Only X-Powered-By, which Koa never sets.
    removeHeader: () => {},
  };
  let done = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('The security headers depend on more than the answer: set them per request');
  return headers;
}

/** Answers that are no page or script (JSON, media, files) may load and run nothing, nor be framed. */
const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** A type that makes a script element a data block (JSON, JSON-LD), which a browser never runs. */
const DATA_BLOCK_TYPE = /\stype\s*=\s*["']?(?!(?:module|text\/javascript|application\/javascript)["'\s>])/i;

/** The CSP source of every inline script that runs in `html` (one of our own templates, never a served page). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (body && !DATA_BLOCK_TYPE.test(attributes ?? '')) {
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

export interface SecurityHeaderSettings {
  publicOrigin: string;
  /** Origins the front ends may also fetch from (the runner's reverse geocoder, a media store). */
  connectSources?: string[];
  /** The object store media live in: pages fetch, show and upload media there. */
  mediaSources?: string[];
  /**
   * The hashes of the inline scripts of the app's own page templates (see template-scripts.ts): the
   * only inline scripts any page may run.
   */
  templateScriptHashes?: () => Promise<string[]>;
}

/**
 * The security headers of every answer of the one origin (helmet): no framing, nosniff, a referrer
 * policy (none at all on pages reached through a magic link), HSTS on https. Pages get a
 * Content-Security-Policy that allows the app's own files and, by hash, the inline scripts of the app's
 * own templates, never those of the HTML served: a script that found its way into a page's content
 * (an escaping slip on a page showing a name or an address) does not run. Every other answer gets a
 * policy that allows nothing.
 * A handler that sets its own policy (the report preview's sandbox) keeps it.
 */
export function securityHeaders({
  publicOrigin,
  connectSources = [],
  mediaSources = [],
  templateScriptHashes = async () => [],
}: SecurityHeaderSettings): Middleware<AppState> {
  const https = publicOrigin.startsWith('https://');
  const everyAnswer = headersOf(
    helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
    }),
  );
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
    for (const [name, value] of everyAnswer) ctx.set(name, value);
    if (carriesSecret(ctx.path)) ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Content-Security-Policy', NOTHING_POLICY);
    await next();
    if (ctx.response.get('Content-Security-Policy') !== NOTHING_POLICY) return;
    if (ctx.response.is('html')) {
      pageHashes.set(ctx.res, await templateScriptHashes());
      await apply(pagePolicy, ctx);
    } else if (ctx.response.is('js')) {
      // A worker script (the runner's service worker) runs under its own response's policy: the app's.
      await apply(pagePolicy, ctx);
    }
  };
}
