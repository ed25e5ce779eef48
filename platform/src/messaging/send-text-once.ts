import type { EntityManager } from '@mikro-orm/postgresql';
import { TextRefused, type TextChannel, type TextSender } from './twilio-messages.ts';

export interface TextNotice {
  /** Once per run, notice and channel: `run/{id}/assigned/{member}/sms`. */
  key: string;
  ownerId: string;
  runId: string | null;
  teamMemberId: string | null;
  /** What it tells: assigned, reminder, handed_over, canceled, … (the run page's message log shows it). */
  notice: string;
  channel: TextChannel;
  to: string;
  body: string;
  /** The cleaner's 1/2 reply answers it. */
  asksReply: boolean;
  statusCallback: string;
}

export type TextOutcome = 'sent' | 'already_sent' | { refused: string };

/**
 * Texts a notice at most once per key: the row is claimed first, Twilio's SID and status are written
 * on it, and a retry of the activity finds it claimed. Twilio's final refusal (a bad number, an
 * opted-out recipient) stays on the row and is answered, so the caller can fall back to e-mail; any
 * other failure releases the claim and is thrown, for the activity's retry.
 */
export async function sendTextOnce(em: EntityManager, sender: TextSender, notice: TextNotice): Promise<TextOutcome> {
  const connection = em.getConnection();
  const claimed = await connection.execute<{ id: string }[]>(
    `insert into text_messages (owner_id, run_id, team_member_id, send_key, notice, channel, to_number, asks_reply)
     values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (send_key) do nothing returning id`,
    [
      notice.ownerId,
      notice.runId,
      notice.teamMemberId,
      notice.key,
      notice.notice,
      notice.channel,
      notice.to,
      notice.asksReply,
    ],
  );
  const id = claimed[0]?.id;
  if (!id) return 'already_sent';
  try {
    const sent = await sender.send({
      channel: notice.channel,
      to: notice.to,
      body: notice.body,
      statusCallback: notice.statusCallback,
    });
    await connection.execute(`update text_messages set twilio_sid = ?, status = ?, updated_at = now() where id = ?`, [
      sent.sid,
      sent.status,
      id,
    ]);
    return 'sent';
  } catch (error) {
    if (error instanceof TextRefused) {
      await connection.execute(
        `update text_messages set status = 'refused', error = ?, asks_reply = false, updated_at = now() where id = ?`,
        [error.message, id],
      );
      return { refused: error.message };
    }
    await connection.execute(`delete from text_messages where id = ?`, [id]);
    throw error;
  }
}

/**
 * For a request that cannot wait for a retry (the API answering the host): Twilio's trouble (network, 5xx)
 * counts as a refusal, so the e-mail goes instead and the request still succeeds.
 */
export const unreachable = (error: unknown): TextOutcome => ({
  refused: `Twilio could not be reached (${error instanceof Error ? error.message : String(error)}).`,
});
