import path from 'node:path';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { Config } from '@turnproof/config';
import Koa from 'koa';
import { accountRouter } from './account/account-router.ts';
import { analyticsRouter } from './analytics/analytics-router.ts';
import type { AppDeps } from './app-deps.ts';
import { vitalsRouter } from './vitals/vitals-router.ts';
import { authRouter } from './auth/auth-router.ts';
import { stripeRouter } from './billing/stripe-router.ts';
import { subscriptionRouter } from './billing/subscription-router.ts';
import { loadSession } from './auth/sessions.ts';
import { signedOutPages } from './auth/signed-out-pages.ts';
import { checklistsRouter } from './checklists/checklists-router.ts';
import { dashboardPage } from './dashboard/dashboard-page.ts';
import { dashboardRouter } from './dashboard/dashboard-router.ts';
import { developersPage } from './developers/developers-page.ts';
import { healthRouter } from './health/health-router.ts';
import type { AppState } from './http/context.ts';
import { errorHandler } from './http/error-handler.ts';
import { logLateErrors } from './http/late-errors.ts';
import { requestContext } from './http/request-context.ts';
import { sameOriginWrites } from './http/same-origin-writes.ts';
import { secureCookiesOnHttpsOrigin } from './http/secure-cookies.ts';
import { templateScriptHashes } from './http/template-scripts.ts';
import { securityHeaders } from './http/security-headers.ts';
import { temporalDeadline } from './http/temporal-deadline.ts';
import { CONSOLE_DIST, firstPageOf, RUNNER_DIST, webAssets } from './http/web-assets.ts';
import { openApiRouter } from './openapi/openapi-router.ts';
import { ladderSettingsRouter } from './profile/ladder-settings.ts';
import { profileRouter } from './profile/profile-router.ts';
import { promoRouter } from './promo/promo-router.ts';
import { calendarRouter } from './properties/calendar-router.ts';
import { propertiesRouter } from './properties/properties-router.ts';
import { onboardingRouter } from './onboarding/onboarding-router.ts';
import { mediaRouter } from './public/media-router.ts';
import { publicRunRouter, testRunRouter } from './public/public-run-router.ts';
import { publicHoursRouter } from './public/public-hours-router.ts';
import { deviceKeyRouter } from './public/device-key-router.ts';
import { throttlePublicApi } from './public/public-throttle.ts';
import { runnerPage } from './public/runner-page.ts';
import { issuesRouter } from './issues/issues-router.ts';
import { liveRouter } from './live/live-router.ts';
import { reportsRouter } from './runs/reports-router.ts';
import { runEvidenceRouter } from './runs/run-evidence-router.ts';
import { changeMapsRouter } from './runs/change-maps-router.ts';
import { runTimelineRouter } from './runs/run-timeline-router.ts';
import { runHoursRouter } from './runs/run-hours-router.ts';
import { runsRouter } from './runs/runs-router.ts';
import { contactRouter } from './site/contact-router.ts';
import { libraryRouter } from './site/library-router.ts';
import { ogImageRouter } from './site/og-image.ts';
import { sampleReportRouter } from './site/sample-report.ts';
import { siteRouter } from './site/site-router.ts';
import { restockRouter } from './supplies/restock-router.ts';
import { suppliesRouter } from './supplies/supplies-router.ts';
import { tasksRouter } from './tasks/tasks-router.ts';
import { teamRouter } from './team/team-router.ts';
import { payRouter } from './pay/pay-router.ts';
import { publicScheduleRouter, scheduleLinkRouter } from './schedule/schedule-router.ts';
import { templatesRouter } from './templates/templates-router.ts';
import { unknownRunPage } from './verify/verify-page.ts';
import { RunVerifications } from './verify/run-verifications.ts';
import { verifyApiRouter, verifyPageRouter } from './verify/verify-router.ts';
import { reviewRouter } from './review/review-router.ts';
import { claimClockRouter } from './claims/claim-clock-router.ts';
import { claimsRouter } from './claims/claims-router.ts';
import { runMessagesRouter } from './messaging/run-messages-router.ts';
import { twilioRouter } from './messaging/twilio-router.ts';
import { apiKeysRouter } from './api-keys/api-keys-router.ts';
import { v1ErrorShape } from './v1/error-shape.ts';
import { authenticateApiKey } from './v1/key-auth.ts';
import { v1PropertiesRouter } from './v1/v1-properties.ts';
import { v1RunsRouter } from './v1/v1-runs.ts';
import { v1WebhooksRouter } from './v1/v1-webhooks.ts';
import { v1WorkOrdersRouter } from './v1/v1-work-orders.ts';
import { webhooksRouter } from './webhooks/webhooks-router.ts';
import { publicPushRouter, pushRouter } from './push/push-router.ts';
import { vendorPage, vendorPageScripts } from './work-orders/vendor-page.ts';
import { vendorRouter } from './work-orders/vendor-router.ts';
import { workOrdersRouter } from './work-orders/work-orders-router.ts';

/** Other origins the front ends fetch from, for their Content-Security-Policy. */
function connectSources(config: Config): string[] {
  const geocoder = config.VITE_REVERSE_GEOCODING_URL?.replace(/\{(lat|lon)\}/g, '0');
  return geocoder && URL.canParse(geocoder) ? [new URL(geocoder).origin] : [];
}

