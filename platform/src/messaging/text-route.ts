import type { TextChannel, TextSender } from './twilio-messages.ts';

/** What decides whether a team member is texted. */
export interface TextableMember {
  phone?: string | null;
  notify_by?: string | null;
  sms_opted_out_at?: Date | null;
}

/**
 * The channel a member's notices are texted on: the one they prefer, when this server can send on it,
 * they have a number and it has not said STOP; null means e-mail.
 */
export function textChannelFor(member: TextableMember, sender: TextSender | null): TextChannel | null {
  const channel = member.notify_by;
  if (!sender || !member.phone || member.sms_opted_out_at) return null;
  return (channel === 'sms' || channel === 'whatsapp') && sender.channels.includes(channel) ? channel : null;
}

/** Where Twilio reports each text's delivery (signed, api/src/messaging/twilio-router.ts). */
export const textStatusCallback = (publicOrigin: string) => `${publicOrigin}/api/messaging/twilio/status`;
