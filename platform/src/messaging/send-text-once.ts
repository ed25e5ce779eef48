import type { EntityManager } from '@mikro-orm/postgresql';
import { guardText, type TextGuard, type TextRefusalCode } from './text-guards.ts';
import { TextRefused, type TextChannel, type TextMessage, type TextSender } from './twilio-messages.ts';

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

/** Why a text did not go: `refused` in English; a guard's refusal also has its code and params. */
export interface TextRefusal {
  refused: string;
  code?: TextRefusalCode;
  params?: Record<string, string | number>;
}

/** `held`: quiet hours where the property is; it goes at 08:00 there (held-texts.ts). */
export type TextOutcome = 'sent' | 'already_sent' | 'held' | TextRefusal;

interface EarlierText {
  status: string;
  error: string | null;
  refusal_code: TextRefusalCode | null;
  refusal_params: Record<string, string | number> | null;
}

/** What a text claimed before answers a retry: a refusal again (so the e-mail still goes), else done. */
function outcomeOf(earlier: EarlierText): TextOutcome {
  if (earlier.status === 'held') return 'held';
  if (earlier.status !== 'refused') return 'already_sent';
  const { refusal_code: code, refusal_params: params } = earlier;
  return { refused: earlier.error ?? '', ...(code && params ? { code, params } : {}) };
}

/**
 * Claims the text's row under the owner's lock, after the guards (text-guards.ts): a row to send now,
 * held with its time and sealed body, or refused with the guard's reason; or the row a retry finds.
 */
async function claim(
  em: EntityManager,
  sender: TextSender,
  notice: TextNotice,
): Promise<{ earlier: TextOutcome } | { earlier: null; id: string; guard: TextGuard }> {
  // A fresh fork: the caller's unflushed changes are its own, not flushed with the claim.
  return em.fork().transactional(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(hashtext(?))`, [`texts/${notice.ownerId}`]);
    const [earlier] = await tx.execute<EarlierText[]>(
      `select status, error, refusal_code, refusal_params from text_messages where send_key = ?`,
      [notice.key],
    );
    if (earlier) return { earlier: outcomeOf(earlier) };
    const guard = await guardText(tx, notice, new Date());
    const held = 'holdUntil' in guard ? guard.holdUntil : null;
    const refusal = 'refused' in guard ? guard.refused : null;
    const [row] = await tx.execute<{ id: string }[]>(
      `insert into text_messages (owner_id, run_id, team_member_id, send_key, notice, channel, to_number, asks_reply,
                                  status, send_at, body_sealed, error, refusal_code, refusal_params)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [
        notice.ownerId,
        notice.runId,
        notice.teamMemberId,
        notice.key,
        notice.notice,
        notice.channel,
        notice.to,
        notice.asksReply && !refusal,
        held ? 'held' : refusal ? 'refused' : 'sending',
        held,
        held ? sender.seal(notice.body) : null,
        refusal?.text ?? null,
        refusal?.code ?? null,
        refusal ? JSON.stringify(refusal.params) : null,
      ],
    );
    return { earlier: null, id: row!.id, guard };
  });
}

/**
 * Sends a claimed text and writes Twilio's SID and status on its row. Twilio's final refusal stays on the
 * row and is answered; any other failure is thrown after `release` gives the claim back (for a retry).
 */
export async function sendClaimed(
  em: EntityManager,
  sender: TextSender,
  id: string,
  message: TextMessage,
  release: () => Promise<unknown>,
): Promise<'sent' | TextRefusal> {
  try {
    const sent = await sender.send(message);
    await em.execute(
      `update text_messages set twilio_sid = ?, status = ?, body_sealed = null, updated_at = now() where id = ?`,
      [sent.sid, sent.status, id],
    );
    return 'sent';
  } catch (error) {
    if (error instanceof TextRefused) {
      await em.execute(
        `update text_messages set status = 'refused', error = ?, asks_reply = false, body_sealed = null,
                updated_at = now() where id = ?`,
        [error.message, id],
      );
      return { refused: error.message };
    }
    await release();
    throw error;
  }
}

/**
 * Texts a notice at most once per key: the row is claimed first (past the guards: quiet hours hold it,
 * the month's allowance and the number's hourly limit refuse it), Twilio's SID and status are written on
 * it, and a retry of the activity finds it claimed. A refusal (a guard's, or Twilio's final one: a bad
 * number, an opted-out recipient) stays on the row and is answered, so the caller can fall back to
 * e-mail; any other failure releases the claim and is thrown, for the activity's retry.
 */
export async function sendTextOnce(em: EntityManager, sender: TextSender, notice: TextNotice): Promise<TextOutcome> {
  const claimed = await claim(em, sender, notice);
  if (claimed.earlier) return claimed.earlier;
  const { id, guard } = claimed;
  if ('holdUntil' in guard) return 'held';
  if ('refused' in guard)
    return { refused: guard.refused.text, code: guard.refused.code, params: guard.refused.params };
  const message = { channel: notice.channel, to: notice.to, body: notice.body, statusCallback: notice.statusCallback };
  return sendClaimed(em, sender, id, message, () => em.execute(`delete from text_messages where id = ?`, [id]));
}

/**
 * For a request that cannot wait for a retry (the API answering the host): Twilio's trouble (network, 5xx)
 * counts as a refusal, so the e-mail goes instead and the request still succeeds.
 */
export const unreachable = (error: unknown): TextOutcome => ({
  refused: `Twilio could not be reached (${error instanceof Error ? error.message : String(error)}).`,
});
