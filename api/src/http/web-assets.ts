import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import type { AppContext, AppState } from './context.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

const isApiPath = (p: string) => /^\/api(\/|$)/.test(p);
const isRunnerPath = (p: string) => /^\/(r|run)(\/|$)/.test(p);

interface WebApp {
  /** Vite's `base` without the trailing slash: the URL prefix of the files in dist. */
  base: string;
  dist: string;
  /** The paths this app answers: a file of dist when one matches, else its index.html (client routing). */
  owns: (path: string) => boolean;
  /** Its service worker's URL, and the widest scope it may be registered for (`Service-Worker-Allowed`). */
  serviceWorker?: { path: string; allowedScope: string };
}

const apps: WebApp[] = [
  {
    base: '/r',
    dist: path.join(repoRoot, 'runner-web/dist'),
    owns: isRunnerPath,
    // /r/sw.js is registered for /r/ and for /run/: one header value must allow both.
    serviceWorker: { path: '/r/sw.js', allowedScope: '/' },
  },
  { base: '', dist: path.join(repoRoot, 'console/dist'), owns: (p) => !isApiPath(p) && !isRunnerPath(p) },
];

/**
 * Serves the built front ends from the same origin as the API: the runner PWA at /r/* and /run/*
 * (its files under /r/), the console and public pages everywhere else except /api/*. A front end that
 * is not built answers nothing, so the request ends as a plain 404.
 */
export function webAssets(): Middleware<AppState>[] {
  return apps.map(serveApp);
}

function serveApp({ base, dist, owns, serviceWorker }: WebApp): Middleware<AppState> {
  const files = serve(dist, { index: false });
  const assets = `${base}/assets/`;
  return async (ctx, next) => {
    if (!owns(ctx.path) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (ctx.path.startsWith(`${base}/`) && (await sendFile(ctx, files, ctx.path.slice(base.length)))) {
      // Vite puts a content hash in every asset's name, so a browser may keep one forever.
      if (ctx.path.startsWith(assets)) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      if (ctx.path === serviceWorker?.path) {
        ctx.set('Service-Worker-Allowed', serviceWorker.allowedScope);
        ctx.set('Cache-Control', 'no-cache');
      }
      return;
    }
    // A missing script or stylesheet is a 404, not the app shell served as text/html.
    if (ctx.path.startsWith(assets)) return next();
    if (!(await sendFile(ctx, files, '/index.html'))) await next();
  };
}

/** Sends `filePath` of the app's dist for the current request; false when there is no such file. */
async function sendFile(ctx: AppContext, files: Middleware, filePath: string): Promise<boolean> {
  const requestedPath = ctx.path;
  let sent = true;
  ctx.path = filePath;
  try {
    await files(ctx, async () => {
      sent = false;
    });
  } finally {
    ctx.path = requestedPath;
  }
  return sent;
}
