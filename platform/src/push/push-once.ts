import type { EntityManager } from '@mikro-orm/postgresql';
import type { PushPayload, PushSender } from './web-push-sender.ts';

/** Whose browsers a notification goes to: a host's (user) or a cleaner's (team member). */
export type PushReceiver = { userId: string } | { teamMemberId: string };

export interface PushTally {
  sent: number;
  /** Subscriptions the push service no longer knows; deleted. */
  gone: number;
  failed: number;
}

const NOTHING: PushTally = { sent: 0, gone: 0, failed: 0 };

/**
 * Pushes a notification to every browser of the receiver, once per key (claimed in sent_notices, so a
 * retried activity does not push again). A browser's subscription the push service answers 404/410 for is
 * deleted. A notification is a courtesy beside the mail or text of record: a push service's trouble is
 * counted, never thrown, so it cannot make the caller's activity retry (and mail twice).
 */
export async function pushOnce(
  em: EntityManager,
  sender: PushSender | null,
  receiver: PushReceiver,
  key: string,
  payload: PushPayload,
): Promise<PushTally> {
  if (!sender) return NOTHING;
  const connection = em.getConnection();
  const [column, id] = 'userId' in receiver ? ['user_id', receiver.userId] : ['team_member_id', receiver.teamMemberId];
  const subscriptions = await connection.execute<{ endpoint: string; p256dh: string; auth: string }[]>(
    `select endpoint, p256dh, auth from push_subscriptions where ${column} = ?`,
    [id],
  );
  if (subscriptions.length === 0) return NOTHING;
  const claimed = await connection.execute<{ key: string }[]>(
    `insert into sent_notices (key, created_at) values (?, now()) on conflict (key) do nothing returning key`,
    [`push/${key}`],
  );
  if (claimed.length === 0) return NOTHING;
  const outcomes = await Promise.all(
    subscriptions.map(({ endpoint, p256dh, auth }) =>
      sender.send({ endpoint, keys: { p256dh, auth } }, payload).catch(() => 'failed' as const),
    ),
  );
  const gone = subscriptions.filter((_, index) => outcomes[index] === 'gone').map(({ endpoint }) => endpoint);
  if (gone.length) await connection.execute(`delete from push_subscriptions where endpoint in (?)`, [gone]);
  return {
    sent: outcomes.filter((outcome) => outcome === 'sent').length,
    gone: gone.length,
    failed: outcomes.filter((outcome) => outcome === 'failed').length,
  };
}
