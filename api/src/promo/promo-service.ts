import type { EntityManager } from '@mikro-orm/postgresql';
import { PROMO_CREDIT_LIFETIME_MS } from '@turnproof/config';
import { applyPromoCode } from '@turnproof/temporal/client';
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

export async function applyPromo(deps: AppDeps, em: EntityManager, input: { orgId: string; code: string }) {
  const promo = PROMO_CODES[input.code];
  if (!promo) throw codedError(400, 'INVALID_CODE', promoMessages.invalidCode);
  const answer = await applyPromoCode(
    deps.temporal,
    deps.config,
    { orgId: input.orgId, code: input.code, redeemedBy: input.orgId, credits: promo.credits },
    deps.promoCreditLifetimeMs ?? PROMO_CREDIT_LIFETIME_MS,
  );
  if (!answer || answer.expired) throw codedError(409, 'ALREADY_REDEEMED', promoMessages.alreadyUsed);
  return {
    ok: true as const,
    code: input.code,
    message: answer.first ? promoMessages.applied(promo.credits) : promoMessages.alreadyApplied,
    remaining: await remainingCredits(em, input.orgId, answer.redemptionId),
    expires_at: answer.expiresAt,
  };
}
