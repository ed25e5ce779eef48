import type { EntityManager } from '@mikro-orm/postgresql';
import { PROMO_CREDIT_LIFETIME_MS } from '@turnproof/config';
import { PromoRedemption } from '@turnproof/db';
import { applyPromoCode, startPromoRedemption } from '@turnproof/temporal/client';
import type { AppDeps } from '../app-deps.ts';
import { codedError, notFound } from '../http/errors.ts';
import { PROMO_CODES, promoMessages } from './promo-codes.ts';

/**
 * Organisations are their owner's account for now: the spec sends the organisation id "or else the user
 * id", and an owner may only look at or credit their own.
 */
export function ownOrganisation(userId: string, orgId: string | undefined): string {
  if (orgId !== undefined && orgId !== userId) throw notFound(promoMessages.notYourOrganisation);
  return userId;
}

/** Unused, unexpired promo report credits of the organisation (optionally of one redemption). */
export async function remainingCredits(em: EntityManager, orgId: string, redemptionId?: string): Promise<number> {
  const [row] = await em.getConnection().execute<{ remaining: string | null }[]>(
    `select sum(remaining) as remaining from report_credits
     where org_id = ? and expires_at > now() ${redemptionId ? 'and redemption_id = ?' : ''}`,
    redemptionId ? [orgId, redemptionId] : [orgId],
  );
  return Number(row?.remaining ?? 0);
}

export async function applyPromo(
  deps: AppDeps,
  em: EntityManager,
  input: { orgId: string; code: string; userId: string },
) {
  const promo = PROMO_CODES[input.code];
  if (!promo) throw codedError(400, 'INVALID_CODE', promoMessages.invalidCode);
  // Redeemed before without an apply (at sign-up, where nobody waits for the worker): not news now.
  const redeemedBefore = (await em.count(PromoRedemption, { org_id: input.orgId, code: input.code })) > 0;
  const answer = await applyPromoCode(
    deps.temporal,
    deps.config,
    { orgId: input.orgId, code: input.code, redeemedBy: input.userId, credits: promo.credits },
    deps.promoCreditLifetimeMs ?? PROMO_CREDIT_LIFETIME_MS,
  );
  if (!answer || answer.expired) throw codedError(409, 'ALREADY_REDEEMED', promoMessages.alreadyUsed);
  return {
    ok: true as const,
    code: input.code,
    message: answer.first && !redeemedBefore ? promoMessages.applied(promo.credits) : promoMessages.alreadyApplied,
    remaining: await remainingCredits(em, input.orgId, answer.redemptionId),
    expires_at: answer.expiresAt,
  };
}

/** What the sign-up form learns about the promo code it carried. */
export interface SignUpPromo {
  ok: boolean;
  code: string;
  message: string;
  /** Free reports the code adds (0 when it was not applied). */
  credits: number;
  /** Why it was not applied, as the code of the same error from /promo/apply (promo_failed: the worker's). */
  reason?: 'BAD_INPUT' | 'INVALID_CODE' | 'promo_failed';
}

const PROMO_CODE_SHAPE = /^[A-Z0-9_-]{1,50}$/;

/**
 * The promo code typed at sign-up, redeemed for the new account (its own organisation). A code that
 * cannot be applied never fails the sign-up: the answer says why instead. For an address that already
 * has an account nothing is redeemed, yet the answer is the same as for a new one (sign-up never tells
 * whether an account exists).
 */
export async function redeemAtSignUp(
  deps: AppDeps,
  typed: string,
  account: { id: string; created: boolean },
): Promise<SignUpPromo> {
  const code = typed.trim().toUpperCase();
  if (!PROMO_CODE_SHAPE.test(code))
    return { ok: false, code, message: promoMessages.badInput, credits: 0, reason: 'BAD_INPUT' };
  const promo = PROMO_CODES[code];
  if (!promo) return { ok: false, code, message: promoMessages.invalidCode, credits: 0, reason: 'INVALID_CODE' };
  if (account.created) {
    try {
      await startPromoRedemption(
        deps.temporal,
        deps.config,
        { orgId: account.id, code, redeemedBy: account.id, credits: promo.credits },
        deps.promoCreditLifetimeMs ?? PROMO_CREDIT_LIFETIME_MS,
      );
    } catch (error) {
      deps.logger.error({ err: error, userId: account.id, code }, 'promo code at sign-up not applied');
      return { ok: false, code, message: promoMessages.failed, credits: 0, reason: 'promo_failed' };
    }
  }
  return { ok: true, code, message: promoMessages.applied(promo.credits), credits: promo.credits };
}
