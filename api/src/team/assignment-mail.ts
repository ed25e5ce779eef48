import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mailer } from '@turnproof/platform/mailer';
import type { Config } from '@turnproof/config';
import type { Run } from '@turnproof/db';
import { cleanerLanguage } from '@turnproof/platform/mail';
import { linkSent, recordRunEvent } from '@turnproof/platform/run-timeline';
import { decryptLink } from '../runs/magic-link.ts';
import { assignmentMail, propertyAccess } from './team-mails.tsx';
import { ownerDisplayName } from './team-service.ts';

/** E-mails the run's magic link to the team member it is assigned to, in their language (the run's reminders follow it too). */
export async function mailRunToAssignee(deps: { config: Config; mailer: Mailer }, em: EntityManager, run: Run) {
  const assignee = run.assigned_to;
  if (!assignee || run.link_revoked_at || run.status === 'completed') return;
  const email = assignee.email;
  if (!email) {
    // A member with only a phone: the host shares the link until texts go out.
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
  const ownerId = run.property.owner.id;
  await deps.mailer.send(
    assignmentMail(
      email,
      {
        ownerName: await ownerDisplayName(em, ownerId),
        propertyName: run.property.name,
        kind: run.type,
        magicLink: decryptLink(deps.config.SECRET_KEY, run.link_encrypted),
        dueAt: run.due_at ?? null,
        timeZone: run.property.timezone,
        access: propertyAccess(run.property),
      },
      // Newly assigned (or re-sent after a revocation): the run's language may be a previous cleaner's.
      await cleanerLanguage(em, { memberId: assignee.id, ownerId, newRunId: run.id }),
    ),
  );
  await recordRunEvent(em, run.id, 'link_sent', linkSent(assignee.name), assignee.id);
}
