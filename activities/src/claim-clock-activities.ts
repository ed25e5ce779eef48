import type { MikroORM } from '@mikro-orm/postgresql';
import { User } from '@turnproof/db';
import { hostLanguage } from '@turnproof/platform/mail';
import type { Mailer } from '@turnproof/platform/mailer';
import { type ClaimClock, readClaimClock } from '@turnproof/platform/claim-clock';
import { claimDaysLeft } from '@turnproof/platform/claim-deadline';
import { pushToHost } from '@turnproof/platform/host-pushes';
import type { PushSender } from '@turnproof/platform/web-push-sender';
import { claimDeadlineMail } from './run-mails.tsx';
import { sendOnce } from './send-once.ts';

export interface ClaimClockActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  push: PushSender | null;
  runUrl: (runId: string) => string;
}

/** A claim still to be filed: damage was reported, the host has not closed it, and its deadline is ahead. */
const stillOpen = (clock: ClaimClock | null, now: Date): clock is ClaimClock =>
  clock !== null && clock.issueCount > 0 && clock.closed === null && clock.deadlineAt > now;

/** The claim clock's reads and reminders (`claim-clock/{runId}`); the deadline is read afresh each time. */
export function createClaimClockActivities(deps: ClaimClockActivityDeps) {
  return {
    /** The deadline of a claim still open (ISO 8601), or null when there is nothing left to remind of. */
    async openClaimDeadline(runId: string): Promise<string | null> {
      const clock = await readClaimClock(deps.orm.em.fork(), runId);
      return stillOpen(clock, new Date()) ? clock.deadlineAt.toISOString() : null;
    },

    /**
     * Mails the host the deadline and the days left, and notifies their browsers, once per reminder step, unless
     * the claim was closed since.
     */
    async remindClaimDeadline(runId: string, leadMs: number): Promise<boolean> {
      const em = deps.orm.em.fork();
      const clock = await readClaimClock(em, runId);
      const now = new Date();
      if (!stillOpen(clock, now)) return false;
      const owner = await em.findOneOrFail(User, { id: clock.ownerId });
      const mail = claimDeadlineMail(
        owner.email,
        {
          propertyName: clock.propertyName,
          kind: clock.kind,
          runUrl: deps.runUrl(runId),
          timeZone: clock.timeZone,
          deadlineAt: clock.deadlineAt,
          daysLeft: claimDaysLeft(clock.deadlineAt, now, clock.timeZone),
          platform: clock.rule.platform,
        },
        await hostLanguage(em, owner.id),
      );
      const sent = await sendOnce(deps.orm, deps.mailer, `run/${runId}/claim-deadline/${leadMs}`, mail);
      await pushToHost(deps, em, runId, { kind: 'claim_deadline', deadlineAt: clock.deadlineAt, leadMs });
      return sent;
    },
  };
}
