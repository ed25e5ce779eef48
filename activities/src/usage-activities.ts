import type { MikroORM } from '@mikro-orm/postgresql';
import { isPlanKey, PLANS } from '@turnproof/config';
import { User, type ReportPayment } from '@turnproof/db';
import { usageNoticeMail } from './billing-mails.tsx';
import type { Mailer } from '@turnproof/platform/mailer';
import { missingRow } from './missing-row.ts';
import type { ReportKey } from './report-activities.ts';
import { sendOnce } from './send-once.ts';
import { hostLanguage } from '@turnproof/platform/mail';
import { chargeReport, REPORT_LIMIT_REACHED, type UsageNotice } from '@turnproof/platform/usage-rules';

export interface UsageActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  plansUrl: string;
}

/** What metering decided for a report: held (flex cap), or paid by a credit, an included report or overage. */
export interface ReportUse {
  held: boolean;
  paidBy: ReportPayment | null;
  notice: { ownerId: string; notice: UsageNotice; periodStart: string } | null;
}

interface MeteringRow {
  owner_id: string;
  metered_at: string | null;
  paid_by: ReportPayment | null;
  plan_key: string;
  reports_this_period: number;
  period_start: string;
}

/** Report usage: every metered report counts once, paid by promo credits, then included reports, then overage. */
export function createUsageActivities({ orm, mailer, plansUrl }: UsageActivityDeps) {
  return {
    /**
     * Counts the report once, idempotent on (run, version). With mayHold, a flex owner past the monthly
     * cap gets the report held ('Report limit reached', status pending) instead, and it is counted
     * when asked again after an upgrade.
     */
    async meterReport(key: ReportKey & { mayHold?: boolean }): Promise<ReportUse> {
      return orm.em.transactional(async (em) => {
        const connection = em.getConnection();
        const tx = em.getTransactionContext();
        const sql = <T>(query: string, params: unknown[]) => connection.execute<T[]>(query, params, 'all', tx);

        const [owner] = await sql<{ owner_id: string }>(
          `select properties.owner_id from runs join properties on properties.id = runs.property_id where runs.id = ?`,
          [key.runId],
        );
        if (!owner) throw missingRow('run', key.runId);
        await sql(
          `insert into billing_accounts (user_id, created_at, updated_at) values (?, now(), now()) on conflict (user_id) do nothing`,
          [owner.owner_id],
        );
        // Flex has no billing period from Stripe: it runs by calendar month, rolled here when one ends.
        await sql(
          `update billing_accounts set
             reports_this_period = case when current_period_end is null then reports_this_period else 0 end,
             current_period_start = date_trunc('month', now()),
             current_period_end = date_trunc('month', now()) + interval '1 month',
             updated_at = now()
           where user_id = ? and plan_key = 'flex' and (current_period_end is null or current_period_end <= now())`,
          [owner.owner_id],
        );
        // The account row lock orders concurrent reports of one owner; the report row shows a repeat.
        const [row] = await sql<MeteringRow>(
          `select a.plan_key, a.reports_this_period, coalesce(a.current_period_start, date_trunc('month', now())) as period_start,
                  r.metered_at, r.paid_by, a.user_id as owner_id
           from billing_accounts a, reports r
           where a.user_id = ? and r.run_id = ? and r.version = ?
           for update`,
          [owner.owner_id, key.runId, key.version],
        );
        if (!row) throw new Error(`No report ${key.version} for run ${key.runId}`);
        if (row.metered_at) return { held: false, paidBy: row.paid_by, notice: null };
        const notice = (kind: UsageNotice) => ({
          ownerId: row.owner_id,
          notice: kind,
          periodStart: new Date(row.period_start).toISOString(),
        });

        const [credit] = await sql<{ id: string }>(
          `update report_credits set remaining = remaining - 1
           where id = (select id from report_credits where org_id = ? and remaining > 0 and expires_at > now()
                       order by expires_at limit 1 for update)
           returning id`,
          [row.owner_id],
        );
        const charge = credit
          ? ({ held: false, paidBy: 'credit', notice: null } as const)
          : chargeReport(PLANS[isPlanKey(row.plan_key) ? row.plan_key : 'flex'], row.reports_this_period);
        if (charge.held && key.mayHold) {
          await sql(`update reports set status = 'pending', error = ? where run_id = ? and version = ?`, [
            REPORT_LIMIT_REACHED,
            key.runId,
            key.version,
          ]);
          return { held: true, paidBy: null, notice: notice(charge.notice) };
        }
        const paidBy: ReportPayment = charge.paidBy ?? 'overage';
        if (paidBy !== 'credit') {
          await sql(
            `update billing_accounts set reports_this_period = reports_this_period + 1, updated_at = now() where user_id = ?`,
            [row.owner_id],
          );
        }
        await sql(
          `update reports set metered_at = now(), paid_by = ?,
             status = case when status = 'pending' then 'generating' else status end,
             error = case when status = 'pending' then null else error end
           where run_id = ? and version = ?`,
          [paidBy, key.runId, key.version],
        );
        return { held: false, paidBy, notice: charge.notice ? notice(charge.notice) : null };
      });
    },

    /** Reports of the owner's runs held at the flex cap, for billing to release after an upgrade. */
    async findHeldReports(ownerId: string): Promise<ReportKey[]> {
      const rows = await orm.em.getConnection().execute<{ run_id: string; version: number }[]>(
        `select r.run_id, r.version from reports r join runs on runs.id = r.run_id join properties p on p.id = runs.property_id
         where p.owner_id = ? and r.status = 'pending' and r.error = ? and r.metered_at is null`,
        [ownerId, REPORT_LIMIT_REACHED],
      );
      return rows.map((row) => ({ runId: row.run_id, version: row.version }));
    },

    /** 'Approaching report limit' or 'Report limit reached', once per owner, notice and period. */
    async sendUsageNotice({ ownerId, notice, periodStart }: NonNullable<ReportUse['notice']>) {
      const user = await orm.em.fork().findOne(User, { id: ownerId });
      if (!user) throw missingRow('user', ownerId);
      await sendOnce(
        orm,
        mailer,
        `usage/${ownerId}/${notice}/${periodStart}`,
        usageNoticeMail(user.email, notice, plansUrl, await hostLanguage(orm.em.fork(), ownerId)),
      );
    },
  };
}
