import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Run, User } from '@turnproof/db';
import { assignmentMail, handedOverMail, propertyAccess } from '@turnproof/platform/assignment-mails';
import { formatDateTime } from '@turnproof/config/time-format';
import type { Mailer } from '@turnproof/platform/mailer';
import type { OwnerMailBudget } from '@turnproof/platform/owner-mail-budget';
import { ownerDisplayName } from '@turnproof/platform/owner-name';
import { rotateRunLinks } from '@turnproof/platform/run-link-rotation';
import { assigneeReminderMail, checkInAtRiskMail } from './run-mails.tsx';
import { cleanerLanguage, hostLanguage } from '@turnproof/platform/mail';
import { recordRunEvent } from '@turnproof/platform/run-timeline';
import { sendOnce } from './send-once.ts';
import { cleanerTexts } from '@turnproof/platform/cleaner-texts';
import { decryptLink } from '@turnproof/platform/magic-link';
import type { TextSender } from '@turnproof/platform/twilio-messages';
import { pushNewJob } from '@turnproof/platform/cleaner-pushes';
import type { PushSender } from '@turnproof/platform/web-push-sender';
import { assigneeRoute, deliverNotice, routeTo } from './cleaner-notices.ts';

export interface EscalationActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  texts: TextSender | null;
  secretKey: string;
  publicOrigin: string;
  mailBudget: OwnerMailBudget;
  runUrl: (runId: string) => string;
  /** Null when VAPID keys are not configured: no browser notifications. */
  push: PushSender | null;
}

/** What a cleaner's notice says of the run: its property, kind and due time in the property's zone. */
const runContext = (run: Run) => ({
  propertyName: run.property.name,
  kind: run.type,
  dueAt: run.due_at ?? null,
  timeZone: run.property.timezone,
});

/** The cleaner answered no to the run by text. */
async function declined(em: EntityManager, runId: string, memberId: string): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute(`select 1 from run_events where run_id = ? and kind = 'declined' and key = ?`, [runId, memberId]);
  return rows.length > 0;
}

/** The run with what the ladder needs, or null when it no longer waits for a start (deleted, started, ended). */
async function pendingRun(orm: MikroORM, runId: string) {
  const em = orm.em.fork();
  const run = await em.findOne(
    Run,
    { id: runId },
    { populate: ['property', 'property.backup_assignee', 'assigned_to'] },
  );
  if (!run || run.status !== 'pending' || !run.due_at) return null;
  return { em, run, dueAt: run.due_at, timeZone: run.property.timezone };
}

/**
 * The ladder's steps (`escalation-ladder.ts`). Each is once per run: mails claim a key in sent_notices,
 * timeline rows are unique per (run, step), so a retried activity repeats nothing.
 */
