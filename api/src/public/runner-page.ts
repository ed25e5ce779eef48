import path from 'node:path';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { sendCompressedHtml } from '../http/send-html.ts';
import { builtServerRender, fillTemplate, inlineStylesheets, templateMarks } from '../http/server-render.ts';
import { RUNNER_DIST, RUNNER_SERVER_BUNDLE, type PageRenderer } from '../http/web-assets.ts';
import { toPublicRun } from './public-run-view.ts';
import { runForToken } from './run-access.ts';
import { noteRunOpened } from './run-opened.ts';

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
    let run: Awaited<ReturnType<typeof runForToken>> | null = null;
    try {
      run = await runForToken(ctx.state.em, token);
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
    if (run) await noteRunOpened(ctx.state.em, run, page.state.locale);
    ctx.status = status;
    // The page holds the run as it is now, and signed media links: never kept by a cache.
    ctx.set('Cache-Control', 'no-store');
    const html = fillTemplate(runner.template, templateMarks('runner'), {
      html: page.html,
      state: page.state,
      stateElementId: 'runner-state',
      lang: page.state.locale,
    });
    await sendCompressedHtml(ctx, html);
    return true;
  };
}
