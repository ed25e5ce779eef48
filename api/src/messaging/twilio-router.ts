import Router from '@koa/router';
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import twilio from 'twilio';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { addRoute } from '../openapi/registry.ts';
import { meaningOf } from './reply-words.ts';
import { answerReply } from './text-replies.ts';
import { tellHostsOptedOut } from './opted-out-hosts.ts';
import { recordDelivery } from './text-delivery.ts';
import { enqueueTextFallback } from '../outbox/outbox-writes.ts';

const FORM_LIMIT = '64kb';
const deliveryReceipt = z.object({ received: z.literal(true) });
const forged = 'This request is not signed by Twilio.';

/**
 * Twilio's form, accepted only with a valid X-Twilio-Signature for this app's public address of the
 * request (the library's own check): a forged or unsigned request is 403 and changes nothing.
 */
async function signedForm(ctx: Context, authToken: string | undefined, publicOrigin: string) {
  if (!ctx.is('application/x-www-form-urlencoded')) throw badRequest('A form-encoded Twilio request is required.');
  const form = Object.fromEntries(
    new URLSearchParams(await getRawBody(ctx.req, { limit: FORM_LIMIT, encoding: 'utf8' })),
  );
  const signature = ctx.get('X-Twilio-Signature');
  if (!authToken || !signature || !twilio.validateRequest(authToken, signature, publicOrigin + ctx.originalUrl, form)) {
    throw forbidden(forged);
  }
  return form;
}

/** A TwiML answer: the reply Twilio texts back, or none. */
function twiml(ctx: Context, text: string | null) {
  const response = new twilio.twiml.MessagingResponse();
  if (text) response.message(text);
  ctx.type = 'text/xml';
  ctx.body = response.toString();
}

/** Twilio's webhooks: the cleaners' text replies. */
export function twilioRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/messaging/twilio' });
  const tags = ['Messaging'];
  const token = deps.config.TWILIO_AUTH_TOKEN;
  const origin = deps.config.publicOrigin;

  addRoute(
    router,
    {
      method: 'post',
      path: '/inbound',
      summary:
        "A cleaner's text reply (Twilio's form: From, Body), signed with X-Twilio-Signature: 1/YES accepts the run the newest question asked about, 2/NO declines it and moves the escalation ladder on; STOP opts the number out (its host is mailed), START back in",
      tags,
      ok: { description: 'TwiML with the answer texted back', contentType: 'text/xml', schema: z.string() },
      errors: { 403: forged },
    },
    async (ctx) => {
      const form = await signedForm(ctx, token, origin);
      const from = form.From?.replace(/^whatsapp:/, '');
      if (!from) throw badRequest('The reply has no From number.');
      const meaning = meaningOf(form.Body ?? '');
      const outcome = await ctx.state.em.transactional((tx) => answerReply(tx, from, meaning, new Date()));
      await tellHostsOptedOut(deps, ctx.state.em, outcome.optedOut);
      twiml(ctx, outcome.reply);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/status',
      summary:
        "Twilio's delivery report of a text (form: MessageSid, MessageStatus, ErrorCode), signed with X-Twilio-Signature; the run's message log shows it, and a failed or undelivered text about a run goes by e-mail instead",
      tags,
      ok: { description: 'Received (a SID this app never sent changes nothing)', schema: deliveryReceipt },
      errors: { 403: forged },
    },
    async (ctx) => {
      const form = await signedForm(ctx, token, origin);
      const status = form.MessageStatus;
      if (!form.MessageSid || !status) throw badRequest('The delivery report has no MessageSid or MessageStatus.');
      const { failedTextId } = await ctx.state.em.transactional(async (tx) => {
        const delivery = await recordDelivery(tx, form.MessageSid!, status, form.ErrorCode ?? null);
        if (delivery.failedTextId) {
          await enqueueTextFallback(tx, {
            textMessageId: delivery.failedTextId,
            taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
          });
        }
        return delivery;
      });
      if (failedTextId) deps.outbox.nudge();
      ctx.body = { received: true };
    },
  );

  return router;
}
