import { acceptedLanguages, firstSpoken, LANGUAGE_CODES } from '@turnproof/config/languages';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext } from '../http/context.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { redeemAtSignUp } from '../promo/promo-service.ts';
import { messages, signIn, signInGreeting, signUp } from './auth-service.ts';
import { rememberDevice, signInFailureBudget } from './known-devices.ts';
import { startSession } from './sessions.ts';

export const emailField = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .toLowerCase()
  .max(254, 'That email address is too long.')
  .pipe(z.email({ error: 'Please enter a valid email address.' }));
export const passwordField = z
  .string({ error: 'Please enter a password.' })
  .max(1024, 'That password is far too long.');

export const signUpBody = z.object({
  email: emailField,
  password: passwordField,
  full_name: z
    .string({ error: 'Please enter your full name.' })
    .trim()
    .min(1, 'Please enter your full name.')
    .max(200, 'That name is too long.'),
  /** Optional; a code that cannot be applied does not stop the sign-up (the answer's `promo` says why). */
  promo_code: z.string({ error: 'promo_code must be text.' }).max(200, 'That promo code is too long.').optional(),
  /** The sign-up page's language: the account's, and the confirmation mail's. */
  language: z.enum(LANGUAGE_CODES, { error: `language must be one of: ${LANGUAGE_CODES.join(', ')}.` }).optional(),
});
export const signInBody = z.object({ email: emailField, password: passwordField });
export const resetConfirmBody = z
  .object({
    token: z.string({ error: messages.resetInvalid }).min(1, messages.resetInvalid).max(200, messages.resetInvalid),
    password: passwordField,
    confirm_password: passwordField.optional(),
  })
  .refine((body) => body.confirm_password === undefined || body.confirm_password === body.password, {
    message: messages.passwordsDontMatch,
    params: { code: 'password_mismatch' },
  });

/**
 * A sign-up with e-mail and password, through the API or /auth's plain form: counted against the IP's and
 * the address's budgets, the account made (its confirmation mailed), then the promo code applied if one came.
 */
export async function createPasswordAccount(deps: AppDeps, ctx: AppContext, body: z.output<typeof signUpBody>) {
  await deps.rateLimits.consume(['signUpPerIp', ctx.ip], ['signUpPerEmail', body.email]);
  const user = await signUp(deps, ctx.state.em, {
    email: body.email,
    password: body.password,
    fullName: body.full_name,
    // A sign-up without a language (an API client) takes the request's; without either, the console
    // later saves the one it shows.
    language: body.language ?? firstSpoken(acceptedLanguages(ctx.get('Accept-Language'))),
  });
  const promo = body.promo_code?.trim() ? await redeemAtSignUp(deps, body.promo_code, user) : undefined;
  return { user, promo };
}

/**
 * A sign-in with e-mail and password, through the API or /auth's plain form: the failure budgets spent first,
 * then the session started, with the greeting the console shows.
 */
export async function signInWithPassword(deps: AppDeps, ctx: AppContext, body: z.output<typeof signInBody>) {
  // A browser that signed in to this account before spends its own budget, not the account's (N13).
  const accountBudget = signInFailureBudget(ctx, deps.config, body.email);
  await deps.rateLimits.consume(accountBudget, ['signInFailuresPerIp', ctx.ip]);
  const user = await signIn(ctx.state.em, body.email, body.password);
  if (!user) throw unauthorized(messages.invalidCredentials, 'invalid_credentials');
  await deps.rateLimits.refund(['signInFailuresPerIp', ctx.ip]);
  await deps.rateLimits.forgive(...accountBudget);
  // Only someone who knows the password learns that the account waits for confirmation.
  if (!user.email_confirmed_at) throw forbidden(messages.unconfirmed, 'email_unconfirmed');
  rememberDevice(ctx, deps.config, body.email);
  const greeting = await signInGreeting(ctx.state.em, user.id);
  await startSession(ctx, user.id);
  return { user, greeting };
}
