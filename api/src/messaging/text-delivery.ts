import type { EntityManager } from '@mikro-orm/postgresql';

/** Twilio's statuses in the order a message goes through them; a late callback never moves one back. */
const PROGRESS = ['sending', 'queued', 'accepted', 'sent', 'delivered', 'read'];
const FINAL_FAILURES = ['failed', 'undelivered'];

/**
 * Records Twilio's delivery report on the message it sent (in the caller's transaction). Callbacks can
 * arrive out of order (sent after delivered): a status only replaces an earlier one. A failure is final, and
 * ends the question the message asked (no reply can answer a message that never arrived); the answer is
 * the message's id when this report is the one that failed a message about a run, for its e-mail fallback.
 */
export async function recordDelivery(
  tx: EntityManager,
  sid: string,
  status: string,
  errorCode: string | null,
): Promise<{ failedTextId: string | null }> {
  const failed = FINAL_FAILURES.includes(status);
  if (!failed && !PROGRESS.includes(status)) return { failedTextId: null };
  // The order is a constant of this file, written into the statement (the driver binds arrays as lists).
  const order = `array[${PROGRESS.map((name) => `'${name}'`).join(', ')}]`;
  const changed = await tx.getConnection().execute<{ id: string; run_id: string | null }[]>(
    `update text_messages
        set status = ?, error = coalesce(?, error), asks_reply = asks_reply and not ?, updated_at = now()
      where twilio_sid = ?
        and status not in ('failed', 'undelivered', 'refused')
        and (? or array_position(${order}, status) < ?)
      returning id, run_id`,
    [status, errorCode ? `Twilio error ${errorCode}` : null, failed, sid, failed, PROGRESS.indexOf(status) + 1],
    'all',
    tx.getTransactionContext(),
  );
  const text = changed[0];
  return { failedTextId: failed && text?.run_id ? text.id : null };
}
