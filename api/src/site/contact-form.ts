import type { ContactFormState } from '@turnproof/site';
import { CONTACT_TEXTS } from '@turnproof/site';
import type { Middleware } from 'koa';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { contactInput, submitContactMessage } from './contact-service.ts';
import { readFormBody } from './form-body.ts';

/** POST /contact, the contact form without JavaScript: the page again, with what happened. */
export function contactFormPost(
  deps: AppDeps,
  render: (ctx: AppContext, state: ContactFormState) => void,
): Middleware<AppState> {
  return async (ctx) => {
    const fields = await readFormBody(ctx);
    try {
      await submitContactMessage(deps, ctx.state.em, parseInput(contactInput, fields), ctx.ip);
      render(ctx, { outcome: { ok: true } });
    } catch (error) {
      const known = error instanceof HttpError && error.status < 500;
      if (!known) ctx.state.log.error({ err: error }, 'contact form failed');
      const message = known ? error.message : CONTACT_TEXTS.failed;
      render(ctx, { outcome: { ok: false, error: message }, values: fields });
      if (known) ctx.status = error.status;
    }
  };
}
