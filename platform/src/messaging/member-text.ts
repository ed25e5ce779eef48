import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sendTextOnce, type TextOutcome } from './send-text-once.ts';
import { textStatusCallback } from './text-route.ts';
import type { TextChannel, TextSender } from './twilio-messages.ts';

/** A notice to a team member about an owner's run, as a text. */
export interface MemberText {
  /** Once per key and channel: `run/{id}/revision/{member}` is sent as `…/sms`. */
  key: string;
  ownerId: string;
  runId: string | null;
  member: { id: string; phone?: string | null };
  /** What it tells (the run page's message log and the e-mail fallback read it). */
  notice: string;
  asksReply: boolean;
  body: string;
}

/**
 * Texts a notice on a channel the member is reached on (`textChannelFor`), once per key and channel, its
 * delivery reported to the status callback: the one way the API and the worker text a cleaner, so the
 * send key and the e-mail fallback of a failed delivery read the same everywhere.
 */
export function textMember(
  em: EntityManager,
  sender: TextSender,
  publicOrigin: string,
  channel: TextChannel,
  text: MemberText,
): Promise<TextOutcome> {
  return sendTextOnce(em, sender, {
    key: `${text.key}/${channel}`,
    ownerId: text.ownerId,
    runId: text.runId,
    teamMemberId: text.member.id,
    notice: text.notice,
    channel,
    to: text.member.phone!,
    body: text.body,
    asksReply: text.asksReply,
    statusCallback: textStatusCallback(publicOrigin),
  });
}

/** A new link is a new message: a send key carries a digest of it (never the link itself). */
export const linkTag = (link: string) => createHash('sha256').update(link).digest('hex').slice(0, 16);
