import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { codedError, conflict } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { linkMessages, runForToken } from '../public/run-access.ts';
import { endpointInput, PUSH_NOT_CONFIGURED, pushConfigView, pushMessages, subscriptionInput } from './push-input.ts';
import { deleteSubscription, saveSubscription } from './push-subscriptions.ts';

const okAnswer = z.object({ ok: z.literal(true) });

function assertPushOn(deps: AppDeps) {
  if (!deps.push) throw codedError(503, PUSH_NOT_CONFIGURED, pushMessages.notConfigured);
}

/**
 * Browser notifications: the VAPID key browsers subscribe with, and their subscriptions, a host's (signed
 * in, from the console) or a cleaner's (the runner, by the run's magic link: the run's assigned member).
 */
export function pushRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/push' });
  const tags = ['Notifications'];
  const subscription = subscriptionInput(deps.config.NODE_ENV === 'production');
  const off = { 503: pushMessages.notConfigured };

  addRoute(
    router,
    {
      method: 'get',
      path: '/config',
      summary: 'Whether browser notifications are on, and the VAPID public key to subscribe with',
      tags,
      ok: { description: 'Push settings', schema: pushConfigView },
    },
    (ctx) => {
      ctx.body = { enabled: deps.push !== null, public_key: deps.push?.publicKey ?? null };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/subscriptions',
      summary: "Store this browser's push subscription for the signed-in host",
      tags,
      body: subscription,
      signedIn: true,
      ok: { status: 201, description: 'Stored', schema: okAnswer },
      errors: { 401: 'Authentication required', ...off },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const input = parseInput(subscription, ctx.request.body);
      assertPushOn(deps);
      await saveSubscription(ctx.state.em, { userId: user.id }, input);
      ctx.status = 201;
      ctx.body = { ok: true };
    },
  );

  addRoute(
    router,
    {
      method: 'delete',
      path: '/subscriptions',
      summary: "Forget this browser's push subscription (the host turned notifications off)",
      tags,
      query: endpointInput,
      signedIn: true,
      ok: { description: 'Forgotten (also when it was not stored)', schema: okAnswer },
      errors: { 401: 'Authentication required' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const { endpoint } = parseInput(endpointInput, ctx.query);
      await deleteSubscription(ctx.state.em, user.id, endpoint);
      ctx.body = { ok: true };
    },
  );
  return router;
}

/** The runner's call: the cleaner who opened a run asks to hear of their next one. */
export function publicPushRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/public/push' });
  const body = z.object({
    token: z.string().min(1).max(200),
    subscription: subscriptionInput(deps.config.NODE_ENV === 'production'),
  });

  addRoute(
    router,
    {
      method: 'post',
      path: '/subscriptions',
      summary: "Store this browser's push subscription for the run's assigned cleaner (by the magic link)",
      tags: ['Runner (magic link)'],
      body,
      ok: { status: 201, description: 'Stored', schema: okAnswer },
      errors: {
        404: linkMessages.invalid,
        409: pushMessages.noAssignee,
        410: linkMessages.revoked,
        503: pushMessages.notConfigured,
      },
    },
    async (ctx) => {
      const input = parseInput(body, ctx.request.body);
      assertPushOn(deps);
      const run = await runForToken(ctx.state.em, input.token);
      if (!run.assigned_to) throw conflict(pushMessages.noAssignee);
      await saveSubscription(ctx.state.em, { teamMemberId: run.assigned_to.id }, input.subscription);
      ctx.status = 201;
      ctx.body = { ok: true };
    },
  );
  return router;
}
