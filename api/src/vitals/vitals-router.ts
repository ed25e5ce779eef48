import Router from '@koa/router';
import { rateWebVital, WEB_VITAL_APPS, WEB_VITAL_NAMES } from '@turnproof/config';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';

const webVital = z.object({
  app: z.enum(WEB_VITAL_APPS),
  name: z.enum(WEB_VITAL_NAMES),
  value: z.number().nonnegative().max(3_600_000),
});

const rated = z.object({ rating: z.enum(['good', 'needs-improvement', 'poor']) });

/**
 * POST /api/vitals: one web vital of a page load in the console or the runner (the spec sends them to
 * analytics). It is counted by rating in the API's Prometheus metrics; nothing is stored per visitor.
 */
export function vitalsRouter(deps: AppDeps) {
  const router = new Router<AppState>();
  addRoute(
    router,
    {
      method: 'post',
      path: '/vitals',
      summary: 'Report a web vital (LCP, CLS, INP, FCP, TTFB) of a page load; counted by the spec’s thresholds',
      tags: ['Metrics'],
      body: webVital,
      ok: { description: 'The rating the value got', schema: rated },
    },
    (ctx) => {
      const { app, name, value } = parseInput(webVital, ctx.request.body);
      deps.metrics?.recordWebVital(app, name, value);
      ctx.body = { rating: rateWebVital(name, value) };
    },
  );
  return router;
}
