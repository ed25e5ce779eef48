import { setTimeout as sleep } from 'node:timers/promises';
import type { TrialDurations } from '@turnproof/config';
import { BillingAccount } from '@turnproof/db';
import { endTrialOnSubscription } from '@turnproof/temporal/client';
import type { trial } from '@turnproof/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

// Skipped time: one second stands in for one day of the 14-day trial.
const DAY = 1_000;
const trialDurations: TrialDurations = { lengthMs: 14 * DAY, expiringNoticeMs: 3 * DAY, endingSoonNoticeMs: 1 * DAY };

let api: TestApi;
let worker: WorkerProcess;
beforeAll(async () => {
  api = await startTestApi({ trialDurations });
  worker = await startWorkerProcess(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const trialHandle = (userId: string) => api.temporal.workflow.getHandle<typeof trial>(`trial/${userId}`);
const trialMails = (email: string) =>
  api.mailbox.received.filter((mail) => mail.to.includes(email) && /^Trial /.test(mail.subject));
const trialEnd = async (userId: string) =>
  (await api.orm.em.fork().findOne(BillingAccount, { user: userId }))?.trial_ends_at ?? undefined;

/** Waits for a mail and answers when it arrived, in days since `since`. */
async function arrivalDay(email: string, subject: RegExp, since: number): Promise<number> {
  await api.mailbox.latest(email, subject, 20 * DAY);
  return (Date.now() - since) / DAY;
}

describe('trial/{userId}', () => {
  it('starts at sign-up, sends Trial Expiring with 3 days left and Trial Ending Soon! with 1 day left, and expires on day 14', async () => {
    const signUpAt = Date.now();
    const owner = await signedInOwner(api);
    const end = await trialEnd(owner.userId);
    expect(end?.getTime()).toBeGreaterThanOrEqual(signUpAt + 14 * DAY);
    expect((await trialHandle(owner.userId).describe()).status.name).toBe('RUNNING');

    const expiringDay = await arrivalDay(owner.email, /^Trial Expiring/, signUpAt);
    const endingSoonDay = await arrivalDay(owner.email, /^Trial Ending Soon!/, signUpAt);
    expect(await trialHandle(owner.userId).result()).toEqual({ outcome: 'expired' });
    const expiredDay = (Date.now() - signUpAt) / DAY;

    expect(expiringDay).toBeGreaterThanOrEqual(11);
    expect(expiringDay).toBeLessThan(13);
    expect(endingSoonDay).toBeGreaterThanOrEqual(13);
    expect(endingSoonDay).toBeLessThan(14);
    expect(expiredDay).toBeGreaterThanOrEqual(14);
    expect(trialMails(owner.email).map((mail) => mail.subject)).toEqual([
      'Trial Expiring (3 days left of your Turnproof trial)',
      'Trial Ending Soon! (1 day left of your Turnproof trial)',
    ]);
    expect(trialMails(owner.email)[0]?.text).toContain(`${api.config.publicOrigin}/subscription`);
    expect((await trialEnd(owner.userId))?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('ends on day 5 when a subscription starts, with no further e-mail', async () => {
    const signUpAt = Date.now();
    const owner = await signedInOwner(api);
    await sleep(signUpAt + 5 * DAY - Date.now());

    await endTrialOnSubscription(api.temporal, owner.userId);
    expect(await trialHandle(owner.userId).result()).toEqual({ outcome: 'subscribed' });
    const endedAt = (await trialEnd(owner.userId))?.getTime() ?? Infinity;
    expect(endedAt).toBeLessThan(signUpAt + 7 * DAY);

    await sleep(signUpAt + 15 * DAY - Date.now());
    expect(trialMails(owner.email)).toEqual([]);
    // Signalling a finished trial again (a repeated webhook) does no harm.
    await endTrialOnSubscription(api.temporal, owner.userId);
  });
});
