import { allHandlersFinished, condition, defineUpdate, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import { msUntil } from './run-rules.ts';

export interface PromoRedemptionInput {
  orgId: string;
  /** Upper-cased and trimmed, as in the workflow id. */
  code: string;
  redeemedBy: string;
  credits: number;
  creditLifetimeMs: number;
}

/** What an apply learns: whether it was the first for this organisation and code, and until when credits last. */
export interface PromoApplyAnswer {
  redemptionId: string;
  expiresAt: string;
  first: boolean;
  /** The credits of this redemption have already expired (the code was used long ago). */
  expired: boolean;
}

interface Grant {
  redemptionId: string;
  expiresAt: string;
}

export const promoWorkflowId = (orgId: string, code: string) => `promo/${orgId}/${code}`;

/** Every apply of the code for the organisation asks the one workflow; only the first one granted credits. */
export const applyPromoUpdate = defineUpdate<PromoApplyAnswer>('applyPromo');

const { grantPromoCredits, expirePromoCredits } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * `promo/{orgId}/{CODE}`: grants the code's report credits once per organisation (the workflow id, its
 * reuse policy and a unique row make sure), then removes whatever is unused when they expire.
 */
export async function promoRedemption(input: PromoRedemptionInput): Promise<{ expiresAt: string }> {
  let applies = 0;
  let granted: (grant: Grant) => void = () => {};
  const grantReady = new Promise<Grant>((resolve) => (granted = resolve));
  setHandler(applyPromoUpdate, async () => {
    applies += 1;
    const first = applies === 1;
    const { redemptionId, expiresAt } = await grantReady;
    return { redemptionId, expiresAt, first, expired: Date.parse(expiresAt) <= Date.now() };
  });

  const grant = await grantPromoCredits({
    orgId: input.orgId,
    code: input.code,
    redeemedBy: input.redeemedBy,
    credits: input.credits,
    lifetimeMs: input.creditLifetimeMs,
  });
  granted(grant);
  const untilExpiry = msUntil(grant.expiresAt, Date.now());
  if (untilExpiry > 0) await sleep(untilExpiry);
  await expirePromoCredits(grant.redemptionId);
  await condition(allHandlersFinished);
  return { expiresAt: grant.expiresAt };
}
