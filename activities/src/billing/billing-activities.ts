import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { overageCents, PLANS, type PlanKey } from '@turnproof/config';
import { BillingAccount, BillingSubscription, type PlanStatus, User } from '@turnproof/db';
import type Stripe from 'stripe';
import type { Mailer } from '../mailer.ts';
import { downgradedMail, paymentFailedMail } from './billing-mails.ts';
import { planStatusOf, snapshotOfSubscription, type SubscriptionSnapshot } from './subscription-snapshot.ts';

export interface BillingActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  stripe: Stripe | null;
  /** Where the owner manages the plan (links in dunning e-mails). */
  billingUrl: string;
}

export interface SyncRequest {
  userId: string;
  event: { id: string; created: number; customerId: string | null; snapshot: SubscriptionSnapshot | null };
  /** Creation time of the newest event whose own snapshot was applied (see syncSubscription). */
  appliedSnapshotAt: number;
}

export interface SyncResult {
  /** Whose word was taken: Stripe's current subscription, the event's copy, or nothing (stale event). */
  source: 'stripe' | 'event' | 'none';
  planKey: PlanKey;
  planStatus: PlanStatus;
  appliedSnapshotAt: number;
}

const toDate = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000));

/** The owner's billing row, created when missing, locked for the rest of the transaction. */
async function lockedAccount(em: EntityManager, userId: string): Promise<BillingAccount> {
  await em
    .getConnection()
    .execute(
      `insert into billing_accounts (user_id, created_at, updated_at) values (?, now(), now()) on conflict (user_id) do nothing`,
      [userId],
      'run',
      em.getTransactionContext(),
    );
  return em.findOneOrFail(BillingAccount, { user: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}

export function createBillingActivities({ orm, mailer, stripe, billingUrl }: BillingActivityDeps) {
  /** Stripe's current copy of the subscription when it is one of ours for this owner, else null. */
  async function currentSubscription(subscriptionId: string, userId: string): Promise<SubscriptionSnapshot | null> {
    if (!stripe) return null;
    try {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      return subscription.metadata?.user_id === userId ? snapshotOfSubscription(subscription) : null;
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_missing') return null;
      throw error;
    }
  }

  /**
   * Bills the reports past the plan's included ones when a period closes, as an invoice item that
   * Stripe adds to the next invoice. The idempotency key (owner and closed period) makes a retried
   * activity bill once.
   */
  async function billOverage(account: BillingAccount) {
    const plan = PLANS[account.plan_key as PlanKey];
    const amount = overageCents(plan, account.reports_this_period);
    if (!stripe || amount === 0 || !account.stripe_customer_id || !account.current_period_start) return;
    const extra = account.reports_this_period - plan.includedReports;
    await stripe.invoiceItems.create(
      {
        customer: account.stripe_customer_id,
        amount,
        currency: 'usd',
        description: `${extra} extra report${extra === 1 ? '' : 's'} at $${(plan.overageCentsPerReport / 100).toFixed(2)} (${plan.name}, period from ${account.current_period_start.toISOString().slice(0, 10)})`,
      },
      { idempotencyKey: `overage/${account.user.id}/${account.current_period_start.toISOString()}` },
    );
  }

  /** Writes a subscription state to the account: plan and access, period rollover, the subscription row. */
  async function apply(em: EntityManager, userId: string, customerId: string | null, state: SubscriptionSnapshot) {
    const account = await lockedAccount(em, userId);
    if (customerId && !account.stripe_customer_id) account.stripe_customer_id = customerId;
    const planStatus = planStatusOf(state.status);
    // A new period: bill the closed one's overage at its plan's rate, then count from zero.
    if (state.periodStart !== null) {
      const periodStart = toDate(state.periodStart) as Date;
      if (!account.current_period_start || periodStart > account.current_period_start) {
        if (account.current_period_start) await billOverage(account);
        account.reports_this_period = 0;
        account.current_period_start = periodStart;
      }
      if (periodStart.getTime() === account.current_period_start.getTime()) {
        account.current_period_end = toDate(state.periodEnd);
      }
    }
    account.plan_status = planStatus;
    // Ended paid access bills any later report as flex.
    account.plan_key = planStatus === 'none' ? 'flex' : (state.planKey ?? account.plan_key);
    if (planStatus !== 'past_due') account.grace_ends_at = null;
    if (state.subscriptionId) {
      const row =
        (await em.findOne(BillingSubscription, { stripe_subscription_id: state.subscriptionId })) ??
        em.create(BillingSubscription, {
          user: userId,
          stripe_subscription_id: state.subscriptionId,
          plan_key: account.plan_key,
          status: state.status,
        });
      em.assign(row, {
        plan_key: state.planKey ?? row.plan_key,
        status: state.status,
        current_period_end: toDate(state.periodEnd) ?? row.current_period_end,
        cancel_at_period_end: state.cancelAtPeriodEnd,
      });
    }
    await em.flush();
    return { planKey: account.plan_key, planStatus: account.plan_status };
  }

  async function ownerEmail(userId: string) {
    return (await orm.em.fork().findOneOrFail(User, { id: userId }, { fields: ['email'] })).email;
  }

  return {
    /**
     * Brings the account in line with the subscription, whatever order the events arrive in: Stripe's
     * current copy is the truth, so it is read again for every event. A subscription that does not
     * carry our metadata for this owner cannot be ours: stripe-mock answers every read with the same
     * fixture (status active, no metadata), and a subscription made outside our checkout has no
     * plan. Then the event's own copy decides, and only when the event is newer than the last one
     * applied that way (Stripe's creation time), so a late old event cannot undo a newer state.
     */
    async syncSubscription({ userId, event, appliedSnapshotAt }: SyncRequest): Promise<SyncResult> {
      const subscriptionId = event.snapshot?.subscriptionId ?? null;
      const fromStripe = subscriptionId ? await currentSubscription(subscriptionId, userId) : null;
      const fromEvent = event.snapshot && event.created >= appliedSnapshotAt ? event.snapshot : null;
      const state = fromStripe ?? fromEvent;
      const source = fromStripe ? 'stripe' : fromEvent ? 'event' : 'none';
      const written = await orm.em
        .fork()
        .transactional(async (em) =>
          state
            ? apply(em, userId, event.customerId, state)
            : (({ plan_key, plan_status }) => ({ planKey: plan_key, planStatus: plan_status }))(
                await lockedAccount(em, userId),
              ),
        );
      return {
        source,
        ...written,
        appliedSnapshotAt: source === 'event' ? event.created : appliedSnapshotAt,
      };
    },

    /** First failed payment: the grace starts (access kept) and the owner is told; once per grace. */
    async beginGrace({ userId, graceEndsAt }: { userId: string; graceEndsAt: string }) {
      const account = await orm.em.fork().transactional(async (em) => {
        const locked = await lockedAccount(em, userId);
        if (locked.plan_status !== 'past_due' || locked.grace_ends_at) return null;
        locked.grace_ends_at = new Date(graceEndsAt);
        return locked;
      });
      if (account)
        await mailer.send(
          paymentFailedMail(await ownerEmail(userId), account.plan_key, new Date(graceEndsAt), billingUrl),
        );
    },

    /** A further failed attempt during the grace: a reminder with the same deadline. */
    async remindPaymentFailed({ userId, graceEndsAt }: { userId: string; graceEndsAt: string }) {
      const account = await orm.em.fork().findOne(BillingAccount, { user: userId });
      if (account?.plan_status !== 'past_due') return;
      await mailer.send(
        paymentFailedMail(await ownerEmail(userId), account.plan_key, new Date(graceEndsAt), billingUrl),
      );
    },

    /** The grace is over and the payment still failed: the owner drops to flex. */
    async endGrace({ userId }: { userId: string }): Promise<{ planKey: PlanKey; planStatus: PlanStatus }> {
      const dropped = await orm.em.fork().transactional(async (em) => {
        const account = await lockedAccount(em, userId);
        if (account.plan_status !== 'past_due') return { account, from: null };
        const from = account.plan_key;
        em.assign(account, { plan_key: 'flex', plan_status: 'active', grace_ends_at: null });
        return { account, from };
      });
      if (dropped.from) await mailer.send(downgradedMail(await ownerEmail(userId), dropped.from, billingUrl));
      return { planKey: dropped.account.plan_key, planStatus: dropped.account.plan_status };
    },
  };
}
