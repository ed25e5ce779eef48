import type { EntityManager } from '@mikro-orm/postgresql';
import { sendClaimed } from './send-text-once.ts';
import type { TextChannel, TextSender } from './twilio-messages.ts';
import { textStatusCallback } from './text-route.ts';

interface DueText {
  id: string;
  channel: TextChannel;
  to_number: string;
  body_sealed: string;
}

/*
 * Held texts the night made moot: their run was completed or its link revoked, or the run they offer or
 * remind of went to someone else. They are withdrawn (the message log says so), never sent late.
 */
const withdrawMoot = `
  update text_messages m set status = 'withdrawn', body_sealed = null, asks_reply = false, updated_at = now()
    from runs r
   where m.status = 'held' and m.send_at <= now() and r.id = m.run_id
     and (r.status in ('completed', 'done') or r.link_revoked_at is not null
          or ((m.asks_reply or m.notice = 'reminder') and r.assigned_to_id is distinct from m.team_member_id))`;

/*
 * The next held text whose time has come, taken for sending (SKIP LOCKED: two releases never take the
 * same one). Its status is 'sending' until Twilio answers, as for any text.
 */
const takeNext = `
  update text_messages set status = 'sending', updated_at = now()
   where id = (select id from text_messages where status = 'held' and send_at <= now()
                order by send_at limit 1 for update skip locked)
  returning id, channel, to_number, body_sealed`;

/**
 * Sends the texts quiet hours held whose 08:00 has come, oldest first, but for those the night made moot;
 * answers how many went to Twilio.
 * Twilio's trouble puts the text back on hold and is thrown, for the activity's retry.
 */
export async function releaseHeldTexts(em: EntityManager, sender: TextSender, publicOrigin: string): Promise<number> {
  const connection = em.getConnection();
  await connection.execute(withdrawMoot);
  let released = 0;
  for (;;) {
    const [due] = await connection.execute<DueText[]>(takeNext);
    if (!due) return released;
    const message = {
      channel: due.channel,
      to: due.to_number,
      body: sender.open(due.body_sealed),
      statusCallback: textStatusCallback(publicOrigin),
    };
    await sendClaimed(em, sender, due.id, message, () =>
      connection.execute(`update text_messages set status = 'held', updated_at = now() where id = ?`, [due.id]),
    );
    released += 1;
  }
}
