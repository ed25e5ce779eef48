import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mailer } from '@turnproof/platform/mailer';
import type { Config } from '@turnproof/config';
import type { Run } from '@turnproof/db';
import { cleanerTexts } from '@turnproof/platform/cleaner-texts';
import { cleanerLanguage } from '@turnproof/platform/mail';
import { linkSent, linkTexted, recordRunEvent } from '@turnproof/platform/run-timeline';
import { linkTag, textMember } from '@turnproof/platform/member-text';
import { unreachable } from '@turnproof/platform/send-text-once';
import { textChannelFor } from '@turnproof/platform/text-route';
import { linkTextHeld, linkTextRefused } from '@turnproof/platform/text-timeline';
import type { TextSender } from '@turnproof/platform/twilio-messages';
import { pushNewJob } from '@turnproof/platform/cleaner-pushes';
import type { PushSender } from '@turnproof/platform/web-push-sender';
import { decryptLink } from '../runs/magic-link.ts';
import { assignmentMail, propertyAccess } from './team-mails.tsx';
import { ownerDisplayName } from './team-service.ts';

/**
 * Sends the run's magic link to the team member it is assigned to, in their language (the run's reminders
 * follow it too): by text on the channel they prefer when this server sends texts (the text asks them to
 * answer 1 or 2), else by e-mail, and by e-mail as well when Twilio refuses the text.
 */
export async function sendRunToAssignee(
  deps: { config: Config; mailer: Mailer; texts: TextSender | null; push: PushSender | null },
  em: EntityManager,
  run: Run,
) {
  const assignee = run.assigned_to;
  if (!assignee || run.link_revoked_at || run.status === 'completed') return;
  const ownerId = run.property.owner.id;
  const magicLink = decryptLink(deps.config.SECRET_KEY, run.link_encrypted);
  const assigned = {
    ownerName: await ownerDisplayName(em, ownerId),
    propertyName: run.property.name,
    kind: run.type,
    magicLink,
    dueAt: run.due_at ?? null,
    timeZone: run.property.timezone,
  };
  // Newly assigned (or re-sent after a revocation): the run's language may be a previous cleaner's.
  const language = await cleanerLanguage(em, { memberId: assignee.id, ownerId, newRunId: run.id });
  await pushNewJob(deps.push, em, { ...assigned, runId: run.id, ownerId, memberId: assignee.id });
  const channel = textChannelFor(assignee, deps.texts);
  if (channel) {
    const outcome = await textMember(em, deps.texts!, deps.config.publicOrigin, channel, {
      key: `run/${run.id}/assigned/${assignee.id}/${linkTag(magicLink)}`,
      ownerId,
      runId: run.id,
      member: assignee,
      notice: 'assigned',
      body: cleanerTexts.assigned(assigned, language),
      asksReply: true,
    }).catch(unreachable);
    if (typeof outcome === 'string') {
      const texted = outcome === 'held' ? linkTextHeld(assignee.name) : linkTexted(assignee.name, channel);
      await recordRunEvent(em, run.id, 'link_sent', texted, assignee.id);
      return;
    }
    await recordRunEvent(em, run.id, 'link_sent', linkTextRefused(assignee.name, outcome), `${assignee.id}/text`);
  }
  const email = assignee.email;
  if (!email) {
    await recordRunEvent(
      em,
      run.id,
      'link_sent',
      {
        code: 'link_not_mailed_no_email',
        params: { cleaner: assignee.name },
        detail: `Link not e-mailed: ${assignee.name} has no e-mail address, so no e-mail was sent.`,
      },
      assignee.id,
    );
    return;
  }
  await deps.mailer.send(assignmentMail(email, { ...assigned, access: propertyAccess(run.property) }, language));
  await recordRunEvent(em, run.id, 'link_sent', linkSent(assignee.name), assignee.id);
}
