import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '@turnproof/config';
import type { TeamMember } from '@turnproof/db';
import type { Mailer, MailMessage } from '@turnproof/platform/mailer';
import { textMember, type MemberText } from '@turnproof/platform/member-text';
import { unreachable } from '@turnproof/platform/send-text-once';
import { textChannelFor } from '@turnproof/platform/text-route';
import type { TextSender } from '@turnproof/platform/twilio-messages';

export interface MemberNotice extends Omit<MemberText, 'member' | 'body'> {
  member: TeamMember;
  text: () => string;
  /** The e-mail to send instead, or null when it may not go (the owner's budget is spent). */
  mail: (to: string) => Promise<MailMessage | null>;
}

/**
 * A notice the API sends a team member about a run: a text on the channel they prefer when this server
 * sends texts, else (or when Twilio refuses it) an e-mail when they have an address. The request cannot
 * wait for a retry, so Twilio's trouble counts as a refusal. Answers how it went out, or null.
 */
export async function textOrMail(
  deps: { config: Config; mailer: Mailer; texts: TextSender | null },
  em: EntityManager,
  notice: MemberNotice,
): Promise<'sms' | 'whatsapp' | 'email' | null> {
  const channel = textChannelFor(notice.member, deps.texts);
  if (channel) {
    const outcome = await textMember(em, deps.texts!, deps.config.publicOrigin, channel, {
      ...notice,
      body: notice.text(),
    }).catch(unreachable);
    if (typeof outcome === 'string') return channel;
  }
  const to = notice.member.email;
  const mail = to ? await notice.mail(to) : null;
  if (!mail) return null;
  await deps.mailer.send(mail);
  return 'email';
}
