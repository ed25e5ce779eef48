import type { MikroORM } from '@mikro-orm/postgresql';
import {
  Alert,
  appendCaptureEntries,
  type DeviceSignature,
  completedHoursSql,
  readRunHours,
  Run,
  RUN_ACTIVITY_SQL,
  User,
} from '@turnproof/db';
import { formatDateTime } from '@turnproof/config/time-format';
import { cleanerLanguage, hostLanguage } from '@turnproof/platform/mail';
import { cleanerTexts } from '@turnproof/platform/cleaner-texts';
import { decryptLink } from '@turnproof/platform/magic-link';
import { pushToHost } from '@turnproof/platform/host-pushes';
import type { PushSender } from '@turnproof/platform/web-push-sender';
import { assigneeRoute, deliverNotice, type CleanerNoticeDeps } from './cleaner-notices.ts';
import { missingRow } from './missing-row.ts';
import { sendOnce } from './send-once.ts';
import { recordRunEvent } from '@turnproof/platform/run-timeline';
import { recordRunWebhookEvent } from '@turnproof/platform/webhooks';
import {
  assigneeReminderMail,
  dueReminderMail,
  guestPresentMail,
  issueMail,
  issuesMail,
  issueUrl,
  overdueMail,
} from './run-mails.tsx';

export interface RunActivityDeps extends CleanerNoticeDeps {
  /** Decrypts the run's magic link for the cleaner's texts (SECRET_KEY). */
  secretKey: string;
  runUrl: (runId: string) => string;
  /** Null when VAPID keys are not configured: no browser notifications. */
  push: PushSender | null;
}

async function loadRun(orm: MikroORM, runId: string) {
  const em = orm.em.fork();
  const run = await em.findOne(Run, { id: runId }, { populate: ['property', 'assigned_to'] });
  if (!run) throw missingRow('run', runId);
  const owner = await em.findOneOrFail(User, { id: run.property.owner.id });
  return { em, run, owner, ownerLanguage: await hostLanguage(em, owner.id) };
}

