import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './accounts.ts';
import { createdAt, updatedAt, uuidPrimaryKey } from './common.ts';
import { TeamMember } from './properties.ts';
import { Run } from './runs.ts';

export const TEXT_CHANNELS = ['sms', 'whatsapp'] as const;
export type TextChannelName = (typeof TEXT_CHANNELS)[number];

/**
 * A text message to a cleaner: claimed by its send key before Twilio is asked (so a retried activity
 * never texts twice), then Twilio's SID and each delivery status its callbacks report. A message that
 * asks for a reply (an assignment, a backup's offer) is what the cleaner's "1" or "2" answers.
 */
export const TextMessage = defineEntity({
  name: 'TextMessage',
  tableName: 'text_messages',
  properties: {
    id: uuidPrimaryKey(),
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    run: () => p.manyToOne(Run).deleteRule('cascade').nullable().index(),
    team_member: () => p.manyToOne(TeamMember).deleteRule('set null').nullable(),
    /** Once per run, notice and channel, e.g. `run/{id}/assigned/{member}/sms`. */
    send_key: p.text().unique(),
    notice: p.text(),
    channel: p.enum(TEXT_CHANNELS),
    to_number: p.text(),
    asks_reply: p.boolean().default(false),
    twilio_sid: p.text().nullable().unique(),
    /** sending (claimed), held (quiet hours), then Twilio's: queued, sent, delivered, undelivered, failed; or refused; withdrawn (held, then moot). */
    status: p.text().default('sending'),
    error: p.text().nullable(),
    /** A held text goes out at this time (08:00 where the property is). */
    send_at: p.datetime().nullable(),
    /** A held text's body, sealed with SECRET_KEY (it carries the run's link); cleared once sent. */
    body_sealed: p.text().nullable(),
    /** Why a guard refused it (text_allowance_used, text_rate_limited) and its numbers, for the host's language. */
    refusal_code: p.text().nullable(),
    refusal_params: p.json<Record<string, string | number>>().nullable(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});

export type TextMessage = InferEntity<typeof TextMessage>;
