import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hostLanguage } from '@turnproof/platform/mail';
import type { Language } from '@turnproof/config/languages';
import { AuthToken, type AuthTokenPurpose, Profile, Session, User } from '@turnproof/db';
import type { AppDeps } from '../app-deps.ts';
import { badRequest, conflict, HttpError } from '../http/errors.ts';
import { startAccountTrial, trialEndForNewAccount } from './account-trial.ts';
import { createAccount } from './accounts.ts';
import { reconcileAdminRoles } from './admin-role.ts';
import { sendConfirmationMail, sendExistingAccountMail, sendPasswordResetMail } from './auth-mails.tsx';
import {
  hashPassword,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  passwordTooCommonMessage,
  PASSWORD_MAX_LENGTH,
  passwordTooLongMessage,
  verifyPassword,
} from './passwords.ts';
import { endAllSessions } from './sessions.ts';
import { hashToken, newSecretToken } from './secret-tokens.ts';

const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const RESET_LIFETIME_MS = 60 * 60 * 1000;

export const messages = {
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  unconfirmed: 'Please check your email and click the confirmation link before signing in.',
  duplicateEmail: 'An account with this email already exists. Please sign in instead.',
  signUpTooShort: 'Password should be at least 8 characters long.',
  resetTooShort: 'Password must be at least 8 characters long',
  passwordsDontMatch: "Passwords don't match",
  newPasswordsDontMatch: 'New password and confirmation must match.',
  changeTooShort: 'Password too short: use at least 8 characters.',
  missingPasswordFields: 'Please fill in all password fields.',
  currentPasswordIncorrect: 'Current password incorrect',
  currentPasswordNeeded: 'Please enter your current password to confirm.',
  recentSignInNeeded: 'For your security, please sign out, sign in again with Google, and try again within 10 minutes.',
  resetRequested: 'If an account exists for this email, a password reset link is on its way. It expires in 1 hour.',
  resetInvalid: 'This password reset link is invalid. Please request a new one.',
  resetExpired: 'This password reset link has expired. Please request a new one.',
  resetUsed: 'This password reset link has already been used. Please request a new one.',
  confirmInvalid: 'This confirmation link is invalid or has already been used.',
  confirmExpired: 'This confirmation link has expired. Please sign up again or contact support.',
} as const;

/** Applies the password rules of the architecture page with the wording of the screen asking. */
export function assertAcceptablePassword(password: string, tooShortMessage: string): void {
  const problem = passwordProblem(password);
  if (problem === 'too_short') throw badRequest(tooShortMessage, 'password_too_short', { count: PASSWORD_MIN_LENGTH });
  if (problem === 'too_long')
    throw badRequest(passwordTooLongMessage, 'password_too_long', { count: PASSWORD_MAX_LENGTH });
  if (problem === 'too_common') throw badRequest(passwordTooCommonMessage, 'password_too_common');
}

async function issueToken(em: EntityManager, user: User, purpose: AuthTokenPurpose, lifetimeMs: number) {
  const token = newSecretToken();
  em.create(AuthToken, {
    user,
    purpose,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + lifetimeMs),
  });
  await em.flush();
  return token;
}

/**
 * Finds a single-use token; answers the matching sentence when it is unknown, used or expired, coded
 * `<codePrefix>_invalid`, `_used` or `_expired`.
 */
async function redeemToken(
  em: EntityManager,
  token: string,
  purpose: AuthTokenPurpose,
  errors: { codePrefix: string; invalid: string; expired: string; used?: string },
) {
  const record = await em.findOne(AuthToken, { token_hash: hashToken(token), purpose }, { populate: ['user'] });
  if (!record) throw badRequest(errors.invalid, `${errors.codePrefix}_invalid`);
  if (record.used_at) {
    throw errors.used
      ? badRequest(errors.used, `${errors.codePrefix}_used`)
      : badRequest(errors.invalid, `${errors.codePrefix}_invalid`);
  }
  if (record.expires_at.getTime() < Date.now())
    throw new HttpError(410, errors.expired, {}, `${errors.codePrefix}_expired`);
  record.used_at = new Date();
  return record;
}

/** A new owner: the account with its trial's end, then the trial's workflow. */
export async function openAccount(
  deps: AppDeps,
  em: EntityManager,
  input: { email: string; passwordHash: string | null; fullName: string; confirmed: boolean; language?: Language },
) {
  const trialEnd = trialEndForNewAccount(deps);
  const user = await createAccount(em, {
    ...input,
    // The admin role needs a confirmed address (see reconcileAdminRoles).
    isAdmin: input.confirmed && deps.config.ADMIN_EMAILS.includes(input.email),
    trialEnd,
  }).catch((error: unknown) => {
    // Two sign-ups racing for the same address: the unique index decides, the loser gets the same answer.
    if (error instanceof Error && error.name === 'UniqueConstraintViolationException') {
      throw conflict(messages.duplicateEmail, 'duplicate_email');
    }
    throw error;
  });
  await startAccountTrial(deps, user.id, trialEnd);
  return user;
}

