import Router from '@koa/router';
import { PLAN_KEYS } from '@turnproof/config';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { badRequest, serviceUnavailable } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { stripeReceipt } from '../openapi/records.ts';
import { billingMessages, createCheckout, createPortalSession, requireStripe, verifyCheckout } from './checkout.ts';
import { receiveStripeEvent } from './stripe-events.ts';

/** Stripe's default: a signed payload older than this is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const checkoutBody = z.object({
  planKey: z.enum(PLAN_KEYS, { error: 'Choose a plan: flex, starter, pro or team.' }),
  coupon: z.string().trim().min(1).max(200).optional(),
});
const redirectAnswer = z.object({ ok: z.boolean(), url: z.url(), message: z.string() });
const checkoutSessionParams = z.object({
  sessionId: z
    .string()
    .max(255, 'session_id must be a Stripe Checkout Session id (cs_...).')
    .regex(/^cs_(test|live)_[A-Za-z0-9]+$/, 'session_id must be a Stripe Checkout Session id (cs_...).'),
});
const checkoutSessionAnswer = z.object({
  session_id: z.string(),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  plan_key: z.string(),
  subscribed: z.boolean(),
  subscription_tier: z.enum(['starter', 'professional', 'enterprise']).nullable(),
});

export function stripeRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/stripe' });
  const tags = ['Billing'];

  addRoute(
    router,
    {
      method: 'post',
      path: '/checkout',
      summary: 'Checkout Session for a plan (subscription, 14-day trial on monthly plans); the browser goes to url',
      tags,
      body: checkoutBody,
      signedIn: true,
      ok: { description: 'Checkout page address', schema: redirectAnswer },
      errors: {
        401: 'Authentication required',
        409: billingMessages.alreadySubscribed,
        502: billingMessages.checkoutFailed,
        503: billingMessages.notConfigured,
      },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const input = parseInput(checkoutBody, ctx.request.body);
      ctx.body = await createCheckout(deps.stripe, ctx.state.em, user, input, deps.config.publicOrigin);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/checkout-sessions/:sessionId',
      summary:
        'A Checkout Session the signed-in owner started, as Stripe has it, and whether their plan is on yet (/payment-success)',
      tags,
      params: checkoutSessionParams,
      signedIn: true,
      ok: { description: "The session and the owner's plan", schema: checkoutSessionAnswer },
      errors: {
        401: 'Authentication required',
        404: billingMessages.sessionNotFound,
        502: billingMessages.verifyFailed,
        503: billingMessages.notConfigured,
      },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const { sessionId } = parseInput(checkoutSessionParams, ctx.params);
      ctx.body = await verifyCheckout(deps.stripe, ctx.state.em, user.id, sessionId);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/portal',
      summary: "Stripe customer portal of the signed-in owner's own customer",
      tags,
      signedIn: true,
      ok: { description: 'Portal address', schema: redirectAnswer },
      errors: { 401: 'Authentication required', 404: billingMessages.noCustomer, 502: billingMessages.portalFailed },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await createPortalSession(deps.stripe, ctx.state.em, user.id, deps.config.publicOrigin);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/webhook',
      summary: 'Stripe events, verified by the Stripe-Signature header on the raw body; each event id is applied once',
      tags,
      ok: { description: 'Received (duplicate: an id seen before, nothing changed)', schema: stripeReceipt },
      errors: { 400: 'Missing or invalid signature', 503: 'Billing not configured or busy; Stripe retries' },
    },
    async (ctx) => {
      const stripe = requireStripe(deps.stripe);
      const secret = deps.config.STRIPE_WEBHOOK_SECRET;
      if (!secret) throw serviceUnavailable(billingMessages.notConfigured);
      const signature = ctx.get('stripe-signature');
      const rawBody = ctx.request.rawBody;
      if (!signature || typeof rawBody !== 'string') throw badRequest('A signed Stripe event is required.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
      } catch {
        throw badRequest('The Stripe signature is not valid.');
      }
      ctx.body = await receiveStripeEvent(deps, ctx.state.em, event);
    },
  );

  return router;
}
