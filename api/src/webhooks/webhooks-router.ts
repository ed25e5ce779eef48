import Router from '@koa/router';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { addWebhookRoutes } from './webhook-routes.ts';

/** The owner's webhook endpoints, managed from the console (Settings, Developers). */
export function webhooksRouter(deps: AppDeps) {
  const router = new Router<AppState>();
  addWebhookRoutes(router, deps, {
    owner: (ctx) => requireUser(ctx).id,
    auth: { signedIn: true },
    errors: (own) => ({ 401: 'Authentication required', 403: 'A plan without the API (upgrade_for_api)', ...own }),
    tags: ['Webhooks'],
  });
  return router;
}
