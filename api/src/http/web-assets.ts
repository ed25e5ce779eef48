import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import { isConsoleRoute } from '../site/console-routes.ts';
import type { AppContext, AppState } from './context.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** The runner's browser build, and its server render's bundle (`vite build --ssr`). */
export const RUNNER_DIST = path.join(repoRoot, 'runner-web/dist');
export const RUNNER_SERVER_BUNDLE = path.join(repoRoot, 'runner-web/dist-server/entry-server.js');
/** The console's browser build, and the server bundle its dashboard's first screen is rendered with. */
export const CONSOLE_DIST = path.join(repoRoot, 'console/dist');
export const CONSOLE_SERVER_BUNDLE = path.join(repoRoot, 'console/dist-server/entry-server.js');

const isApiPath = (p: string) => /^\/api(\/|$)/.test(p);
/** Runs (/r/, /run/) and cleaners' schedules (/c/) are the runner's. */
const isRunnerPath = (p: string) => /^\/(r|run|c)(\/|$)/.test(p);

interface WebApp {
  /** Vite's `base` without the trailing slash: the URL prefix of the files in dist. */
  base: string;
  dist: string;
  /** The paths this app answers: a file of dist when one matches, else its index.html (client routing). */
  owns: (path: string) => boolean;
  /** The paths its index.html answers when no file matches; by default every path it owns. */
  routes?: (path: string) => boolean;
  /**
   * Its service worker: the file in dist, the URL it is registered at (which may lie outside `owns`), and
   * earlier URLs still answered for installs that registered them, with the widest scope they may control
   * (`Service-Worker-Allowed`).
   */
  serviceWorker?: { file: string; path: string; legacy?: { path: string; allowedScope: string }[] };
  /** Answers a page rendered on the server where it has one (true), before the index.html fallback. */
  renderPage?: PageRenderer;
}

/** Renders the request's page on the server and answers true, or answers false to leave it to index.html. */
export type PageRenderer = (ctx: AppContext) => Promise<boolean>;

/** The first of `renderers` that renders the page. */
export const firstPageOf =
  (...renderers: PageRenderer[]): PageRenderer =>
  async (ctx) => {
    for (const render of renderers) if (await render(ctx)) return true;
    return false;
  };

/**
 * Serves the built front ends from the same origin as the API: the runner PWA at /r/* and /run/*
 * (its files under /r/; a magic link's page rendered on the server by `renderRunnerPage`), the console's
 * files and routes elsewhere except /api/*. A front end that is not built answers nothing, so the
 * request ends as a plain 404.
 */
export function webAssets({
  renderRunnerPage,
  renderConsolePage,
}: { renderRunnerPage?: PageRenderer; renderConsolePage?: PageRenderer } = {}): Middleware<AppState>[] {
  const apps: WebApp[] = [
    {
      base: '/r',
      dist: RUNNER_DIST,
      owns: isRunnerPath,
      // The spec's /sw.js may control /r/, /run/ and /c/ as it is. Earlier versions registered /r/sw.js for
      // all three, which needs the header; their browsers still check that URL for updates.
      serviceWorker: { file: '/sw.js', path: '/sw.js', legacy: [{ path: '/r/sw.js', allowedScope: '/' }] },
      renderPage: renderRunnerPage,
    },
    {
      base: '',
      dist: CONSOLE_DIST,
      owns: (p) => !isApiPath(p) && !isRunnerPath(p),
      // Public pages are rendered by the site router; a path that is neither is left to its 404 page.
      routes: isConsoleRoute,
      // Browser notifications only (registered when the host turns them on), for the whole console.
      serviceWorker: { file: '/console-sw.js', path: '/console-sw.js' },
      renderPage: renderConsolePage,
    },
  ];
  return apps.map(serveApp);
}

function serveApp({ base, dist, owns, routes = owns, serviceWorker, renderPage }: WebApp): Middleware<AppState> {
  const files = serve(dist, { index: false });
  const assets = `${base}/assets/`;
  const workerPaths = new Map<string, string | null>();
  if (serviceWorker) {
    workerPaths.set(serviceWorker.path, null);
    for (const { path, allowedScope } of serviceWorker.legacy ?? []) workerPaths.set(path, allowedScope);
  }
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const allowedScope = workerPaths.get(ctx.path);
    if (serviceWorker && allowedScope !== undefined) {
      if (!(await sendFile(ctx, files, serviceWorker.file))) return next();
      if (allowedScope) ctx.set('Service-Worker-Allowed', allowedScope);
      // Browsers check for a new worker on navigations; the answer must not come from a cache.
      ctx.set('Cache-Control', 'no-cache');
      // A worker runs under its own script's policy: it fetches the app's files (its precache), the
      // runner's pages and, for Background Sync, the public API on this origin, nothing else.
      ctx.set('Content-Security-Policy', "default-src 'self'; script-src 'self'; object-src 'none'");
      return;
    }
    if (!owns(ctx.path)) return next();
    if (ctx.path.startsWith(`${base}/`) && (await sendFile(ctx, files, ctx.path.slice(base.length)))) {
      // Vite puts a content hash in every asset's name, so a browser may keep one forever.
      if (ctx.path.startsWith(assets)) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      return;
    }
    // A missing script or stylesheet is a 404, not the app shell served as text/html.
    if (ctx.path.startsWith(assets) || !routes(ctx.path)) return next();
    if (renderPage && (await renderPage(ctx))) return;
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
