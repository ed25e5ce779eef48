import type { MikroORM } from '@mikro-orm/postgresql';
import type { Language } from '@turnproof/config/languages';
import type { TeamMember } from '@turnproof/db';
import type { Mailer, MailMessage } from '@turnproof/platform/mailer';
import { mailRefusal, type OwnerMailBudget } from '@turnproof/platform/owner-mail-budget';
import { textMember } from '@turnproof/platform/member-text';
import { textChannelFor } from '@turnproof/platform/text-route';
import type { TextChannel, TextSender } from '@turnproof/platform/twilio-messages';
import { sendOnce } from './send-once.ts';

export interface CleanerNoticeDeps {
  orm: MikroORM;
  mailer: Mailer;
  texts: TextSender | null;
  mailBudget: OwnerMailBudget;
  publicOrigin: string;
}

/** How a member is reached: a text on their channel, or an e-mail (one point of the owner's budget spent). */
export type NoticeRoute = { channel: TextChannel } | { email: string };
export type Refusal = NonNullable<Awaited<ReturnType<typeof mailRefusal>>>;

/**
 * How a notice about an owner's run reaches a member who joined the team: by text on the channel they
 * prefer when this server sends texts, else by e-mail within the owner's budget; or why it cannot.
 * Decided before acting, so a hand-over nobody would hear of is not made.
 */
export async function routeTo(
  deps: CleanerNoticeDeps,
  ownerId: string,
  member: TeamMember,
): Promise<NoticeRoute | { refused: Refusal }> {
  const channel = textChannelFor(member, deps.texts);
  if (channel && member.accepted_at) return { channel };
  const refusal = await mailRefusal(deps.mailBudget, ownerId, member);
  return refusal ? { refused: refusal } : { email: member.email! };
}

/**
 * How a notice about a run a member already has reaches them (its reminders): their channel, else their
 * address, without the budget an assignment spends; null when they have neither.
 */
export function assigneeRoute(deps: Pick<CleanerNoticeDeps, 'texts'>, member: TeamMember): NoticeRoute | null {
  const channel = textChannelFor(member, deps.texts);
  return channel ? { channel } : member.email ? { email: member.email } : null;
}

export interface CleanerNotice {
  ownerId: string;
  runId: string;
  member: TeamMember;
  /** Once per key (and channel): `run/{id}/assigned/{member}`. */
  key: string;
  notice: string;
  asksReply: boolean;
  language: Language;
  text: (language: Language) => string;
  mail: (to: string, language: Language) => MailMessage;
}

/**
 * Sends the notice on its route, each once per key. A text Twilio refuses for good goes by e-mail when
 * the member has an address (and the budget allows); the answer says how it went out, or null when not.
 */
export async function deliverNotice(
  deps: CleanerNoticeDeps,
  route: NoticeRoute,
  notice: CleanerNotice,
): Promise<'sms' | 'whatsapp' | 'held' | 'email' | null> {
  if ('channel' in route) {
    const outcome = await textMember(deps.orm.em, deps.texts!, deps.publicOrigin, route.channel, {
      ...notice,
      body: notice.text(notice.language),
    });
    // Held for the night: it goes at 08:00 where the property is (quiet hours), not by e-mail now.
    if (outcome === 'held') return 'held';
    if (typeof outcome === 'string') return route.channel;
    if (await mailRefusal(deps.mailBudget, notice.ownerId, notice.member)) return null;
  }
  const to = 'email' in route ? route.email : notice.member.email!;
  await sendOnce(deps.orm, deps.mailer, notice.key, notice.mail(to, notice.language));
  return 'email';
}
