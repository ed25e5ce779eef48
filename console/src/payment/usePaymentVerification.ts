import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HttpError } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { useRefreshSession } from '../auth/session.ts';
import { useT } from '../i18n/useT.ts';

// The spec's verification: wait 2 s, check, retry every 3 s up to 5 times.
export const FIRST_CHECK_MS = 2_000;
export const RETRY_MS = 3_000;
export const RETRIES = 5;
/** The check on arrival (the post-checkout page's), the first verification check, then the retries. */
const MAX_CHECKS = 2 + RETRIES;

/** GET /api/stripe/checkout-sessions/{id}: the owner's own Checkout Session and whether their plan is on. */
export interface CheckoutSessionCheck {
  session_id: string;
  status: 'open' | 'complete' | 'expired' | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  plan_key: string;
  subscribed: boolean;
  subscription_tier: 'starter' | 'professional' | 'enterprise' | null;
}

export type Verification =
  /** Checking, or waiting for the webhook to put the plan on. */
  | { state: 'verifying' }
  /** The plan is on and onboarding is marked complete; `onArrival`: it was on before the first wait. */
  | { state: 'verified'; onArrival: boolean }
  /** Five retries found no plan yet. */
  | { state: 'pending' }
  /** The server says this is not the owner's checkout (or there is no session id): nothing to wait for. */
  | { state: 'rejected'; message: string }
  /** The check itself failed (network, server): the spec's success toast, then the dashboard. */
  | { state: 'failed' };

const isClientError = (error: unknown) => error instanceof HttpError && error.status >= 400 && error.status < 500;

/**
 * The payment's confirmation for the `session_id` Stripe returned with: one check on arrival, and while
 * no plan is on, the spec's wait of 2 s, a check, and up to 5 more every 3 s (react-query polls itself
 * with refetchInterval). Once the plan is on, onboarding is marked complete once (a mutation).
 */
export function usePaymentVerification(sessionId: string | null): Verification {
  const t = useT();
  const refreshSession = useRefreshSession();
  const queryClient = useQueryClient();
  const queryKey = ['payment-verification', sessionId];
  const complete = useMutation({
    mutationFn: async () => {
      await apiJson('/onboarding/complete', { method: 'POST' });
      await refreshSession();
    },
  });
  const check = useQuery({
    queryKey,
    queryFn: () => apiJson<CheckoutSessionCheck>(`/stripe/checkout-sessions/${encodeURIComponent(sessionId ?? '')}`),
    enabled: sessionId !== null,
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const { data, error, dataUpdateCount } = query.state;
      if (error || data?.subscribed || data?.status === 'expired' || dataUpdateCount >= MAX_CHECKS) return false;
      return dataUpdateCount <= 1 ? FIRST_CHECK_MS : RETRY_MS;
    },
  });
  const { mutate } = complete;
  const paid = check.data?.subscribed === true;
  useEffect(() => {
    if (paid) mutate();
  }, [paid, mutate]);

  // How many checks have answered (kept on the query's state; each answer re-renders through dataUpdatedAt).
  const answered = check.dataUpdatedAt ? (queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0) : 0;
  if (sessionId === null) return { state: 'rejected', message: t('payment.missingSession') };
  if (check.error) {
    return isClientError(check.error) ? { state: 'rejected', message: check.error.message } : { state: 'failed' };
  }
  if (complete.isError) return { state: 'failed' };
  if (check.data?.status === 'expired' && !paid) return { state: 'rejected', message: t('payment.expired') };
  // Polling stops at the first answer with the plan on: one answer means it was on when the host came back.
  if (complete.isSuccess) return { state: 'verified', onArrival: answered === 1 };
  if (answered >= MAX_CHECKS) return { state: 'pending' };
  return { state: 'verifying' };
}
