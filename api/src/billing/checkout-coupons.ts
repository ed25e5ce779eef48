/**
 * The coupon codes an owner may type at checkout, and the Stripe coupon each stands for. Only these
 * reach Stripe: an internal coupon (staff, partners, 100 % off) that exists in the Stripe account is
 * never applied from a request, and Stripe's answer never tells an owner which coupon ids exist.
 */
export const CHECKOUT_COUPONS: Readonly<Record<string, { stripeCouponId: string }>> = {
  LAUNCH20: { stripeCouponId: 'LAUNCH20' },
};

export const unknownCouponMessage = 'This coupon code is not valid.';

/** The Stripe coupon for a typed code (case and spaces ignored), or undefined when the code is not ours. */
export function stripeCouponFor(code: string): string | undefined {
  return CHECKOUT_COUPONS[code.trim().toUpperCase()]?.stripeCouponId;
}