export function createEscalationActivities(deps: EscalationActivityDeps) {
  const { orm, mailer, runUrl } = deps;
  return {
    async remindAssignee(runId: string) {
      const loaded = await pendingRun(orm, runId);
      if (!loaded) return;
      const { em, run, dueAt, timeZone } = loaded;
      const assignee = run.assigned_to;
      const ownerId = run.property.owner.id;
      const route = assignee && assigneeRoute(deps, assignee);
      const sentBy =
        assignee && route
          ? await deliverNotice(deps, route, {
              ownerId,
              runId,
              member: assignee,
              key: `run/${runId}/ladder/reminded`,
              notice: 'reminder',
              asksReply: false,
              language: await cleanerLanguage(em, {
                memberId: assignee.id,
                ownerId,
                runLanguage: run.cleaner_language,
              }),
              text: (language) =>
                cleanerTexts.reminder(
                  { ...runContext(run), dueAt, magicLink: decryptLink(deps.secretKey, run.link_encrypted) },
                  language,
                ),
              mail: (to, language) => assigneeReminderMail(to, { ...runContext(run), dueAt }, language),
            })
          : null;
      const due = formatDateTime(dueAt, timeZone);
      await recordRunEvent(
        em,
        runId,
        'reminded',
        !assignee
          ? {
              code: 'reminded_unassigned',
              params: { due: dueAt.toISOString() },
              detail: `Not started, due ${due}; no cleaner is assigned to remind.`,
            }
          : sentBy
            ? {
                code: 'reminded',
                params: { cleaner: assignee.name, due: dueAt.toISOString() },
                detail: `Reminder sent to ${assignee.name}: not started, due ${due}.`,
              }
            : {
                code: 'reminder_no_email',
                params: { cleaner: assignee.name, due: dueAt.toISOString() },
                detail: `Not started, due ${due}; ${assignee.name} has no e-mail address, so no reminder was sent.`,
              },
      );
    },

    /**
     * The run passes to the property's backup cleaner with a new link (the first cleaner's stops working);
     * the first cleaner is told. A backup who never accepted the invitation, or an owner whose mail budget
     * for the hour is spent, leaves the run where it is: a hand-over nobody hears of helps no one.
     */
    async handOverToBackup(runId: string) {
      const loaded = await pendingRun(orm, runId);
      if (!loaded) return;
      const { em, run } = loaded;
      const backup = run.property.backup_assignee;
      const first = run.assigned_to;
      if (!backup || backup.id === first?.id) {
        await recordRunEvent(em, runId, 'handed_over', {
          code: 'handed_over_no_backup',
          detail: 'Not started; no backup cleaner is set for this property.',
        });
        return;
      }
      const ownerId = run.property.owner.id;
      const backupRoute = await routeTo(deps, ownerId, backup);
      if ('refused' in backupRoute) {
        const { refused } = backupRoute;
        await recordRunEvent(em, runId, 'handed_over', {
          code: `handed_over_refused_${refused.reason}`,
          params: { backup: backup.name },
          detail: `Not started, and not passed to ${backup.name}: ${refused.text}`,
        });
        return;
      }
      const link = await em.transactional(async (tx) => {
        const moved = await tx.nativeUpdate(
          Run,
          { id: runId, status: 'pending' },
          // The language the runner showed was the first cleaner's; the backup's runner records theirs.
          { assigned_to: backup.id, cleaner_language: null, updated_at: new Date() },
        );
        return moved ? (await rotateRunLinks(tx, [runId], deps)).get(runId) : undefined;
      });
      // Started in the meantime: it stays with the first cleaner.
      if (!link) return;
      const context = runContext(run);
      const ownerName = await ownerDisplayName(em, ownerId);
      // The backup's offer asks for a yes or no, like any assignment.
      await deliverNotice(deps, backupRoute, {
        ownerId,
        runId,
        member: backup,
        key: `run/${runId}/assigned/${backup.id}`,
        notice: 'assigned',
        asksReply: true,
        language: await cleanerLanguage(em, { memberId: backup.id, ownerId, newRunId: runId }),
        text: (language) => cleanerTexts.assigned({ ...context, ownerName, magicLink: link }, language),
        mail: (to, language) =>
          assignmentMail(
            to,
            { ...context, ownerName, magicLink: link, access: propertyAccess(run.property) },
            language,
          ),
      });
      await pushNewJob(deps.push, em, {
        runId,
        ownerId,
        memberId: backup.id,
        propertyName: run.property.name,
        dueAt: run.due_at ?? null,
        timeZone: run.property.timezone,
        magicLink: link,
      });
      // A first cleaner who said no knows; one who went silent is told the run moved on.
      if (first && !(await declined(em, runId, first.id))) {
        const firstRoute = await routeTo(deps, ownerId, first);
        if (!('refused' in firstRoute)) {
          await deliverNotice(deps, firstRoute, {
            ownerId,
            runId,
            member: first,
            key: `run/${runId}/ladder/handed-over`,
            notice: 'handed_over',
            asksReply: false,
            language: await cleanerLanguage(em, { memberId: first.id, ownerId, runLanguage: run.cleaner_language }),
            text: (language) => cleanerTexts.handedOver({ ...context, backupName: backup.name }, language),
            mail: (to, language) => handedOverMail(to, { ...context, backupName: backup.name }, language),
          });
        }
      }
      await recordRunEvent(
        em,
        runId,
        'handed_over',
        first
          ? {
              code: 'handed_over',
              params: { from: first.name, backup: backup.name },
              detail: `Not started: passed from ${first.name} to ${backup.name}, who got a new link.`,
            }
          : {
              code: 'handed_over_unassigned',
              params: { backup: backup.name },
              detail: `Not started: passed to ${backup.name}, who got a new link.`,
            },
      );
    },

    /** The host hears that the check-in is at risk: an alert on the run and an e-mail, once. */
    async alertCheckInAtRisk(runId: string) {
      const loaded = await pendingRun(orm, runId);
      if (!loaded) return;
      const { em, run, dueAt, timeZone } = loaded;
      const description = `Not started, and the next check-in is at ${formatDateTime(dueAt, timeZone)}: it is at risk.`;
      await em.getConnection().execute(
        `insert into alerts (id, run_id, kind, severity, description, created_at)
         select gen_random_uuid(), ?, 'at_risk', 'high', ?, now()
         where not exists (select 1 from alerts where run_id = ? and kind = 'at_risk')`,
        [runId, description, runId],
      );
      const owner = await em.findOneOrFail(User, { id: run.property.owner.id });
      const mail = checkInAtRiskMail(
        owner.email,
        {
          propertyName: run.property.name,
          kind: run.type,
          runUrl: runUrl(runId),
          dueAt,
          timeZone,
          assigneeName: run.assigned_to?.name ?? null,
        },
        await hostLanguage(em, owner.id),
      );
      await sendOnce(orm, mailer, `run/${runId}/ladder/at-risk`, mail);
      await recordRunEvent(em, runId, 'host_alerted', {
        code: 'host_alerted',
        params: { due: dueAt.toISOString() },
        detail: description,
      });
    },
  };
}