/** The run's lifecycle side effects; each is safe to repeat (keyed by the run id). */
export function createRunActivities(deps: RunActivityDeps) {
  const { orm, mailer, runUrl, push } = deps;
  const hostPushes = { push, runUrl };
  const mailContext = (run: Run) => ({
    propertyName: run.property.name,
    kind: run.type,
    runUrl: runUrl(run.id),
    timeZone: run.property.timezone,
  });

  return {
    /**
     * The completion, its hours (work time without pauses, late checkout) and its capture-log entry in one
     * transaction; a retry finds the run completed and changes nothing. A revised run's tasks close again, and its completion time is the new one.
     * The entry carries the cleaner's phone's signature of the completion when the runner sent a signed one.
     */
    async markRunCompleted({
      runId,
      startedAt,
      endedAt,
      deviceSignature,
    }: {
      runId: string;
      startedAt: string;
      endedAt: string;
      deviceSignature?: DeviceSignature;
    }) {
      await orm.em.fork().transactional(async (tx) => {
        const connection = tx.getConnection();
        const context = tx.getTransactionContext();
        const changed = await connection.execute<{ id: string }[]>(
          `update runs set status = 'completed', ended_at = ?, started_at = coalesce(started_at, ?), updated_at = now()
           where id = ? and status <> 'completed' returning id`,
          [endedAt, startedAt, runId],
          'all',
          context,
        );
        if (changed.length === 0) {
          const exists = await connection.execute<unknown[]>(
            `select 1 from runs where id = ?`,
            [runId],
            'all',
            context,
          );
          if (exists.length === 0) throw missingRow('run', runId);
          return;
        }
        const [closePause, fixHours] = completedHoursSql;
        await connection.execute(closePause, [endedAt, runId], 'run', context);
        await connection.execute(fixHours, [runId], 'run', context);
        await connection.execute(
          `update run_tasks set reopened = false where run_id = ? and reopened`,
          [runId],
          'run',
          context,
        );
        await connection.execute(RUN_ACTIVITY_SQL, ['run_completed', runId], 'run', context);
        await appendCaptureEntries(tx, runId, [
          {
            kind: 'run_completed',
            payload: { ended_at: endedAt },
            deviceTime: null,
            devicePosition: null,
            receivedAt: new Date(endedAt),
            deviceSignature: deviceSignature ?? null,
          },
        ]);
        await recordRunWebhookEvent(tx, runId, 'run.completed');
      });
      // Once per run (the timeline's own key), also when a retry finds the run completed already.
      await recordRunEvent(orm.em.fork(), runId, 'completed', { code: 'completed', detail: 'Marked complete.' });
      await pushToHost(hostPushes, orm.em.fork(), runId, { kind: 'completed' });
    },

    async sendDueReminder(runId: string) {
      const loaded = await loadRun(orm, runId);
      if (loaded.run.status !== 'pending' || !loaded.run.due_at) return;
      const reminder = { ...mailContext(loaded.run), dueAt: loaded.run.due_at };
      // Once per due time: the cleaner's text below may fail for a retry, which must not mail the host again.
      const key = `run/${runId}/due-reminder/${reminder.dueAt.toISOString()}`;
      await sendOnce(orm, mailer, `${key}/host`, dueReminderMail(loaded.owner.email, reminder, loaded.ownerLanguage));
      const assignee = loaded.run.assigned_to;
      const route = assignee && assigneeRoute(deps, assignee);
      if (!assignee || !route) return;
      const magicLink = decryptLink(deps.secretKey, loaded.run.link_encrypted);
      await deliverNotice(deps, route, {
        ownerId: loaded.owner.id,
        runId,
        member: assignee,
        key,
        notice: 'due_reminder',
        asksReply: false,
        language: await cleanerLanguage(loaded.em, {
          memberId: assignee.id,
          ownerId: loaded.owner.id,
          runLanguage: loaded.run.cleaner_language,
        }),
        text: (language) => cleanerTexts.reminder({ ...reminder, magicLink }, language),
        mail: (to, language) => assigneeReminderMail(to, reminder, language),
      });
    },

    /** One overdue alert per run, e-mailed once: a retried activity finds the alert and stops. */
    async raiseOverdueAlert(runId: string) {
      const loaded = await loadRun(orm, runId);
      if (loaded.run.status === 'completed' || !loaded.run.due_at) return;
      const dueAt = loaded.run.due_at;
      const inserted = await loaded.em.getConnection().execute<{ id: string }[]>(
        `insert into alerts (id, run_id, kind, severity, description, created_at)
         select gen_random_uuid(), ?, 'overdue', 'medium', ?, now()
         where not exists (select 1 from alerts where run_id = ? and kind = 'overdue')
         returning id`,
        [runId, `Not completed by its due time, ${formatDateTime(dueAt, loaded.run.property.timezone)}.`, runId],
      );
      if (inserted.length === 0) return;
      await recordRunEvent(loaded.em, runId, 'overdue', {
        code: 'overdue',
        params: { due: dueAt.toISOString() },
        detail: `Not completed by its due time, ${formatDateTime(dueAt, loaded.run.property.timezone)}.`,
      });
      await mailer.send(overdueMail(loaded.owner.email, { ...mailContext(loaded.run), dueAt }, loaded.ownerLanguage));
      await pushToHost(hostPushes, loaded.em, runId, { kind: 'overdue' });
    },

    async expireRunLink(runId: string) {
      const found = await orm.em
        .getConnection()
        .execute<{ id: string }[]>(
          `update runs set link_expired_at = coalesce(link_expired_at, now()) where id = ? returning id`,
          [runId],
        );
      if (found.length === 0) throw missingRow('run', runId);
    },

    /** One mail per batch of high-severity issues of a run (the workflow coalesces them). */
    async emailIssueAlerts(alertIds: string[]) {
      const em = orm.em.fork();
      const alerts = await em.find(
        Alert,
        { id: { $in: alertIds } },
        { populate: ['run.property', 'run_task'], orderBy: { created_at: 'asc' } },
      );
      const missing = alertIds.find((id) => !alerts.some((alert) => alert.id === id));
      if (missing) throw missingRow('alert', missing);
      const run = alerts[0]!.run;
      const owner = await em.findOneOrFail(User, { id: run.property.owner.id });
      await mailer.send(
        issuesMail(
          owner.email,
          mailContext(run),
          alerts.map((alert) => ({
            severity: alert.severity,
            description: alert.description,
            taskTitle: alert.run_task?.title ?? null,
            url: issueUrl(runUrl(run.id), alert.id),
          })),
          await hostLanguage(em, owner.id),
        ),
      );
      await pushToHost(hostPushes, em, run.id, { kind: 'issues', alertIds, description: alerts[0]!.description });
    },

    /** "Guest still here": the host's mail (once per report) and browser notification, at once. */
    async notifyGuestPresent(alertId: string) {
      const em = orm.em.fork();
      const alert = await em.findOne(Alert, { id: alertId }, { populate: ['run.property'] });
      if (!alert) throw missingRow('alert', alertId);
      const run = alert.run;
      const owner = await em.findOneOrFail(User, { id: run.property.owner.id });
      const { slack_minutes } = await readRunHours(em, run.id);
      const notice = { reportedAt: alert.created_at, note: alert.description, slackMinutes: slack_minutes };
      const mail = guestPresentMail(owner.email, mailContext(run), notice, await hostLanguage(em, owner.id));
      await sendOnce(orm, mailer, `run/${run.id}/guest-present/${alertId}`, mail);
      await pushToHost(hostPushes, em, run.id, { kind: 'guest_present', alertId, reportedAt: alert.created_at });
    },

    /** Runs started before issue mails were coalesced send one mail per issue. */
    async emailIssueAlert(alertId: string) {
      const em = orm.em.fork();
      const alert = await em.findOne(Alert, { id: alertId }, { populate: ['run.property', 'run_task'] });
      if (!alert) throw missingRow('alert', alertId);
      const owner = await em.findOneOrFail(User, { id: alert.run.property.owner.id });
      await mailer.send(
        issueMail(
          owner.email,
          mailContext(alert.run),
          {
            severity: alert.severity,
            description: alert.description,
            taskTitle: alert.run_task?.title ?? null,
            url: issueUrl(runUrl(alert.run.id), alert.id),
          },
          await hostLanguage(em, owner.id),
        ),
      );
    },
  };
}
