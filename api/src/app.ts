import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import { accountRouter } from './account/account-router.ts';
import { analyticsRouter } from './analytics/analytics-router.ts';
import type { AppDeps } from './app-deps.ts';
import { authRouter } from './auth/auth-router.ts';
import { stripeRouter } from './billing/stripe-router.ts';
import { subscriptionRouter } from './billing/subscription-router.ts';
import { loadSession } from './auth/sessions.ts';
import { checklistsRouter } from './checklists/checklists-router.ts';
import { dashboardRouter } from './dashboard/dashboard-router.ts';
import { healthRouter } from './health/health-router.ts';
import type { AppState } from './http/context.ts';
import { errorHandler } from './http/error-handler.ts';
import { requestContext } from './http/request-context.ts';
import { webAssets } from './http/web-assets.ts';
import { buildOpenApiDocument } from './openapi/document.ts';
import { profileRouter } from './profile/profile-router.ts';
import { promoRouter } from './promo/promo-router.ts';
import { propertiesRouter } from './properties/properties-router.ts';
import { onboardingRouter } from './onboarding/onboarding-router.ts';
import { mediaRouter } from './public/media-router.ts';
import { publicRunRouter, testRunRouter } from './public/public-run-router.ts';
import { reportsRouter } from './runs/reports-router.ts';
import { runsRouter } from './runs/runs-router.ts';
import { tasksRouter } from './tasks/tasks-router.ts';
import { teamRouter } from './team/team-router.ts';
import { templatesRouter } from './templates/templates-router.ts';

/** The whole HTTP surface; tests drive it over a real socket with real dependencies. */
export function createApp(deps: AppDeps): Koa<AppState> {
  const app = new Koa<AppState>();
  app.proxy = deps.config.PUBLIC_ORIGIN?.startsWith('https://') ?? false;

  const api = new Router<AppState>({ prefix: '/api' });
  for (const router of [
    healthRouter(deps),
    authRouter(deps),
    propertiesRouter(deps),
    checklistsRouter(),
    tasksRouter(),
    templatesRouter(),
    runsRouter(deps),
    reportsRouter(deps),
    publicRunRouter(deps),
    testRunRouter(),
    mediaRouter(deps),
    promoRouter(deps),
    subscriptionRouter(),
    stripeRouter(deps),
    onboardingRouter(deps),
    dashboardRouter(),
    analyticsRouter(),
    teamRouter(deps),
    profileRouter(),
    accountRouter(deps),
  ]) {
    api.use(router.routes(), router.allowedMethods());
  }
  const openApiDocument = buildOpenApiDocument(deps.config.publicOrigin);
  api.get('/openapi.json', (ctx) => {
    ctx.body = openApiDocument;
  });

  app.use(requestContext(deps.orm, deps.logger));
  app.use(errorHandler());
  app.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }));
  app.use(loadSession());
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: false }));
  for (const middleware of webAssets()) app.use(middleware);
  return app;
}
