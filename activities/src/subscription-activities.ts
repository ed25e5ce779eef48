import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { overageCents, PLANS, type PlanKey } from '@turnproof/config';
import { BillingAccount, BillingSubscription, ownerTimeZone, type PlanStatus, User } from '@turnproof/db';
import type Stripe from 'stripe';
import type { Mailer } from '@turnproof/platform/mailer';
import { missingRow } from './missing-row.ts';
import { sendOnce } from './send-once.ts';
import { downgradedMail, paymentFailedMail } from './billing-mails.tsx';
import { hostLanguage } from '@turnproof/platform/mail';
import {
  planStatusOf,
  snapshotOfSubscription,
  type SubscriptionSnapshot,
} from '@turnproof/platform/subscription-snapshot';

export interface SubscriptionActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  stripe: Stripe | null;
  /** Where the owner picks and pays for a plan (links in dunning e-mails). */
  plansUrl: string;
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
  /** A new period or another plan: reports held at flex's cap may be made now. */
  quotaChanged: boolean;
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

/** The owner's subscription: Stripe's state into the account, overage, grace and downgrade, dunning mails. */
export function createSubscriptionActivities({ orm, mailer, stripe, plansUrl }: SubscriptionActivityDeps) {
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

  /** Keeps the subscription's own row (status, plan, period end) in line with the state. */
  async function recordSubscription(em: EntityManager, userId: string, state: SubscriptionSnapshot, planKey: PlanKey) {
    if (!state.subscriptionId) return;
    const row =
      (await em.findOne(BillingSubscription, { stripe_subscription_id: state.subscriptionId })) ??
      em.create(BillingSubscription, {
        user: userId,
        stripe_subscription_id: state.subscriptionId,
        plan_key: planKey,
        status: state.status,
      });
    em.assign(row, {
      plan_key: state.planKey ?? row.plan_key,
      status: state.status,
      current_period_end: toDate(state.periodEnd) ?? row.current_period_end,
      cancel_at_period_end: state.cancelAtPeriodEnd,
    });
  }

  /** Another of the owner's subscriptions that still gives access (an owner who re-subscribed). */
  async function otherLiveSubscription(em: EntityManager, userId: string, subscriptionId: string | null) {
    if (!subscriptionId) return false;
    const live = await em.count(BillingSubscription, {
      user: userId,
      stripe_subscription_id: { $ne: subscriptionId },
      status: { $in: ['active', 'trialing', 'past_due', 'unpaid'] },
    });
    return live > 0;
  }

  /** Writes a subscription state to the account: plan and access, period rollover, the subscription row. */
  async function apply(em: EntityManager, userId: string, customerId: string | null, state: SubscriptionSnapshot) {
    const account = await lockedAccount(em, userId);
    if (customerId && !account.stripe_customer_id) account.stripe_customer_id = customerId;
    await recordSubscription(em, userId, state, account.plan_key as PlanKey);
    const planStatus = planStatusOf(state.status);
    // An old subscription that ends (late) must not end the owner's newer one.
    if (planStatus === 'none' && (await otherLiveSubscription(em, userId, state.subscriptionId))) {
      await em.flush();
      return { planKey: account.plan_key, planStatus: account.plan_status, quotaChanged: false };
    }
    const before = { plan: account.plan_key, status: account.plan_status, period: account.current_period_start };
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
    await em.flush();
    const quotaChanged =
      before.plan !== account.plan_key ||
      before.status !== account.plan_status ||
      before.period?.getTime() !== account.current_period_start?.getTime();
    return { planKey: account.plan_key, planStatus: account.plan_status, quotaChanged };
  }

  async function ownerEmail(userId: string) {
    const user = await orm.em.fork().findOne(User, { id: userId }, { fields: ['email'] });
    if (!user) throw missingRow('user', userId);
    return user.email;
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
      const written = await orm.em.fork().transactional(async (em) => {
        if (state) return apply(em, userId, event.customerId, state);
        const account = await lockedAccount(em, userId);
        return { planKey: account.plan_key, planStatus: account.plan_status, quotaChanged: false };
      });
      return {
        source,
        ...written,
        appliedSnapshotAt: source === 'event' ? event.created : appliedSnapshotAt,
      };
    },

    /**
     * First failed payment: the grace starts, paid access is kept. Answers the plan kept, or null when
     * the account is not past due (paid meanwhile). The mail is its own activity, so a failed send is
     * retried without starting the grace again.
     */
    async startGrace({ userId, graceEndsAt }: { userId: string; graceEndsAt: string }): Promise<PlanKey | null> {
      return orm.em.fork().transactional(async (em) => {
        const account = await lockedAccount(em, userId);
        if (account.plan_status !== 'past_due') return null;
        account.grace_ends_at ??= new Date(graceEndsAt);
        return account.plan_key;
      });
    },

    /** The dunning mail, once per failed payment event: when the grace starts and at every further failure. */
    async mailPaymentFailed(input: { userId: string; planKey: PlanKey; graceEndsAt: string; eventId: string }) {
      const mail = paymentFailedMail(
        await ownerEmail(input.userId),
        input.planKey,
        new Date(input.graceEndsAt),
        plansUrl,
        await ownerTimeZone(orm.em.fork(), input.userId),
        await hostLanguage(orm.em.fork(), input.userId),
      );
      await sendOnce(orm, mailer, `billing/${input.userId}/payment-failed/${input.eventId}`, mail);
    },

    /** The grace is over and the payment still failed: the owner drops to flex. `from` is the plan left, if any. */
    async dropToFlex({ userId }: { userId: string }) {
      return orm.em.fork().transactional(async (em) => {
        const account = await lockedAccount(em, userId);
        const from = account.plan_status === 'past_due' ? account.plan_key : null;
        if (from) em.assign(account, { plan_key: 'flex', plan_status: 'active', grace_ends_at: null });
        return { planKey: account.plan_key as PlanKey, planStatus: account.plan_status as PlanStatus, from };
      });
    },

    /** Once per grace that ended in the downgrade. */
    async mailDowngraded({ userId, from, graceEndsAt }: { userId: string; from: PlanKey; graceEndsAt: string }) {
      const mail = downgradedMail(await ownerEmail(userId), from, plansUrl, await hostLanguage(orm.em.fork(), userId));
      await sendOnce(orm, mailer, `billing/${userId}/downgraded/${graceEndsAt}`, mail);
    },
  };
}
