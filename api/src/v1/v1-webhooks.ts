import Router from '@koa/router';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { addWebhookRoutes } from '../webhooks/webhook-routes.ts';
import { keyOwner } from './key-auth.ts';
import { v1Errors } from './v1-errors.ts';
import { V1_PREFIX } from './v1-paths.ts';

/** Webhook endpoints and deliveries through an API key (a write key to change them). */
export function v1WebhooksRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: V1_PREFIX });
  addWebhookRoutes(router, deps, {
    owner: keyOwner,
    auth: { bearer: true },
    errors: v1Errors,
    tags: ['v1 Webhooks'],
    namesOperations: true,
  });
  return router;
}
