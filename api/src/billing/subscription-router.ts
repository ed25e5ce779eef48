import Router from '@koa/router';
import type { AppState } from '../http/context.ts';
import { requireUser } from '../auth/sessions.ts';
import { addRoute } from '../openapi/registry.ts';
import { subscriptionInfo, subscriptionInfoOf } from '../access/subscription-info.ts';

export function subscriptionRouter() {
  const router = new Router<AppState>();
  addRoute(
    router,
    {
      method: 'get',
      path: '/subscription',
      summary: 'Subscription info of the signed-in owner: plan, tier, trial, usage this period and promo credits',
      tags: ['Billing'],
      signedIn: true,
      ok: { description: 'Subscription info', schema: subscriptionInfo },
      errors: { 401: 'Authentication required' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await subscriptionInfoOf(ctx.state.em, user.id);
    },
  );
  return router;
}
