import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mailer } from '@turnproof/platform/mailer';
import type { Config } from '@turnproof/config';
import type { Run } from '@turnproof/db';
import { recordRunEvent } from '@turnproof/platform/run-timeline';
import { decryptLink } from '../runs/magic-link.ts';
import { assignmentMail, propertyAccess } from './team-mails.tsx';
import { ownerDisplayName } from './team-service.ts';

/** E-mails the run's magic link to the team member it is assigned to (the run's reminders follow it too). */
export async function mailRunToAssignee(deps: { config: Config; mailer: Mailer }, em: EntityManager, run: Run) {
  const assignee = run.assigned_to;
  if (!assignee || run.link_revoked_at || run.status === 'completed') return;
  const email = assignee.email;
  if (!email) {
    // A member with only a phone: the host shares the link until texts go out (issue 25 point 2).
    await recordRunEvent(
      em,
      run.id,
      'link_sent',
      `Link not e-mailed: ${assignee.name} has no e-mail address.`,
      assignee.id,
    );
    return;
  }
  await deps.mailer.send(
    assignmentMail(email, {
      ownerName: await ownerDisplayName(em, run.property.owner.id),
      propertyName: run.property.name,
      kind: run.type,
      magicLink: decryptLink(deps.config.SECRET_KEY, run.link_encrypted),
      dueAt: run.due_at ?? null,
      timeZone: run.property.timezone,
      access: propertyAccess(run.property),
    }),
  );
  await recordRunEvent(em, run.id, 'link_sent', `Link sent to ${assignee.name}.`, assignee.id);
}
