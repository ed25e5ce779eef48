import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './accounts.ts';
import { createdAt, uuidPrimaryKey } from './common.ts';
import { TeamMember } from './properties.ts';

/**
 * A browser's Web Push subscription: the push service's endpoint and the keys a message is encrypted
 * with (RFC 8291). It belongs to a host (user) or to a cleaner (team member), never both; an endpoint the
 * push service answers 404/410 for is deleted.
 */
export const PushSubscription = defineEntity({
  name: 'PushSubscription',
  tableName: 'push_subscriptions',
  properties: {
    id: uuidPrimaryKey(),
    endpoint: p.text().unique(),
    /** The browser's P-256 public key and auth secret, base64url as PushSubscription.toJSON() gives them. */
    p256dh: p.text(),
    auth: p.text(),
    user: () => p.manyToOne(User).deleteRule('cascade').nullable().index(),
    team_member: () => p.manyToOne(TeamMember).deleteRule('cascade').nullable().index(),
    created_at: createdAt(),
  },
});

export type PushSubscription = InferEntity<typeof PushSubscription>;
