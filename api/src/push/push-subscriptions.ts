import type { EntityManager } from '@mikro-orm/postgresql';
import type { PushReceiver } from '@turnproof/platform/push-once';
import type { SubscriptionInput } from './push-input.ts';

/**
 * Stores a browser's subscription for its receiver. One browser has one endpoint: subscribing it again
 * (new keys, or another account on the same browser) replaces the row, so a browser is notified for the
 * one who subscribed it last.
 */
export async function saveSubscription(em: EntityManager, receiver: PushReceiver, input: SubscriptionInput) {
  const userId = 'userId' in receiver ? receiver.userId : null;
  const memberId = 'teamMemberId' in receiver ? receiver.teamMemberId : null;
  await em.getConnection().execute(
    `insert into push_subscriptions (endpoint, p256dh, auth, user_id, team_member_id) values (?, ?, ?, ?, ?)
     on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth,
       user_id = excluded.user_id, team_member_id = excluded.team_member_id, created_at = now()`,
    [input.endpoint, input.keys.p256dh, input.keys.auth, userId, memberId],
  );
}

/** Forgets a host's browser (notifications turned off); another receiver's row with that endpoint stays. */
export async function deleteSubscription(em: EntityManager, userId: string, endpoint: string) {
  await em
    .getConnection()
    .execute(`delete from push_subscriptions where endpoint = ? and user_id = ?`, [endpoint, userId]);
}
