import { condition, defineSignal, getExternalWorkflowHandle, proxyActivities, setHandler } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';
import { outsideServiceOptions } from './outside-services.ts';
import type { TrialDurations } from '@turnproof/config';
import { msUntil } from './run-rules.ts';
import { trialNoticesDue } from './trial-rules.ts';
import { upgradeWithEachVersion } from './versioning.ts';

export interface TrialInput {
  userId: string;
  /** ISO 8601 end of the trial, as the database keeps it (billing_accounts.trial_ends_at). */
  trialEnd: string;
  notices: Pick<TrialDurations, 'expiringNoticeMs' | 'endingSoonNoticeMs'>;
}

export type TrialOutcome = 'subscribed' | 'expired';

export const trialWorkflowId = (userId: string) => `trial/${userId}`;

/** A paid subscription started: the trial ends now and sends nothing more. */
export const subscriptionStartedSignal = defineSignal('subscriptionStarted');

const { closeTrial } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});
// Mail waits out an SMTP outage; a refused address fails it at once.
const { sendTrialNotice } = proxyActivities<ReturnType<typeof createActivities>>(outsideServiceOptions);

/**
 * `trial/{userId}`: professional access until trialEnd, 'Trial Expiring' and 'Trial Ending Soon!' before
 * it, then access falls back to none unless a subscription started, which ends the trial at once.
 */
export async function trial(input: TrialInput): Promise<{ outcome: TrialOutcome }> {
  let subscribed = false;
  setHandler(subscriptionStartedSignal, () => {
    subscribed = true;
  });
  // A timer of zero length is not allowed; a moment already past only needs the flag.
  const subscribedWithin = (ms: number) => (ms > 0 ? condition(() => subscribed, ms) : Promise.resolve(subscribed));

  const waitOutTrial = async (): Promise<TrialOutcome> => {
    for (const { notice, atMs } of trialNoticesDue(input.trialEnd, Date.now(), input.notices)) {
      if (await subscribedWithin(atMs - Date.now())) return 'subscribed';
      await sendTrialNotice({ userId: input.userId, notice });
    }
    return (await subscribedWithin(msUntil(input.trialEnd, Date.now()))) ? 'subscribed' : 'expired';
  };

  const outcome = await waitOutTrial();
  await closeTrial(input.userId);
  return { outcome };
}
// It waits two weeks.
upgradeWithEachVersion(trial);

/**
 * For workflow code (billing/{userId} when a subscription turns active): ends the owner's trial now, as
 * endTrialOnSubscription does from a client. Nothing happens when no trial is open.
 */
export async function endTrialFromWorkflow(userId: string): Promise<void> {
  await getExternalWorkflowHandle(trialWorkflowId(userId))
    .signal(subscriptionStartedSignal)
    .catch(() => undefined);
}