/**
 * A sign-up answers the same whether or not the address has an account, so nobody learns which addresses
 * do: a new address gets its account and a confirmation link; a known one gets a mail telling its owner
 * how to sign in or reset the password, and nothing changes (the password typed is hashed all the same, so
 * the answer takes as long).
 */
export async function signUp(
  deps: AppDeps,
  em: EntityManager,
  input: { email: string; password: string; fullName: string; language?: Language },
): Promise<{ id: string; email: string; created: boolean }> {
  assertAcceptablePassword(input.password, messages.signUpTooShort);
  const passwordHash = await hashPassword(input.password);
  const existing = await em.findOne(User, { email: input.email });
  if (existing) {
    const language = await hostLanguage(em, existing.id);
    await sendExistingAccountMail(deps.mailer, input.email, deps.config.publicOrigin, language);
    return { id: randomUUID(), email: input.email, created: false };
  }
  const user = await openAccount(deps, em, {
    email: input.email,
    passwordHash,
    fullName: input.fullName,
    confirmed: false,
    language: input.language,
  });
  const token = await issueToken(em, user, 'confirm_email', CONFIRMATION_LIFETIME_MS);
  const link = `${deps.config.publicOrigin}/api/auth/confirm?token=${token}`;
  await sendConfirmationMail(deps.mailer, user.email, input.fullName, link, input.language ?? 'en');
  return { id: user.id, email: user.email, created: true };
}

/**
 * Spends the confirmation link and confirms the address; answers the account, which the caller signs in
 * (the link proves the mailbox, once, within its lifetime).
 */
export async function confirmEmail(deps: AppDeps, em: EntityManager, token: string): Promise<User> {
  const record = await redeemToken(em, token, 'confirm_email', {
    codePrefix: 'confirmation_link',
    invalid: messages.confirmInvalid,
    expired: messages.confirmExpired,
  });
  record.user.email_confirmed_at ??= new Date();
  await em.flush();
  await reconcileAdminRoles(em, deps.config.ADMIN_EMAILS, record.user.id);
  return record.user;
}

/**
 * Whether a confirmation link was already used and its address is confirmed (a mail scanner may open the
 * link before its reader does): the browser is sent to sign in, not shown an error.
 */
export async function wasConfirmedWith(em: EntityManager, token: string): Promise<boolean> {
  const record = await em.findOne(
    AuthToken,
    { token_hash: hashToken(token), purpose: 'confirm_email', used_at: { $ne: null } },
    { populate: ['user'] },
  );
  return Boolean(record?.user.email_confirmed_at);
}

/**
 * The sign-in's greeting: 'Welcome back!' for someone who has been here before (a session of theirs is on
 * record, or they finished onboarding), a welcome for a first sign-in. Asked before the new session starts.
 */
export async function signInGreeting(
  em: EntityManager,
  userId: string,
): Promise<{ message: string; code: 'welcome_back' | 'welcome_new' }> {
  const [sessions, onboarded] = await Promise.all([
    em.count(Session, { user: userId }),
    em.count(Profile, { user: userId, onboarding_completed_at: { $ne: null } }),
  ]);
  return sessions + onboarded > 0
    ? { message: 'Welcome back!', code: 'welcome_back' }
    : { message: 'Welcome to Turnproof!', code: 'welcome_new' };
}

/** The account when the password is right (confirmed or not), else null; same work either way. */
export async function signIn(em: EntityManager, email: string, password: string) {
  const user = await em.findOne(User, { email });
  if (!(await verifyPassword(user?.password_hash, password)) || !user) return null;
  return user;
}

export async function requestPasswordReset(deps: AppDeps, em: EntityManager, email: string) {
  const user = await em.findOne(User, { email });
  if (!user) return;
  const token = await issueToken(em, user, 'password_reset', RESET_LIFETIME_MS);
  const link = `${deps.config.publicOrigin}/password-reset?step=reset&token=${token}`;
  await sendPasswordResetMail(deps.mailer, user.email, link, await hostLanguage(em, user.id));
}

export async function resetPassword(deps: AppDeps, em: EntityManager, token: string, password: string) {
  assertAcceptablePassword(password, messages.resetTooShort);
  await em.transactional(async (tx) => {
    const record = await redeemToken(tx, token, 'password_reset', {
      codePrefix: 'reset_link',
      invalid: messages.resetInvalid,
      expired: messages.resetExpired,
      used: messages.resetUsed,
    });
    record.user.password_hash = await hashPassword(password);
    // A reset link proves the mailbox; it also confirms the address.
    record.user.email_confirmed_at ??= new Date();
    await tx.flush();
    // One reset ends every other reset link of the account and every session.
    await tx.nativeUpdate(
      AuthToken,
      { user: record.user.id, purpose: 'password_reset', used_at: null },
      { used_at: record.used_at },
    );
    await endAllSessions(tx, record.user.id);
    await reconcileAdminRoles(tx, deps.config.ADMIN_EMAILS, record.user.id);
  });
}

/** Sets the new password; the caller has checked the current one. */
export async function changePassword(em: EntityManager, userId: string, next: string) {
  assertAcceptablePassword(next, messages.changeTooShort);
  const user = await em.findOneOrFail(User, { id: userId });
  user.password_hash = await hashPassword(next);
  await em.flush();
}
