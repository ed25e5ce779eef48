import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import type { OnboardingState, StoredStepId } from '../types.ts';

const ONBOARDING_KEY = ['onboarding'];

/** The setup checklist, the gate and the plan catalogue. */
export function useOnboarding(enabled = true) {
  return useQuery({ queryKey: ONBOARDING_KEY, queryFn: () => apiJson<OnboardingState>('/onboarding'), enabled });
}

/** Marks a stored step complete when its action runs (choose-plan is read from the plan). */
export function useCompleteStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: StoredStepId) => apiJson<OnboardingState>(`/onboarding/steps/${step}`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ONBOARDING_KEY }),
  });
}
