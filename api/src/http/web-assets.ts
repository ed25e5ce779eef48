import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import type { AppState } from './context.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Serves the built front ends from the same origin as the API: the runner PWA at /r/* and /run/*,
 * the console and public pages everywhere else. Unknown paths get the app shell (client routing).
 */
export function webAssets(): Middleware<AppState>[] {
  const apps = [
    { dist: path.join(repoRoot, 'runner-web/dist'), matches: (p: string) => /^\/(r|run)(\/|$)/.test(p) },
    { dist: path.join(repoRoot, 'console/dist'), matches: () => true },
  ].filter((app) => existsSync(path.join(app.dist, 'index.html')));

  return apps.map(({ dist, matches }) => {
    const files = serve(dist, { index: 'index.html', maxage: 0 });
    return async (ctx, next) => {
      if (ctx.path.startsWith('/api/') || !matches(ctx.path) || !['GET', 'HEAD'].includes(ctx.method)) return next();
      await files(ctx, async () => {
        ctx.path = '/index.html';
        await files(ctx, next);
      });
    };
  });
}
