import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { changePassword, confirmEmail, wasConfirmedWith, messages, resetPassword } from './auth-service.ts';
import { type GoogleFlow, GoogleSignIn, googleSignInConfigured, linkPendingGoogle, ownerForGoogle } from './google.ts';
import {
  createPasswordAccount,
  resetConfirmBody,
  signInBody,
  signInWithPassword,
  signUpBody,
} from './password-accounts.ts';
import { acceptResetRequest, resetRequestBody } from './password-reset-request.ts';
import { confirmCurrentPassword } from './reauthentication.ts';
import { sessionOf } from './session-answer.ts';
import { endAllSessions, endSession, requireUser, startSession } from './sessions.ts';

const changePasswordBody = z.object({
  current_password: z.string().optional().default(''),
  new_password: z.string().max(1024, 'That password is far too long.').optional().default(''),
  confirm_password: z.string().max(1024, 'That password is far too long.').optional(),
});
const signOutBody = z.object({
  everywhere: z.boolean({ error: "'everywhere' must be true or false." }).optional().default(false),
});
const confirmQuery = z.object({ token: z.string().max(200).optional().default('') });

/** Short-lived HttpOnly cookies of Continue with Google, each sent only to the paths that read it. */
const flowCookie = (name: string, path: string) => ({
  name,
  options: (ctx: AppContext, maxAge?: number) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.cookies.secure,
    path,
    maxAge,
    overwrite: true,
  }),
});
const googleFlowCookie = flowCookie('turnproof_google_flow', '/api/auth/google');
// The ticket of a link that waits for the password; POST /api/auth/login reads it.
const googleLinkCookie = flowCookie('turnproof_google_link', '/api/auth');

const googleMessages = { notConfigured: 'Google sign-in is not configured on this server.' } as const;

const okMessage = z.object({ ok: z.literal(true), message: z.string() });
const signUpAnswer = okMessage.extend({
  user: z.object({ id: z.string(), email: z.string() }),
  promo: z
    .object({
      ok: z.boolean(),
      code: z.string(),
      message: z.string(),
      credits: z.number().int(),
      reason: z.enum(['BAD_INPUT', 'INVALID_CODE', 'promo_failed']).optional().describe('Why it was not applied'),
    })
    .optional()
    .describe('Present when a promo code was sent: applied, or why not'),
});
const sessionAnswer = z.object({
  user: z.object({ id: z.string(), email: z.string(), has_password: z.boolean().optional() }).nullable(),
  profile: z.record(z.string(), z.unknown()).nullable(),
  access: z.record(z.string(), z.unknown()).nullable().optional(),
});

