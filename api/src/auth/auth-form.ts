import type { Middleware } from 'koa';
import { accessOf } from '../account/access.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { pageLanguage } from '../http/page-language.ts';
import { parseInput } from '../http/validation.ts';
import { readFormBody } from '../site/form-body.ts';
import { refusalQuery } from '../site/form-refusal.ts';
import { createPasswordAccount, signInBody, signInWithPassword, signUpBody } from './password-accounts.ts';

/** What /auth's own query carries on (a plan, a template, a promo code), without an earlier answer's. */
const ANSWER_PARAMS = [
  'refused',
  'count',
  'field',
  'step',
  'email',
  'promo_code',
  'promo_credits',
  'promo_refused',
  'mode',
];

/**
 * POST /auth, the sign-in and sign-up form without JavaScript (a phone whose console has not started yet):
 * a POST, so the password never rides in a URL. Signed in, on to /onboarding, or /dashboard for an account
 * that needs none; signed up, on to 'Check your email' with the promo code's outcome; refused, back to the
 * form with the refusal's code, which the page says in its own language.
 */
export function authFormPost(deps: AppDeps): Middleware<AppState> {
  return async (ctx) => {
    const fields = await readFormBody(ctx);
    const signingUp = fields.mode === 'sign-up';
    const query = new URLSearchParams(ctx.querystring);
    for (const name of ANSWER_PARAMS) query.delete(name);
    let target: string;
    try {
      if (signingUp) {
        const { user, promo } = await createPasswordAccount(
          deps,
          ctx,
          parseInput(signUpBody, {
            email: fields.email,
            password: fields.password,
            full_name: fields.full_name,
            promo_code: fields.promo_code || undefined,
            language: pageLanguage(ctx),
          }),
        );
        query.set('step', 'check-email');
        query.set('email', user.email);
        if (promo) {
          query.set('promo_code', promo.code);
          if (promo.ok) query.set('promo_credits', String(promo.credits));
          else query.set('promo_refused', promo.reason ?? 'promo_failed');
        }
        target = `/auth?${query}`;
      } else {
        const { user } = await signInWithPassword(deps, ctx, parseInput(signInBody, fields));
        target = (await accessOf(ctx.state.em, user.id)).needs_onboarding ? '/onboarding' : '/dashboard';
      }
    } catch (error) {
      for (const [name, value] of refusalQuery(error)) query.set(name, value);
      // The address comes back in the form (never the password).
      if (fields.email) query.set('email', fields.email);
      if (signingUp) query.set('mode', 'sign-up');
      target = `/auth?${query}`;
    }
    ctx.status = 303;
    ctx.redirect(target);
  };
}
