import type { MikroORM } from '@mikro-orm/postgresql';
import { POOL_CONNECT_TIMEOUT_MS, survivePoolErrors } from '@turnproof/db';
import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Assignment mails per owner and hour. The API spends the same budget (`assignmentMailsPerOwner` in
 * api/src/auth/rate-limits.ts) when a host assigns a run; the worker spends it for calendar, cancellation
 * and hand-over mails. Both count in the same row of `rate_limits`.
 */
export const ASSIGNMENT_MAILS_PER_OWNER = { points: 50, durationSeconds: 60 * 60 };

/** The worker's side of the per-owner mail budget: `spend` answers false once the hour's mails are spent. */
export function ownerMailBudget(orm: MikroORM) {
  let limiter: RateLimiterPostgres | null = null;
  // Made on first use: most activities never mail a cleaner. Idle connections close, so the worker can exit.
  const limiterOf = () =>
    (limiter ??= new RateLimiterPostgres({
      storeClient: survivePoolErrors(
        new pg.Pool({
          connectionString: orm.config.get('clientUrl'),
          max: 2,
          allowExitOnIdle: true,
          connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
        }),
      ),
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'assignmentMailsPerOwner',
      points: ASSIGNMENT_MAILS_PER_OWNER.points,
      duration: ASSIGNMENT_MAILS_PER_OWNER.durationSeconds,
    }));
  return {
    async spend(ownerId: string): Promise<boolean> {
      try {
        await limiterOf().consume(ownerId.toLowerCase());
        return true;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return false;
        throw rejection;
      }
    },
  };
}

export type OwnerMailBudget = ReturnType<typeof ownerMailBudget>;

/** A team member as far as mailing them goes. */
interface Recipient {
  name: string;
  email?: string | null;
  accepted_at?: Date | null;
}

/** Why a mail to a team member is not sent: the timeline's message code says it in the host's language. */
export type MailRefusalReason = 'no_email' | 'not_accepted' | 'budget_spent';

/**
 * Why a mail to a team member about an owner's run is not sent, as the run's timeline says it (reason,
 * and the English text); null to send it (one point of the owner's budget is then spent). Only members
 * who accepted the invitation get mail: an address the owner merely typed is not a mailbox we write to on
 * their behalf.
 */
export async function mailRefusal(
  budget: OwnerMailBudget,
  ownerId: string,
  to: Recipient,
): Promise<{ reason: MailRefusalReason; text: string } | null> {
  if (!to.email) return { reason: 'no_email', text: `${to.name} has no e-mail address, so no e-mail was sent.` };
  if (!to.accepted_at)
    return {
      reason: 'not_accepted',
      text: `${to.name} has not accepted the team invitation yet, so no e-mail was sent.`,
    };
  if (!(await budget.spend(ownerId)))
    return {
      reason: 'budget_spent',
      text: 'The e-mail budget of this account for the hour is spent, so no e-mail was sent.',
    };
  return null;
}
