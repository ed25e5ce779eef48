import Router from '@koa/router';
import { Profile } from '@turnproof/db';
import { z } from 'zod';
import { accessOf } from '../account/access.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { badRequest, notFound, unauthorized } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { documentRoute } from '../openapi/registry.ts';
import {
  changePassword,
  confirmEmail,
  messages,
  requestPasswordReset,
  resetPassword,
  signIn,
  signUp,
} from './auth-service.ts';
import { type GoogleFlow, GoogleSignIn, googleSignInConfigured, ownerForGoogle } from './google.ts';
import { endSession, requireUser, startSession } from './sessions.ts';

const email = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .toLowerCase()
  .max(254, 'That email address is too long.')
  .pipe(z.email({ error: 'Please enter a valid email address.' }));
const password = z.string({ error: 'Please enter a password.' }).max(1024, 'That password is far too long.');

const signUpBody = z.object({
  email,
  password,
  full_name: z
    .string({ error: 'Please enter your full name.' })
    .trim()
    .min(1, 'Please enter your full name.')
    .max(200, 'That name is too long.'),
});
const signInBody = z.object({ email, password });
const resetRequestBody = z.object({
  email: z
    .string({ error: 'Please enter your email address first.' })
    .trim()
    .min(1, 'Please enter your email address first.')
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid email address.' })),
});
const resetConfirmBody = z
  .object({
    token: z.string({ error: messages.resetInvalid }).min(1, messages.resetInvalid).max(200, messages.resetInvalid),
    password,
    confirm_password: password.optional(),
  })
  .refine((body) => body.confirm_password === undefined || body.confirm_password === body.password, {
    message: messages.passwordsDontMatch,
  });
const changePasswordBody = z.object({
  current_password: z.string().optional().default(''),
  new_password: z.string().max(1024, 'That password is far too long.').optional().default(''),
  confirm_password: z.string().max(1024, 'That password is far too long.').optional(),
});
const confirmQuery = z.object({ token: z.string().max(200).optional().default('') });

const googleMessages = { notConfigured: 'Google sign-in is not configured on this server.' } as const;

const okMessage = z.object({ ok: z.literal(true), message: z.string() });
const sessionAnswer = z.object({
  user: z.object({ id: z.string(), email: z.string() }).nullable(),
  profile: z.record(z.string(), z.unknown()).nullable(),
  access: z.record(z.string(), z.unknown()).nullable().optional(),
});

