import type { EntityManager } from '@mikro-orm/postgresql';
import type { RunEventKind, RunEventParams } from '@turnproof/db';

/**
 * A timeline step as the console says it (tp.timeline.<code> with its params, in the host's language)
 * and in English (detail: the fallback, and the PDF's and logs' text). An instant in params is ISO: the
 * console formats it in the property's time zone, as the detail does.
 */
export interface TimelineMessage {
  code: string;
  params?: RunEventParams;
  detail: string;
}

/**
 * Adds a step to the run's timeline once: (run, kind, key) is unique, so a retried activity adds
 * nothing. True when this call added it.
 */
export async function recordRunEvent(
  em: EntityManager,
  runId: string,
  kind: RunEventKind,
  message: TimelineMessage,
  key = '',
): Promise<boolean> {
  const rows = await em.getConnection().execute<{ id: string }[]>(
    `insert into run_events (id, run_id, kind, key, detail, code, params, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?::jsonb, now())
       on conflict (run_id, kind, key) do nothing returning id`,
    [runId, kind, key, message.detail, message.code, message.params ? JSON.stringify(message.params) : null],
    'all',
    em.getTransactionContext(),
  );
  return rows.length > 0;
}

/** Adds many timeline steps in one statement, each once (as recordRunEvent). */
export async function recordRunEvents(
  em: EntityManager,
  events: ({ runId: string; kind: RunEventKind; key: string } & TimelineMessage)[],
): Promise<void> {
  if (events.length === 0) return;
  await em.getConnection().execute(
    `insert into run_events (id, run_id, kind, key, detail, code, params, created_at)
     select gen_random_uuid(), x.run_id, x.kind, x.key, x.detail, x.code, x.params, now()
     from jsonb_to_recordset(?::jsonb) as x(run_id uuid, kind text, key text, detail text, code text, params jsonb)
     on conflict (run_id, kind, key) do nothing`,
    [JSON.stringify(events.map((event) => ({ run_id: event.runId, ...event })))],
    'run',
    em.getTransactionContext(),
  );
}

/** 'Link sent to Ana.': the run's link went to its cleaner (assigned in the console or by the calendar). */
export const linkSent = (cleaner: string): TimelineMessage => ({
  code: 'link_sent',
  params: { cleaner },
  detail: `Link sent to ${cleaner}.`,
});

/** 'Link sent to Ana by SMS.': the run's link went to its cleaner as a text. */
export const linkTexted = (cleaner: string, channel: 'sms' | 'whatsapp'): TimelineMessage => ({
  code: `link_texted_${channel}`,
  params: { cleaner },
  detail: `Link sent to ${cleaner} by ${channel === 'sms' ? 'SMS' : 'WhatsApp'}.`,
});
