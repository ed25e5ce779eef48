import type { Middleware } from 'koa';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { parseInput } from '../http/validation.ts';
import { readFormBody } from '../site/form-body.ts';
import { refusalQuery } from '../site/form-refusal.ts';
import { resetPassword } from './auth-service.ts';
import { resetConfirmBody } from './password-accounts.ts';
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
      query = refusalQuery(error);
    }
    ctx.status = 303;
    ctx.redirect(`/password-reset?${query}`);
  };
}

/**
 * POST /password-reset/new-password, the mailed link's new-password form without JavaScript: a POST, so the
 * password never rides in a URL (a form without a method would send it as a GET's query, into the address
 * bar, the history and the request log). On to /auth, which says the password changed, or back to the
 * link's form with the refusal.
 */
export function newPasswordFormPost(deps: AppDeps): Middleware<AppState> {
  return async (ctx) => {
    const fields = await readFormBody(ctx);
    let target: string;
    try {
      const body = parseInput(resetConfirmBody, {
        token: fields.token,
        password: fields.password,
        confirm_password: fields.confirmation,
      });
      await resetPassword(deps, ctx.state.em, body.token, body.password);
      target = '/auth?password_reset=1';
    } catch (error) {
      const query = refusalQuery(error);
      target = `/password-reset?${new URLSearchParams({ step: 'reset', token: fields.token ?? '' })}&${query}`;
    }
    ctx.status = 303;
    ctx.redirect(target);
  };
}
