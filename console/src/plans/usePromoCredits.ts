import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import type { T } from '../i18n/useT.ts';

const PROMO_CREDITS_KEY = ['promo-credits'] as const;

/** The owner's unused promo report credits (GET /api/promo/status), shared by every screen that shows them. */
export function usePromoCredits(orgId: string | undefined) {
  return useQuery({
    queryKey: [...PROMO_CREDITS_KEY, orgId],
    queryFn: async () =>
      (await apiJson<{ remaining: number }>(`/promo/status?orgId=${encodeURIComponent(orgId!)}`)).remaining,
    enabled: Boolean(orgId),
  });
}

/** After a code is applied: every screen showing the credits reads them again. */
export function useRefreshPromoCredits() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: PROMO_CREDITS_KEY });
}

export const creditsLeftText = (t: T, remaining: number) => t('plans.creditsLeft', { smart_count: remaining });
