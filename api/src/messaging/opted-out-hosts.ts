import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '@turnproof/db';
import { hostLanguage } from '@turnproof/platform/mail';
import type { AppDeps } from '../app-deps.ts';
import { optedOutMail } from './opted-out-mail.tsx';
import type { OptedOutMember } from './text-replies.ts';

/**
 * Each host whose team member just answered STOP gets a short mail naming them. After the opt-out is
 * committed: a mail server that is away loses the mail (logged), never the opt-out carriers require.
 */
export async function tellHostsOptedOut(
  deps: Pick<AppDeps, 'mailer' | 'config' | 'logger'>,
  em: EntityManager,
  optedOut: OptedOutMember[],
): Promise<void> {
  for (const member of optedOut) {
    try {
      const host = await em.findOneOrFail(User, { id: member.owner_id }, { fields: ['email'] });
      const teamUrl = `${deps.config.publicOrigin}/team`;
      await deps.mailer.send(optedOutMail(host.email, member.name, teamUrl, await hostLanguage(em, host.id)));
    } catch (error) {
      deps.logger.warn({ err: error, teamMemberId: member.id }, 'text opt-out: the host could not be mailed');
    }
  }
}
