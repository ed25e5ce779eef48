import { type EntityManager, LockMode } from '@mikro-orm/postgresql';
import type { Stripe } from '@turnproof/platform/stripe';
import { type PlanKey, PLANS } from '@turnproof/config';
import { BillingAccount, BillingSubscription, recordActivity, UserActivity } from '@turnproof/db';
import { loadOwnerAccess } from '@turnproof/platform/owner-access';
import { badRequest, codedError, conflict, HttpError, notFound } from '../http/errors.ts';
import { stripeCouponFor, unknownCouponMessage } from './checkout-coupons.ts';

export const billingMessages = {
  /** Read by a host, meant for whoever runs the server: what is missing and what still works. */
  notConfigured:
    'Billing is not set up on this server yet, so paid plans cannot be bought here. Whoever runs this ' +
    'Turnproof server turns it on by setting STRIPE_SECRET_KEY; Flex works without it.',
  checkoutFailed: 'Failed to create checkout session',
  portalFailed: 'Failed to open customer portal',
  noCustomer: 'No customer account found. Please subscribe to a plan first.',
  alreadySubscribed: 'You already have a subscription. Change your plan in the customer portal.',
  sessionNotFound: 'Checkout session not found.',
  verifyFailed: 'Failed to verify checkout session',
} as const;

/** The `code` of the 503 answer without Stripe, so the console tells it from a passing outage. */
export const BILLING_NOT_CONFIGURED = 'billing_not_configured';

export function requireStripe(stripe: Stripe | null): Stripe {
  if (!stripe) throw codedError(503, BILLING_NOT_CONFIGURED, billingMessages.notConfigured);
  return stripe;
}

/**
 * Stripe refused what we sent (an unknown coupon, say): its sentence (English, as Stripe says it) helps the
 * owner; anything else does not. `code` is the fallback's.
 */
function stripeFailure(error: unknown, fallback: string, code: string): HttpError {
  const stripeError = error as { type?: string; message?: string };
  if (stripeError.type === 'StripeInvalidRequestError' && stripeError.message) {
    return new HttpError(400, `${fallback}: ${stripeError.message}`, {}, `${code}_refused`, {
      detail: stripeError.message,
    });
  }
  return new HttpError(502, fallback, {}, code);
}

/**
 * The owner's Stripe customer, created on first use. The account row is locked meanwhile and the
 * idempotency key names the owner, so two checkouts at once still make one customer.
 */
async function ensureCustomer(stripe: Stripe, em: EntityManager, owner: { id: string; email: string }) {
  return em.transactional(async (tx) => {
    await tx
      .getConnection()
      .execute(
        'insert into billing_accounts (user_id, created_at, updated_at) values (?, now(), now()) on conflict (user_id) do nothing',
        [owner.id],
        'run',
        tx.getTransactionContext(),
      );
    const account = await tx.findOneOrFail(
      BillingAccount,
      { user: owner.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (account.stripe_customer_id) return account.stripe_customer_id;
    const customer = await stripe.customers.create(
      { email: owner.email, metadata: { user_id: owner.id } },
      { idempotencyKey: `customer/${owner.id}` },
    );
    account.stripe_customer_id = customer.id;
    return customer.id;
  });
}

/**
 * A Checkout Session for a plan of the catalogue: subscription mode, the monthly price, the plan's
 * free trial, our metadata on the subscription (the billing workflow reads the plan from it).
 */
export async function createCheckout(
  stripeClient: Stripe | null,
  em: EntityManager,
  owner: { id: string; email: string },
  input: { planKey: PlanKey; coupon?: string | undefined },
  publicOrigin: string,
) {
  const stripe = requireStripe(stripeClient);
  const plan = PLANS[input.planKey];
  const metadata = { user_id: owner.id, plan_key: plan.key };
  const coupon = input.coupon === undefined ? undefined : stripeCouponFor(input.coupon);
  if (input.coupon !== undefined && !coupon) throw badRequest(unknownCouponMessage, 'coupon_invalid');
  // A second Checkout would start a second subscription billed alongside the first; plan changes are prorated in the portal.
  if (await em.count(BillingSubscription, { user: owner.id, status: { $in: ['active', 'trialing'] } })) {
    throw conflict(billingMessages.alreadySubscribed, 'already_subscribed');
  }
  try {
    const customer = await ensureCustomer(stripe, em, owner);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: owner.id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: plan.monthlyPriceCents,
            recurring: { interval: 'month' },
            product_data: { name: `Turnproof ${plan.name}` },
          },
        },
      ],
      subscription_data: { metadata, ...(plan.trialDays > 0 ? { trial_period_days: plan.trialDays } : {}) },
      metadata,
      ...(coupon ? { discounts: [{ coupon }] } : {}),
      success_url: `${publicOrigin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${publicOrigin}/payment-cancel`,
    });
    if (!session.url) throw new Error('Stripe answered a session without a url');
    // The owner's record of the checkout: /payment-success accepts only a session id found here.
    recordActivity(em, owner.id, 'checkout_started', {
      session_id: session.id,
      plan_key: plan.key,
      plan_name: `Turnproof ${plan.name}`,
    });
    await em.flush();
    return { ok: true, url: session.url, message: `Redirecting to checkout for Turnproof ${plan.name}.` };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw stripeFailure(error, billingMessages.checkoutFailed, 'checkout_failed');
  }
}

/** The Stripe customer portal of the signed-in owner (never another customer id from the request). */
export async function createPortalSession(
  stripeClient: Stripe | null,
  em: EntityManager,
  ownerId: string,
  publicOrigin: string,
) {
  const stripe = requireStripe(stripeClient);
  const account = await em.findOne(BillingAccount, { user: ownerId });
  if (!account?.stripe_customer_id) throw notFound(billingMessages.noCustomer, 'no_customer');
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: account.stripe_customer_id,
      return_url: `${publicOrigin}/subscription`,
    });
    return { ok: true, url: session.url, message: 'Opening the customer portal.' };
  } catch (error) {
    throw stripeFailure(error, billingMessages.portalFailed, 'portal_failed');
  }
}

/**
 * A Checkout Session the signed-in owner started (their checkout_started activity names it), as Stripe
 * has it now, beside whether a plan is on: /payment-success waits on `subscribed`, which the webhook
 * sets. Anyone else's or an unknown id is a 404, before Stripe is asked.
 */
export async function verifyCheckout(
  stripeClient: Stripe | null,
  em: EntityManager,
  ownerId: string,
  sessionId: string,
) {
  const started = await em.findOne(
    UserActivity,
    { user: ownerId, activity_type: 'checkout_started', details: { session_id: sessionId } },
    { orderBy: { created_at: 'desc' } },
  );
  if (!started) throw notFound(billingMessages.sessionNotFound, 'checkout_session_not_found');
  const stripe = requireStripe(stripeClient);
  let session: Awaited<ReturnType<Stripe['checkout']['sessions']['retrieve']>>;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404)
      throw notFound(billingMessages.sessionNotFound, 'checkout_session_not_found');
    throw stripeFailure(error, billingMessages.verifyFailed, 'checkout_verify_failed');
  }
  const access = await loadOwnerAccess(em, ownerId);
  return {
    session_id: session.id,
    status: session.status,
    payment_status: session.payment_status,
    plan_key: String(started.details.plan_key ?? ''),
    subscribed: access.subscribed,
    subscription_tier: access.subscribed ? access.tier : null,
  };
}
