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
 * The next held text whose time has come, taken for sending (SKIP LOCKED: two releases never take the
 * same one). Its status is 'sending' until Twilio answers, as for any text.
 */
const takeNext = `
  update text_messages set status = 'sending', updated_at = now()
   where id = (select id from text_messages where status = 'held' and send_at <= now()
                order by send_at limit 1 for update skip locked)
  returning id, channel, to_number, body_sealed`;

/**
 * Sends the texts quiet hours held whose 08:00 has come, oldest first; answers how many went to Twilio.
 * Twilio's trouble puts the text back on hold and is thrown, for the activity's retry.
 */
export async function releaseHeldTexts(em: EntityManager, sender: TextSender, publicOrigin: string): Promise<number> {
  const connection = em.getConnection();
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
