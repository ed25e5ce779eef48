import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { parseId } from '../http/simple-rest.ts';
import { addRoute } from '../openapi/registry.ts';
import { runMessages } from '../runs/run-input.ts';
import { findOwnedRun } from '../runs/run-service.ts';

const textRecord = z.object({
  id: z.string(),
  notice: z.string().describe('assigned, reminder, handed_over, …'),
  channel: z.enum(['sms', 'whatsapp']),
  cleaner: z.string().nullable(),
  /** The number's last four digits: enough to tell two numbers apart, no more. */
  to_last_digits: z.string(),
  status: z
    .string()
    .describe(
      "sending, held (quiet hours), then Twilio's: queued, sent, delivered, undelivered, failed; or refused, or withdrawn (held, then moot: the run changed)",
    ),
  error: z.string().nullable(),
  send_at: z.string().nullable().describe('A held text goes at this time (08:00 where the property is)'),
  refusal_code: z
    .enum(['text_allowance_used', 'text_rate_limited'])
    .nullable()
    .describe("A guard's refusal: the month's texts are used up, or the number had its hour's texts"),
  refusal_params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .nullable()
    .describe('allowance and renews (YYYY-MM-DD), or limit'),
  created_at: z.string(),
  updated_at: z.string(),
});

interface TextRow {
  id: string;
  notice: string;
  channel: 'sms' | 'whatsapp';
  cleaner: string | null;
  to_number: string;
  status: string;
  error: string | null;
  refusal_code: 'text_allowance_used' | 'text_rate_limited' | null;
  refusal_params: Record<string, string | number> | null;
  /** Raw rows: the driver may hand timestamps over as text. */
  send_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

async function runTexts(em: EntityManager, runId: string) {
  const rows = await em.getConnection().execute<TextRow[]>(
    `select m.id, m.notice, m.channel, t.name as cleaner, m.to_number, m.status, m.error, m.refusal_code,
            m.refusal_params, m.send_at, m.created_at, m.updated_at
       from text_messages m left join team_members t on t.id = m.team_member_id
      where m.run_id = ? order by m.created_at, m.id`,
    [runId],
  );
  return rows.map(({ to_number, send_at, created_at, updated_at, ...row }) => ({
    ...row,
    to_last_digits: to_number.slice(-4),
    send_at: send_at ? new Date(send_at).toISOString() : null,
    created_at: new Date(created_at).toISOString(),
    updated_at: new Date(updated_at).toISOString(),
  }));
}

/** The run's message log: each text sent about it, to whom, and what Twilio last said of it. */
export function runMessagesRouter() {
  const router = new Router<AppState>({ prefix: '/runs/:id/messages' });

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary:
        "The run's message log: each text (SMS, WhatsApp) sent about it, its cleaner, channel and delivery status",
      tags: ['Runs'],
      params: z.object({ id: z.string() }),
      signedIn: true,
      ok: { description: 'Texts, oldest first', schema: z.array(textRecord) },
      errors: { 401: 'Authentication required', 404: runMessages.notFound },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const run = await findOwnedRun(ctx.state.em, user.id, parseId(ctx.params.id ?? '', runMessages.notFound));
      ctx.body = await runTexts(ctx.state.em, run.id);
    },
  );

  return router;
}
