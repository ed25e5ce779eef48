import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { builtServerRender, fillTemplate, inlineStylesheets, templateMarks } from '../http/server-render.ts';
import { RUNNER_DIST, RUNNER_SERVER_BUNDLE, type PageRenderer } from '../http/web-assets.ts';
import { toPublicRun } from './public-run-view.ts';
import { runForToken } from './run-access.ts';

/** What the API uses of runner-web/src/entry-server.tsx (built to dist-server/entry-server.js). */
interface RunnerServerBundle {
  renderRunnerPage(request: {
    token: string;
    served: { state: 'loaded'; body: unknown; fetchedAt: number } | { state: 'invalid-link' };
    cookie: (name: string) => string | null;
    acceptLanguage: string | null;
  }): { html: string; state: { locale: string } };
}

/** The token of `/r/{token}` or `/run/{token}` (the rule of runner-web/src/run-token.ts). */
function linkToken(pathname: string): string | null {
  const match = /^\/(?:r|run)\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * A magic link's page rendered on the server from the runner's own components: the run's first screen
 * paints before any JavaScript runs, and the page carries the run (GET /api/public/run's answer) for
 * hydration. Invalid links render the Invalid Magic Link screen with 404 (unknown) or 410 (revoked,
 * expired). Until the runner is built with its server bundle, the static index.html answers instead.
 */
export function runnerPage(deps: Pick<AppDeps, 'config'>): PageRenderer {
  const built = builtServerRender<RunnerServerBundle>(
    path.join(RUNNER_DIST, 'index.html'),
    RUNNER_SERVER_BUNDLE,
    (template) => inlineStylesheets(template, RUNNER_DIST, '/r/'),
  );
  const links = { origin: deps.config.publicOrigin, secretKey: deps.config.SECRET_KEY };
  return async (ctx: AppContext) => {
    const token = linkToken(ctx.path);
    if (!token) return false;
    const runner = await built();
    if (!runner) return false;
    let status = 200;
    let served: Parameters<RunnerServerBundle['renderRunnerPage']>[0]['served'];
    try {
      const run = await runForToken(ctx.state.em, token);
      served = { state: 'loaded', body: await toPublicRun(ctx.state.em, run, links), fetchedAt: Date.now() };
    } catch (error) {
      if (!(error instanceof HttpError) || (error.status !== 404 && error.status !== 410)) throw error;
      status = error.status;
      served = { state: 'invalid-link' };
    }
    const page = runner.bundle.renderRunnerPage({
      token,
      served,
      cookie: (name) => ctx.cookies.get(name) ?? null,
      acceptLanguage: ctx.get('Accept-Language') || null,
    });
    ctx.status = status;
    // The page holds the run as it is now, and signed media links: never kept by a cache.
    ctx.set('Cache-Control', 'no-store');
    const html = fillTemplate(runner.template, templateMarks('runner'), {
      html: page.html,
      state: page.state,
      stateElementId: 'runner-state',
      lang: page.state.locale,
    });
    await sendCompressed(ctx, html);
    return true;
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The page in the encoding the browser takes: a 25-task run is some 30 KB of HTML and JSON, a fifth of
 * that compressed, on the slow mobile links the runner is made for. (The built files are precompressed.)
 */
async function sendCompressed(ctx: AppContext, html: string): Promise<void> {
  ctx.vary('Accept-Encoding');
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br') {
    ctx.set('Content-Encoding', 'br');
    ctx.body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  } else if (encoding === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = await gzipped(html);
  } else {
    ctx.body = html;
  }
  ctx.type = 'html';
}
