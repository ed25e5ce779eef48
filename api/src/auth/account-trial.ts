import { productionTrialDurations } from '@turnproof/config';
import { startTrial } from '@turnproof/temporal/client';
import type { AppDeps } from '../app-deps.ts';

/** When the free trial of an account created now ends (stored with the account as trial_ends_at). */
export const trialEndForNewAccount = (deps: Pick<AppDeps, 'trialDurations'>) =>
  new Date(Date.now() + (deps.trialDurations ?? productionTrialDurations).lengthMs);

/**
 * Starts the new account's `trial/{userId}` workflow (every sign-up path calls it after createAccount).
 * When Temporal cannot be reached, the account and its trial_ends_at are stored anyway: the daily trial
 * sweep starts the workflow later.
 */
export async function startAccountTrial(deps: AppDeps, userId: string, trialEnd: Date): Promise<void> {
  await startTrial(deps.temporal, deps.config, { userId, trialEnd }, deps.trialDurations).catch((error: unknown) =>
    deps.logger.warn({ err: error, userId }, 'trial workflow not started; the trial sweep will start it'),
  );
}
