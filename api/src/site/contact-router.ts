import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { contactInput, submitContactMessage } from './contact-service.ts';

const sentAnswer = z.object({ ok: z.literal(true), message: z.string() });

/** POST /api/contact: the contact page's form (the spec's send-contact-email). */
export function contactRouter(deps: AppDeps) {
  const router = new Router<AppState>();
  addRoute(
    router,
    {
      method: 'post',
      path: '/contact',
      summary: 'Send a message to support (stored, then mailed with Reply-To set to the sender)',
      tags: ['Public site'],
      body: contactInput,
      ok: { description: 'Message sent!', schema: sentAnswer },
      errors: {
        429: 'Too many messages from this address or e-mail; try again later',
        502: 'The mail could not be sent',
      },
    },
    async (ctx) => {
      const input = parseInput(contactInput, ctx.request.body);
      await submitContactMessage(deps, ctx.state.em, input, ctx.ip);
      ctx.body = { ok: true, message: 'Message sent!' };
    },
  );
  return router;
}
