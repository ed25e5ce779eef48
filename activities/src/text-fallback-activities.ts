import { Run, type TeamMember, TextMessage } from '@turnproof/db';
import {
  assignmentMail,
  handedOverMail,
  propertyAccess,
  runCanceledMail,
  runRescheduledMail,
} from '@turnproof/platform/assignment-mails';
import { approvalMail } from '@turnproof/platform/approval-mail';
import { decryptLink } from '@turnproof/platform/magic-link';
import { revisionMail } from '@turnproof/platform/revision-mail';
import { cleanerLanguage } from '@turnproof/platform/mail';
import type { MailMessage } from '@turnproof/platform/mailer';
import { mailRefusal } from '@turnproof/platform/owner-mail-budget';
import { ownerDisplayName } from '@turnproof/platform/owner-name';
import { recordRunEvent } from '@turnproof/platform/run-timeline';
import type { Language } from '@turnproof/config/languages';
import type { CleanerNoticeDeps } from './cleaner-notices.ts';
import { assigneeReminderMail } from './run-mails.tsx';
import { sendOnce } from './send-once.ts';

export interface TextFallbackDeps extends CleanerNoticeDeps {
  secretKey: string;
}

type NoticeMail = (to: string, language: Language) => MailMessage;

/**
 * The e-mail that says what the text said, rebuilt from the run as it is now; null when it has nothing left
 * to say (the run moved on: started, passed to someone else, its due time gone).
 */
async function mailOfNotice(deps: TextFallbackDeps, text: TextMessage, run: Run): Promise<NoticeMail | null> {
  const context = {
    propertyName: run.property.name,
    kind: run.type,
    dueAt: run.due_at ?? null,
    timeZone: run.property.timezone,
  };
  const stillAssigned = run.assigned_to?.id === text.team_member?.id;
  const stillTheirs = run.status === 'pending' && stillAssigned;
  switch (text.notice) {
    case 'assigned': {
      if (!stillTheirs || run.link_revoked_at) return null;
      const assigned = {
        ...context,
        ownerName: await ownerDisplayName(deps.orm.em.fork(), text.owner.id),
        magicLink: decryptLink(deps.secretKey, run.link_encrypted),
        access: propertyAccess(run.property),
      };
      return (to, language) => assignmentMail(to, assigned, language);
    }
    case 'reminder':
    case 'due_reminder': {
      const dueAt = run.due_at;
      return stillTheirs && dueAt ? (to, language) => assigneeReminderMail(to, { ...context, dueAt }, language) : null;
    }
    case 'handed_over': {
      const backupName = run.assigned_to?.name;
      return backupName ? (to, language) => handedOverMail(to, { ...context, backupName }, language) : null;
    }
    case 'rescheduled': {
      const dueAt = run.due_at;
      if (!stillAssigned || !['pending', 'in_progress'].includes(run.status) || !dueAt) return null;
      const moved = { ...context, dueAt, magicLink: decryptLink(deps.secretKey, run.link_encrypted) };
      return (to, language) => runRescheduledMail(to, moved, language);
    }
    case 'revision':
      return run.review_decision === 'revision_requested' && stillAssigned && !run.link_revoked_at
        ? await revisionOf(deps, run)
        : null;
    case 'approved': {
      const approvedAt = run.reviewed_at;
      if (run.review_decision !== 'approved' || !approvedAt) return null;
      const approval = {
        propertyName: run.property.name,
        approvedAt,
        timeZone: run.property.timezone,
        score: run.review_score ?? null,
        note: run.review_note ?? null,
      };
      return (to, language) => approvalMail(to, approval, language);
    }
    case 'canceled':
      return (to, language) => runCanceledMail(to, context, language);
    default:
      return null;
  }
}

/** The revision request as the host sent it: the tasks still sent back, each with its note and rejected photos. */
async function revisionOf(deps: TextFallbackDeps, run: Run): Promise<NoticeMail> {
  const tasks = await deps.orm.em.getConnection().execute<{ title: string; note: string | null; rejected: string }[]>(
    `select t.title, t.revision_note as note,
            (select count(*) from media m where m.run_task_id = t.id and m.rejected_at is not null) as rejected
       from run_tasks t where t.run_id = ? and t.reopened order by t.order_index`,
    [run.id],
  );
  const revision = {
    propertyName: run.property.name,
    tasks: tasks.map((task) => ({ title: task.title, note: task.note, rejectedPhotos: Number(task.rejected) })),
    note: run.review_note ?? null,
    magicLink: decryptLink(deps.secretKey, run.link_encrypted),
  };
  return (to, language) => revisionMail(to, revision, language);
}

/**
 * A text Twilio reported failed or undelivered (the status callback's outbox message): its notice goes by
 * e-mail when the member has an address and the owner's budget allows, once; the run's timeline says so,
 * or that the cleaner could not be reached.
 */
export function createTextFallbackActivities(deps: TextFallbackDeps) {
  return {
    async mailFailedText(textMessageId: string) {
      const em = deps.orm.em.fork();
      const text = await em.findOne(TextMessage, { id: textMessageId }, { populate: ['team_member'] });
      if (!text?.run || !text.team_member || !['failed', 'undelivered'].includes(text.status)) return;
      const run = await em.findOne(Run, { id: text.run.id }, { populate: ['property', 'assigned_to'] });
      if (!run) return;
      const member: TeamMember = text.team_member;
      const mail = await mailOfNotice(deps, text, run);
      if (!mail) return;
      const eventKey = `text/${text.id}`;
      const refusal = await mailRefusal(deps.mailBudget, text.owner.id, member);
      if (refusal) {
        await recordRunEvent(
          em,
          run.id,
          'link_sent',
          {
            code: 'text_failed_unreachable',
            params: { cleaner: member.name },
            detail: `The text to ${member.name} was not delivered, and ${refusal.text} ${member.name} could not be reached.`,
          },
          eventKey,
        );
        return;
      }
      const language = await cleanerLanguage(em, {
        memberId: member.id,
        ownerId: text.owner.id,
        runLanguage: run.cleaner_language,
      });
      await sendOnce(deps.orm, deps.mailer, `${eventKey}/fallback`, mail(member.email!, language));
      await recordRunEvent(
        em,
        run.id,
        'link_sent',
        {
          code: 'text_failed_mailed',
          params: { cleaner: member.name },
          detail: `The text to ${member.name} was not delivered, so it went by e-mail.`,
        },
        eventKey,
      );
    },
  };
}
