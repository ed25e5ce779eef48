import type { Middleware } from 'koa';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { readFormBody } from '../site/form-body.ts';
import { acceptResetRequest, resetRequestBody } from './password-reset-request.ts';

/**
 * POST /password-reset, the reset request form without JavaScript (a phone whose console has not arrived
 * yet): on to 'Check your email', as the console goes, or back to the form with the refusal's code, which
 * the page says in its own language.
 */
export function passwordResetFormPost(deps: AppDeps): Middleware<AppState> {
  return async (ctx) => {
    const fields = await readFormBody(ctx);
    let query: URLSearchParams;
    try {
      const { email } = parseInput(resetRequestBody, fields);
      await acceptResetRequest(deps, ctx, email);
      query = new URLSearchParams({ step: 'sent', email });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      query = new URLSearchParams({ error: error.code ?? 'invalid_input' });
      if (typeof error.params?.count === 'number') query.set('count', String(error.params.count));
    }
    ctx.status = 303;
    ctx.redirect(`/password-reset?${query}`);
  };
}
