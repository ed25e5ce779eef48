import type { MikroORM } from '@mikro-orm/postgresql';
import { ownerTimeZone, restockLines, type RunStatus, User } from '@turnproof/db';
import type { Mailer } from '@turnproof/platform/mailer';
import { hostLanguage } from '@turnproof/platform/mail';
import type { Severity } from './run-mail-texts.ts';
import { weeklySummaryMail, type WeeklySummary } from './run-mails.tsx';
import { sendOnce } from './send-once.ts';

export interface SummaryWindow {
  /** ISO 8601 instants; the week is [from, to). */
  from: string;
  to: string;
}

/** The weekly summary for hosts: the week's runs, issues and reports, once per host and week. */
export function createWeeklySummaryActivities(deps: { orm: MikroORM; mailer: Mailer; publicOrigin: string }) {
  const { orm, mailer } = deps;
  const sql = <T>(query: string, params: unknown[]) => orm.em.getConnection().execute<T[]>(query, params);

  return {
    /** Hosts who had runs in the week and still want e-mail. */
    async summaryRecipients({ from, to }: SummaryWindow): Promise<string[]> {
      const rows = await sql<{ owner_id: string }>(
        `select distinct p.owner_id from runs join properties p on p.id = runs.property_id
         left join user_preferences up on up.user_id = p.owner_id
         where runs.created_at >= ? and runs.created_at < ? and coalesce(up.email_notifications, true)`,
        [from, to],
      );
      return rows.map((row) => row.owner_id);
    },

    async sendWeeklySummary({ ownerId, from, to }: SummaryWindow & { ownerId: string }) {
      const user = await orm.em.fork().findOne(User, { id: ownerId });
      if (!user) return;
      const window = [ownerId, from, to];
      const runs = await sql<{
        name: string;
        type: WeeklySummary['runs'][number]['kind'];
        status: RunStatus;
        created_at: string;
        timezone: string;
      }>(
        `select p.name, p.timezone, runs.type, runs.status, runs.created_at from runs join properties p on p.id = runs.property_id
         where p.owner_id = ? and runs.created_at >= ? and runs.created_at < ? order by runs.created_at`,
        window,
      );
      const issues = await sql<{ name: string; severity: Severity; description: string }>(
        `select p.name, a.severity, a.description from alerts a join runs on runs.id = a.run_id
         join properties p on p.id = runs.property_id
         where p.owner_id = ? and a.kind = 'issue' and a.created_at >= ? and a.created_at < ? order by a.created_at`,
        window,
      );
      const [reports] = await sql<{ count: string }>(
        `select count(*) from reports r join runs on runs.id = r.run_id join properties p on p.id = runs.property_id
         where p.owner_id = ? and r.status = 'ready' and r.generated_at >= ? and r.generated_at < ?`,
        window,
      );
      const restock = await restockLines(orm.em.fork(), ownerId);
      await sendOnce(
        orm,
        mailer,
        `weekly-summary/${ownerId}/${from}`,
        weeklySummaryMail(
          user.email,
          {
            from: new Date(from),
            to: new Date(to),
            timeZone: await ownerTimeZone(orm.em.fork(), ownerId),
            runs: runs.map((run) => ({
              propertyName: run.name,
              kind: run.type,
              status: run.status,
              createdAt: new Date(run.created_at),
              timeZone: run.timezone,
            })),
            issues: issues.map((issue) => ({ propertyName: issue.name, ...issue })),
            reports: Number(reports?.count ?? 0),
            restock: restock.map((line) => ({
              propertyName: line.property,
              name: line.name,
              unit: line.unit,
              parLevel: line.par_level,
              needed: line.needed,
            })),
            restockUrl: `${deps.publicOrigin}/restock`,
            dashboardUrl: `${deps.publicOrigin}/dashboard`,
          },
          await hostLanguage(orm.em.fork(), ownerId),
        ),
      );
    },
  };
}
