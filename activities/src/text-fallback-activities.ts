import { Run, type TeamMember, TextMessage } from '@turnproof/db';
import {
  assignmentMail,
  handedOverMail,
  propertyAccess,
  runCanceledMail,
  runRescheduledMail,
} from '@turnproof/platform/assignment-mails';
import { decryptLink } from '@turnproof/platform/magic-link';
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
  const stillTheirs = run.status === 'pending' && run.assigned_to?.id === text.team_member?.id;
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
      if (!stillTheirs || !dueAt) return null;
      const moved = { ...context, dueAt, magicLink: decryptLink(deps.secretKey, run.link_encrypted) };
      return (to, language) => runRescheduledMail(to, moved, language);
    }
    case 'canceled':
      return (to, language) => runCanceledMail(to, context, language);
    default:
      return null;
  }
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
