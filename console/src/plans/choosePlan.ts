import { HttpError } from 'react-admin';
import { apiJson } from '../api/http.ts';
import type { PlanKey } from '../types.ts';

export type PlanChoice = { kind: 'checkout'; url: string } | { kind: 'chosen' };

/**
 * Every plan starts at Stripe checkout. Where the server has no billing configured (503), Flex, the
 * free plan, is recorded directly so the owner can start; paid plans need checkout.
 */
export async function choosePlan(planKey: PlanKey): Promise<PlanChoice> {
  try {
    const checkout = await apiJson<{ ok: boolean; url?: string; message?: string }>('/stripe/checkout', {
      method: 'POST',
      body: { planKey },
    });
    if (checkout.ok && checkout.url) return { kind: 'checkout', url: checkout.url };
    throw new Error(checkout.message || 'Failed to create checkout session');
  } catch (error) {
    if (!(planKey === 'flex' && error instanceof HttpError && error.status === 503)) throw error;
  }
  await apiJson('/onboarding/plan', { method: 'POST', body: { plan_key: 'flex' } });
  return { kind: 'chosen' };
}
