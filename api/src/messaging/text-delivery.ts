import type { EntityManager } from '@mikro-orm/postgresql';

/** Twilio's statuses in the order a message goes through them; a late callback never moves one back. */
const PROGRESS = ['sending', 'queued', 'accepted', 'sent', 'delivered', 'read'];
const FINAL_FAILURES = ['failed', 'undelivered'];

/**
 * Records Twilio's delivery report on the message it sent. Callbacks can arrive out of order (sent
 * after delivered): a status only replaces an earlier one. A failure is final, and ends the question
 * the message asked (no reply can answer a message that never arrived).
 */
export async function recordDelivery(
  em: EntityManager,
  sid: string,
  status: string,
  errorCode: string | null,
): Promise<void> {
  const failed = FINAL_FAILURES.includes(status);
  if (!failed && !PROGRESS.includes(status)) return;
  // The order is a constant of this file, written into the statement (the driver binds arrays as lists).
  const order = `array[${PROGRESS.map((name) => `'${name}'`).join(', ')}]`;
  await em.getConnection().execute(
    `update text_messages
        set status = ?, error = coalesce(?, error), asks_reply = asks_reply and not ?, updated_at = now()
      where twilio_sid = ?
        and status not in ('failed', 'undelivered', 'refused')
        and (? or array_position(${order}, status) < ?)`,
    [status, errorCode ? `Twilio error ${errorCode}` : null, failed, sid, failed, PROGRESS.indexOf(status) + 1],
  );
}