export function authRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/auth' });
  const tags = ['Accounts'];

  documentRoute({
    method: 'post',
    path: '/api/auth/signup',
    summary: 'Create an account and mail a confirmation link',
    tags,
    body: signUpBody,
    ok: { status: 201, description: 'Account created', schema: okMessage },
    errors: { 409: messages.duplicateEmail, 429: 'Too many attempts' },
  });
  router.post('/signup', async (ctx) => {
    const body = parseInput(signUpBody, ctx.request.body);
    await deps.rateLimits.consume(['signUpPerIp', ctx.ip], ['signUpPerEmail', body.email]);
    const user = await signUp(deps, ctx.state.em, {
      email: body.email,
      password: body.password,
      fullName: body.full_name,
    });
    ctx.status = 201;
    ctx.body = {
      ok: true,
      user: { id: user.id, email: user.email },
      message: 'Account created! Check your email to confirm your address.',
    };
  });

  documentRoute({
    method: 'get',
    path: '/api/auth/confirm',
    summary: 'Confirm an e-mail address (link from the mail)',
    tags,
    query: confirmQuery,
    ok: { description: 'Confirmed (JSON), or a redirect to /auth for browsers' },
    errors: { 410: messages.confirmExpired },
  });
  router.get('/confirm', async (ctx) => {
    const { token } = parseInput(confirmQuery, ctx.query);
    if (!token) throw badRequest(messages.confirmInvalid);
    await confirmEmail(ctx.state.em, token);
    if (ctx.accepts('html', 'json') === 'html') return ctx.redirect('/auth?confirmed=1');
    ctx.body = { ok: true, message: 'Email confirmed. You can sign in now.' };
  });

  documentRoute({
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in; sets an HttpOnly session cookie',
    tags,
    body: signInBody,
    ok: { description: 'Signed in', schema: sessionAnswer },
    errors: { 401: messages.invalidCredentials, 403: messages.unconfirmed, 429: 'Too many failed attempts' },
  });
  router.post('/login', async (ctx) => {
    const body = parseInput(signInBody, ctx.request.body);
    await deps.rateLimits.ensureAvailable(['signInFailuresPerEmail', body.email], ['signInFailuresPerIp', ctx.ip]);
    const user = await signIn(ctx.state.em, body.email, body.password);
    if (!user) {
      await deps.rateLimits.consume(['signInFailuresPerEmail', body.email], ['signInFailuresPerIp', ctx.ip]);
      throw unauthorized(messages.invalidCredentials);
    }
    await deps.rateLimits.reward('signInFailuresPerEmail', body.email);
    await startSession(ctx, user.id);
    ctx.body = { user: { id: user.id, email: user.email }, message: 'Welcome back!' };
  });

  documentRoute({
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Sign out (ends the session)',
    tags,
    ok: { description: 'Signed out', schema: okMessage },
  });
  router.post('/logout', async (ctx) => {
    await endSession(ctx);
    ctx.body = { ok: true, message: 'Signed out' };
  });

  documentRoute({
    method: 'get',
    path: '/api/auth/session',
    summary: 'The signed-in user and profile, or nulls',
    tags,
    ok: { description: 'Session', schema: sessionAnswer },
  });
  router.get('/session', async (ctx) => {
    const user = ctx.state.user;
    if (!user) {
      ctx.body = { user: null, profile: null, access: null };
      return;
    }
    const profile = await ctx.state.em.findOne(Profile, { user: user.id });
    ctx.body = {
      user,
      profile: profile ? { ...profile, user: undefined, user_id: user.id } : null,
      access: await accessOf(ctx.state.em, user.id),
    };
  });

  documentRoute({
    method: 'get',
    path: '/api/auth/providers',
    summary: 'Sign-in providers besides e-mail and password (Google when GOOGLE_CLIENT_ID is set)',
    tags,
    ok: { description: 'Providers', schema: z.object({ google: z.boolean() }) },
  });
  router.get('/providers', (ctx) => {
    ctx.body = { google: googleSignInConfigured(deps.config) };
  });

  const google = new GoogleSignIn(deps.config);
  const googleFlowCookie = {
    name: 'turnproof_google_flow',
    options: (ctx: AppContext, maxAge?: number) => ({
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: ctx.secure,
      path: '/api/auth/google',
      maxAge,
      overwrite: true,
    }),
  };
  const GOOGLE_FLOW_LIFETIME_MS = 10 * 60 * 1000;

  documentRoute({
    method: 'get',
    path: '/api/auth/google',
    summary: 'Continue with Google: redirects to Google (OpenID Connect code flow with PKCE)',
    tags,
    ok: { status: 302, description: "Redirect to Google's sign-in" },
    errors: { 404: googleMessages.notConfigured },
  });
  router.get('/google', async (ctx) => {
    if (!googleSignInConfigured(deps.config)) throw notFound(googleMessages.notConfigured);
    const { url, flow } = await google.start();
    ctx.cookies.set(
      googleFlowCookie.name,
      Buffer.from(JSON.stringify(flow)).toString('base64url'),
      googleFlowCookie.options(ctx, GOOGLE_FLOW_LIFETIME_MS),
    );
    ctx.redirect(url.href);
  });

  documentRoute({
    method: 'get',
    path: '/api/auth/google/callback',
    summary: 'Where Google sends the browser back: signs in (or creates the account) and opens /onboarding',
    tags,
    ok: { status: 302, description: 'Redirect to /onboarding, or to /auth?error=google when sign-in failed' },
  });
  router.get('/google/callback', async (ctx) => {
    const saved = ctx.cookies.get(googleFlowCookie.name);
    ctx.cookies.set(googleFlowCookie.name, '', googleFlowCookie.options(ctx, 0));
    try {
      if (!saved || !googleSignInConfigured(deps.config)) throw new Error('no Google sign-in under way');
      const flow = JSON.parse(Buffer.from(saved, 'base64url').toString('utf8')) as GoogleFlow;
      const identity = await google.finish(new URL(ctx.originalUrl, deps.config.publicOrigin), flow);
      const user = await ownerForGoogle(deps, ctx.state.em, identity);
      await startSession(ctx, user.id);
      ctx.redirect('/onboarding');
    } catch (error) {
      ctx.state.log.warn({ err: error }, 'Google sign-in failed');
      ctx.redirect('/auth?error=google');
    }
  });

  documentRoute({
    method: 'post',
    path: '/api/auth/password-reset/request',
    summary: 'Mail a 1-hour password reset link',
    tags,
    body: resetRequestBody,
    ok: { description: 'Same answer whether or not the account exists', schema: okMessage },
    errors: { 429: 'Too many requests' },
  });
  router.post('/password-reset/request', async (ctx) => {
    const body = parseInput(resetRequestBody, ctx.request.body);
    await deps.rateLimits.consume(['resetPerIp', ctx.ip], ['resetPerEmail', body.email]);
    await requestPasswordReset(deps, ctx.state.em, body.email);
    ctx.body = { ok: true, message: messages.resetRequested };
  });

  documentRoute({
    method: 'post',
    path: '/api/auth/password-reset/confirm',
    summary: 'Set a new password with a reset link token',
    tags,
    body: resetConfirmBody,
    ok: { description: 'Password changed', schema: okMessage },
    errors: { 410: messages.resetExpired },
  });
  router.post('/password-reset/confirm', async (ctx) => {
    const body = parseInput(resetConfirmBody, ctx.request.body);
    await resetPassword(ctx.state.em, body.token, body.password);
    ctx.body = { ok: true, message: 'Password updated. Please sign in with your new password.' };
  });

  documentRoute({
    method: 'post',
    path: '/api/auth/password',
    summary: 'Change the password of the signed-in user',
    tags,
    body: changePasswordBody,
    signedIn: true,
    ok: { description: 'Password changed', schema: okMessage },
    errors: { 401: 'Authentication required' },
  });
  router.post('/password', async (ctx) => {
    const user = requireUser(ctx);
    const body = parseInput(changePasswordBody, ctx.request.body);
    if (!body.current_password || !body.new_password || body.confirm_password === '') {
      throw badRequest(messages.missingPasswordFields);
    }
    if (body.confirm_password !== undefined && body.confirm_password !== body.new_password) {
      throw badRequest(messages.newPasswordsDontMatch);
    }
    await changePassword(ctx.state.em, user.id, body.current_password, body.new_password);
    ctx.body = { ok: true, message: 'Password updated' };
  });

  return router;
}