export function authRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/auth' });
  const tags = ['Accounts'];

  addRoute(
    router,
    {
      method: 'post',
      path: '/signup',
      summary: 'Create an account and mail a confirmation link; an optional promo code is applied to it',
      tags,
      body: signUpBody,
      ok: { status: 201, description: 'Account created', schema: signUpAnswer },
      errors: { 409: messages.duplicateEmail, 429: 'Too many attempts' },
    },
    async (ctx) => {
      const { user, promo } = await createPasswordAccount(deps, ctx, parseInput(signUpBody, ctx.request.body));
      ctx.status = 201;
      ctx.body = {
        ok: true,
        user: { id: user.id, email: user.email },
        message: 'Account created! Check your email to confirm your address.',
        ...(promo ? { promo } : {}),
      };
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/confirm',
      summary:
        'Confirm an e-mail address (single-use link from the mail) and sign in: browsers go on to /onboarding; a link already used for a confirmed address sends a browser to /auth?confirmed=1',
      tags,
      query: confirmQuery,
      ok: { description: 'Confirmed and signed in (JSON), or a redirect for browsers', schema: okMessage },
      errors: { 400: messages.confirmInvalid, 410: messages.confirmExpired },
    },
    async (ctx) => {
      const { token } = parseInput(confirmQuery, ctx.query);
      if (!token) throw badRequest(messages.confirmInvalid, 'confirmation_link_invalid');
      const browser = ctx.accepts('html', 'json') === 'html';
      if (browser && (await wasConfirmedWith(ctx.state.em, token))) return ctx.redirect('/auth?confirmed=1');
      const user = await confirmEmail(deps, ctx.state.em, token);
      // The link proved the mailbox: the host goes on into the console instead of typing it all again.
      await startSession(ctx, user.id);
      if (browser) return ctx.redirect('/onboarding');
      ctx.body = { ok: true, message: 'Email confirmed. You are signed in.' };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/login',
      summary: 'Sign in; sets an HttpOnly session cookie',
      tags,
      body: signInBody,
      ok: { description: 'Signed in', schema: sessionAnswer },
      errors: { 401: messages.invalidCredentials, 403: messages.unconfirmed, 429: 'Too many failed attempts' },
    },
    async (ctx) => {
      const { user, greeting } = await signInWithPassword(deps, ctx, parseInput(signInBody, ctx.request.body));
      if (await linkPendingGoogle(deps, ctx.state.em, user, ctx.cookies.get(googleLinkCookie.name))) {
        ctx.cookies.set(googleLinkCookie.name, '', googleLinkCookie.options(ctx, 0));
      }
      ctx.body = { user: { id: user.id, email: user.email }, message: greeting.message, greeting: greeting.code };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/logout',
      summary:
        "Sign out: this session, or with {everywhere:true} every session of the account (the spec's global sign-out)",
      tags,
      body: signOutBody,
      ok: { description: 'Signed out', schema: okMessage },
    },
    async (ctx) => {
      const { everywhere } = parseInput(signOutBody, ctx.request.body ?? {});
      if (everywhere && ctx.state.user) await endAllSessions(ctx.state.em, ctx.state.user.id);
      await endSession(ctx);
      ctx.body = { ok: true, message: everywhere ? 'Signed out everywhere' : 'Signed out' };
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/session',
      summary: 'The signed-in user and profile, or nulls',
      tags,
      ok: { description: 'Session', schema: sessionAnswer },
    },
    async (ctx) => {
      const user = ctx.state.user;
      ctx.body = user ? await sessionOf(ctx.state.em, user) : { user: null, profile: null, access: null };
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/providers',
      summary: 'Sign-in providers besides e-mail and password (Google when GOOGLE_CLIENT_ID is set)',
      tags,
      ok: { description: 'Providers', schema: z.object({ google: z.boolean() }) },
    },
    (ctx) => {
      ctx.body = { google: googleSignInConfigured(deps.config) };
    },
  );

  const google = new GoogleSignIn(deps.config);
  const GOOGLE_FLOW_LIFETIME_MS = 10 * 60 * 1000;

  addRoute(
    router,
    {
      method: 'get',
      path: '/google',
      summary: 'Continue with Google: redirects to Google (OpenID Connect code flow with PKCE)',
      tags,
      ok: { status: 302, description: "Redirect to Google's sign-in" },
      errors: { 404: googleMessages.notConfigured },
    },
    async (ctx) => {
      if (!googleSignInConfigured(deps.config)) throw notFound(googleMessages.notConfigured);
      const { url, flow } = await google.start();
      ctx.cookies.set(
        googleFlowCookie.name,
        Buffer.from(JSON.stringify(flow)).toString('base64url'),
        googleFlowCookie.options(ctx, GOOGLE_FLOW_LIFETIME_MS),
      );
      ctx.redirect(url.href);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/google/callback',
      summary: 'Where Google sends the browser back: signs in (or creates the account) and opens /onboarding',
      tags,
      ok: {
        status: 302,
        description:
          'Redirect to /onboarding; to /auth?link=google when a confirmed account has the address (its owner signs in with the password once to link it); to /auth?error=google when sign-in failed',
      },
    },
    async (ctx) => {
      const saved = ctx.cookies.get(googleFlowCookie.name);
      ctx.cookies.set(googleFlowCookie.name, '', googleFlowCookie.options(ctx, 0));
      try {
        if (!saved || !googleSignInConfigured(deps.config)) throw new Error('no Google sign-in under way');
        const flow = JSON.parse(Buffer.from(saved, 'base64url').toString('utf8')) as GoogleFlow;
        const identity = await google.finish(new URL(ctx.originalUrl, deps.config.publicOrigin), flow);
        const outcome = await ownerForGoogle(deps, ctx.state.em, identity);
        if ('linkAfterPasswordSignIn' in outcome) {
          ctx.cookies.set(
            googleLinkCookie.name,
            outcome.linkAfterPasswordSignIn,
            googleLinkCookie.options(ctx, GOOGLE_FLOW_LIFETIME_MS),
          );
          return ctx.redirect('/auth?link=google');
        }
        await startSession(ctx, outcome.signIn.id);
        ctx.redirect('/onboarding');
      } catch (error) {
        ctx.state.log.warn({ err: error }, 'Google sign-in failed');
        ctx.redirect('/auth?error=google');
      }
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/password-reset/request',
      summary: 'Mail a 1-hour password reset link',
      tags,
      body: resetRequestBody,
      ok: { description: 'Same answer whether or not the account exists', schema: okMessage },
      errors: { 429: 'Too many requests' },
    },
    async (ctx) => {
      const body = parseInput(resetRequestBody, ctx.request.body);
      await acceptResetRequest(deps, ctx, body.email);
      ctx.body = { ok: true, message: messages.resetRequested };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/password-reset/confirm',
      summary: 'Set a new password with a reset link token',
      tags,
      body: resetConfirmBody,
      ok: { description: 'Password changed', schema: okMessage },
      errors: { 410: messages.resetExpired },
    },
    async (ctx) => {
      const body = parseInput(resetConfirmBody, ctx.request.body);
      await resetPassword(deps, ctx.state.em, body.token, body.password);
      ctx.body = { ok: true, message: 'Password updated. Please sign in with your new password.' };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/password',
      summary: 'Change the password of the signed-in user',
      tags,
      body: changePasswordBody,
      signedIn: true,
      ok: { description: 'Password changed', schema: okMessage },
      errors: {
        400: messages.currentPasswordIncorrect,
        401: 'Authentication required',
        429: 'Too many wrong passwords',
      },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const body = parseInput(changePasswordBody, ctx.request.body);
      if (!body.current_password || !body.new_password || body.confirm_password === '') {
        throw badRequest(messages.missingPasswordFields, 'missing_password_fields');
      }
      if (body.confirm_password !== undefined && body.confirm_password !== body.new_password) {
        throw badRequest(messages.newPasswordsDontMatch, 'new_password_mismatch');
      }
      await confirmCurrentPassword(deps, ctx.state.em, user.id, body.current_password);
      await changePassword(ctx.state.em, user.id, body.new_password);
      // Whoever else holds a session (perhaps the reason for the change) is signed out; this one is renewed.
      await endAllSessions(ctx.state.em, user.id);
      await startSession(ctx, user.id);
      ctx.body = { ok: true, message: 'Password updated' };
    },
  );

  return router;
}
