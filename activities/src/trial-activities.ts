import type { MikroORM } from '@mikro-orm/postgresql';
import { BillingAccount, ownerTimeZone, User } from '@turnproof/db';
import { trialNoticeMail } from './billing-mails.tsx';
import type { Mailer } from '@turnproof/platform/mailer';
import { hostLanguage } from '@turnproof/platform/mail';
import { missingRow } from './missing-row.ts';
import { sendOnce } from './send-once.ts';

export interface TrialActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  plansUrl: string;
}

/** The trial's side effects; keyed by the user, so a retry never mails or changes anything twice. */
export function createTrialActivities({ orm, mailer, plansUrl }: TrialActivityDeps) {
  return {
    async sendTrialNotice({ userId, notice }: { userId: string; notice: 'expiring' | 'ending_soon' }) {
      const em = orm.em.fork();
      const account = await em.findOne(BillingAccount, { user: userId });
      const user = await em.findOne(User, { id: userId });
      if (!user) throw missingRow('user', userId);
      // A plan already on (its signal may still be on the way) makes trial reminders pointless.
      if (!account?.trial_ends_at || account.plan_status !== 'none') return;
      await sendOnce(
        orm,
        mailer,
        `trial/${userId}/${notice}`,
        trialNoticeMail(
          user.email,
          notice,
          {
            endsAt: account.trial_ends_at,
            plansUrl,
            timeZone: await ownerTimeZone(em, userId),
          },
          await hostLanguage(em, userId),
        ),
      );
    },

    /** Users in a trial that no subscription ended, for the daily sweep that makes sure each has its workflow. */
    async trialsInProgress(): Promise<{ userId: string; trialEnd: string }[]> {
      const rows = await orm.em
        .getConnection()
        .execute<{ user_id: string; trial_ends_at: string }[]>(
          `select user_id, trial_ends_at from billing_accounts where trial_ends_at > now() and plan_status = 'none'`,
        );
      return rows.map((row) => ({ userId: row.user_id, trialEnd: new Date(row.trial_ends_at).toISOString() }));
    },

    /** The trial is over (ran out, or a subscription began): from now on the database says so too. */
    async closeTrial(userId: string) {
      await orm.em
        .getConnection()
        .execute(
          `update billing_accounts set trial_ends_at = least(trial_ends_at, now()), updated_at = now() where user_id = ?`,
          [userId],
        );
    },
  };
}