/** The object store's origin: the runner PUTs photos there, and media links redirect there. */
function mediaStoreSources(config: Config): string[] {
  if (!config.s3 || !URL.canParse(config.s3.publicEndpoint)) return [];
  const endpoint = new URL(config.s3.publicEndpoint);
  if (!config.s3.forcePathStyle) endpoint.hostname = `${config.s3.bucket}.${endpoint.hostname}`;
  return [endpoint.origin];
}

/** The whole HTTP surface; tests drive it over a real socket with real dependencies. */
export function createApp(deps: AppDeps): Koa<AppState> {
  const app = new Koa<AppState>();
  logLateErrors(app, deps.logger);
  // X-Forwarded-* headers are anyone's to write; only the configured proxies' entries are believed.
  app.proxy = deps.config.TRUST_PROXY > 0;
  app.maxIpsCount = deps.config.TRUST_PROXY;
  // One cache for the verification page and its JSON twin.
  const verifications = new RunVerifications(deps.orm, deps.storage, deps.verificationRecheckMs);

  const api = new Router<AppState>({ prefix: '/api' });
  for (const router of [
    healthRouter(deps),
    authRouter(deps),
    propertiesRouter(deps),
    calendarRouter(deps),
    suppliesRouter(),
    restockRouter(),
    // Before the owner's checklists: /checklists/library is not a checklist id.
    libraryRouter(deps),
    checklistsRouter(),
    tasksRouter(),
    templatesRouter(),
    runsRouter(deps),
    runTimelineRouter(),
    runHoursRouter(),
    runMessagesRouter(),
    runEvidenceRouter(deps),
    changeMapsRouter(deps),
    issuesRouter(deps),
    workOrdersRouter(deps),
    vendorRouter(deps),
    reportsRouter(deps),
    publicRunRouter(deps),
    publicHoursRouter(deps),
    deviceKeyRouter(),
    testRunRouter(),
    mediaRouter(deps),
    promoRouter(deps),
    subscriptionRouter(),
    stripeRouter(deps),
    onboardingRouter(deps),
    dashboardRouter(),
    liveRouter(),
    analyticsRouter(),
    teamRouter(deps),
    payRouter(deps),
    scheduleLinkRouter(deps),
    publicScheduleRouter(deps),
    profileRouter(),
    ladderSettingsRouter(deps),
    accountRouter(deps),
    verifyApiRouter(deps, verifications),
    reviewRouter(deps),
    claimsRouter(deps),
    claimClockRouter(),
    twilioRouter(deps),
    pushRouter(deps),
    publicPushRouter(deps),
    contactRouter(deps),
    ogImageRouter(deps),
    sampleReportRouter(deps),
    vitalsRouter(deps),
    apiKeysRouter(),
    v1PropertiesRouter(deps),
    v1RunsRouter(deps),
    webhooksRouter(deps),
    v1WebhooksRouter(deps),
    v1WorkOrdersRouter(),
    openApiRouter(deps.config.publicOrigin),
  ]) {
    // Only the routes: `api.use` copies them into `api`, whose one allowedMethods (below) answers 405 and
    // OPTIONS for all. A router's own allowedMethods would be a path-less layer that every /api request
    // matches, composes (O(n²) in koa-compose) and runs: about 60 of them on the cleaners' every tick.
    api.use(router.routes());
  }

  const site = siteRouter(deps);

  // First, so the measured time and status include the error handler's answer.
  if (deps.metrics) app.use(deps.metrics.middleware);
  app.use(requestContext(deps.orm, deps.logger));
  app.use(
    securityHeaders({
      publicOrigin: deps.config.publicOrigin,
      connectSources: connectSources(deps.config),
      mediaSources: mediaStoreSources(deps.config),
      templateScriptHashes: templateScriptHashes({
        templateFiles: [path.join(CONSOLE_DIST, 'index.html'), path.join(RUNNER_DIST, 'index.html')],
        fixedPages: [unknownRunPage(), vendorPageScripts()],
      }),
    }),
  );
  // /api/v1: no cookies, and every error with a code; then its API key, before anything else runs.
  app.use(v1ErrorShape());
  app.use(errorHandler());
  app.use(authenticateApiKey(deps));
  app.use(sameOriginWrites(deps.config.publicOrigin));
  app.use(temporalDeadline(deps.temporal));
  app.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }));
  // After the body parser: the runner's writes carry their link in the body.
  app.use(throttlePublicApi(deps));
  app.use(secureCookiesOnHttpsOrigin(deps.config.publicOrigin));
  app.use(loadSession());
  app.use(site.notFound);
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: false }));
  app.use(verifyPageRouter(deps, verifications).routes());
  app.use(vendorPage(deps).routes());
  app.use(developersPage().routes());
  app.use(site.pages);
  const renderConsolePage = firstPageOf(dashboardPage(), signedOutPages(deps));
  for (const middleware of webAssets({ renderRunnerPage: runnerPage(deps), renderConsolePage })) {
    app.use(middleware);
  }
  return app;
}
