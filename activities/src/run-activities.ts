import type { MikroORM } from '@mikro-orm/postgresql';
import { Alert, Run, User } from '@turnproof/db';
import type { Mailer } from './mailer.ts';
import { assigneeReminderMail, dueReminderMail, issueMail, overdueMail } from './run-mails.ts';

export interface RunActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  runUrl: (runId: string) => string;
}

async function loadRun(orm: MikroORM, runId: string) {
  const em = orm.em.fork();
  const run = await em.findOne(Run, { id: runId }, { populate: ['property', 'assigned_to'] });
  if (!run) return null;
  const owner = await em.findOneOrFail(User, { id: run.property.owner.id });
  return { em, run, owner };
}

/** The run's lifecycle side effects; each is safe to repeat (keyed by the run id). */
export function createRunActivities({ orm, mailer, runUrl }: RunActivityDeps) {
  const mailContext = (run: Run) => ({ propertyName: run.property.name, kind: run.type, runUrl: runUrl(run.id) });

  return {
    async markRunCompleted({ runId, startedAt, endedAt }: { runId: string; startedAt: string; endedAt: string }) {
      await orm.em
        .getConnection()
        .execute(
          `update runs set status = 'completed', ended_at = coalesce(ended_at, ?), started_at = coalesce(started_at, ?), updated_at = now() where id = ?`,
          [endedAt, startedAt, runId],
        );
    },

    async sendDueReminder(runId: string) {
      const loaded = await loadRun(orm, runId);
      if (!loaded || loaded.run.status !== 'pending' || !loaded.run.due_at) return;
      const reminder = { ...mailContext(loaded.run), dueAt: loaded.run.due_at };
      await mailer.send(dueReminderMail(loaded.owner.email, reminder));
      const assignee = loaded.run.assigned_to?.email;
      if (assignee) await mailer.send(assigneeReminderMail(assignee, reminder));
    },

    /** One overdue alert per run, e-mailed once: a retried activity finds the alert and stops. */
    async raiseOverdueAlert(runId: string) {
      const loaded = await loadRun(orm, runId);
      if (!loaded || loaded.run.status === 'completed' || !loaded.run.due_at) return;
      const dueAt = loaded.run.due_at;
      const inserted = await loaded.em.getConnection().execute<{ id: string }[]>(
        `insert into alerts (id, run_id, kind, severity, description, media_paths, created_at)
         select gen_random_uuid(), ?, 'overdue', 'medium', ?, '[]', now()
         where not exists (select 1 from alerts where run_id = ? and kind = 'overdue')
         returning id`,
        [runId, `Not completed by its due time (${dueAt.toISOString()}).`, runId],
      );
      if (inserted.length === 0) return;
      await mailer.send(overdueMail(loaded.owner.email, { ...mailContext(loaded.run), dueAt }));
    },

    async expireRunLink(runId: string) {
      await orm.em
        .getConnection()
        .execute(`update runs set link_expired_at = now() where id = ? and link_expired_at is null`, [runId]);
    },

    async emailIssueAlert(alertId: string) {
      const em = orm.em.fork();
      const alert = await em.findOne(Alert, { id: alertId }, { populate: ['run.property', 'run_task'] });
      if (!alert) return;
      const owner = await em.findOneOrFail(User, { id: alert.run.property.owner.id });
      await mailer.send(
        issueMail(owner.email, mailContext(alert.run), {
          severity: alert.severity,
          description: alert.description,
          taskTitle: alert.run_task?.title ?? null,
        }),
      );
    },
  };
}
