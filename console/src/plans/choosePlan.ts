import { HttpError } from 'react-admin';
import { apiJson } from '../api/http.ts';
import type { PlanKey } from '../types.ts';

export type PlanChoice = { kind: 'checkout'; url: string } | { kind: 'chosen' };

/**
 * Flex is free: picking it is enough. A paid plan goes to Stripe checkout (POST /api/stripe/checkout);
 * where the API has no checkout, the choice is recorded and billing starts once checkout is connected.
 */
export async function choosePlan(planKey: PlanKey): Promise<PlanChoice> {
  if (planKey !== 'flex') {
    try {
      const checkout = await apiJson<{ ok: boolean; url?: string; message?: string }>('/stripe/checkout', {
        method: 'POST',
        body: { planKey },
      });
      if (checkout.ok && checkout.url) return { kind: 'checkout', url: checkout.url };
      throw new Error(checkout.message || 'Failed to create checkout session');
    } catch (error) {
      if (!(error instanceof HttpError && (error.status === 404 || error.status === 405))) throw error;
    }
  }
  await apiJson('/onboarding/plan', { method: 'POST', body: { plan_key: planKey } });
  return { kind: 'chosen' };
}
