import type { EntityManager } from '@mikro-orm/postgresql';
import { productionTrialDurations } from '@turnproof/config';
import { AuthToken, type AuthTokenPurpose, User } from '@turnproof/db';
import { startTrial } from '@turnproof/temporal/client';
import type { AppDeps } from '../app-deps.ts';
import { badRequest, conflict, forbidden, HttpError } from '../http/errors.ts';
import { createAccount } from './accounts.ts';
import { sendConfirmationMail, sendPasswordResetMail } from './auth-mails.ts';
import {
  hashPassword,
  passwordProblem,
  passwordTooCommonMessage,
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
  if (problem === 'too_short') throw badRequest(tooShortMessage);
  if (problem === 'too_long') throw badRequest(passwordTooLongMessage);
  if (problem === 'too_common') throw badRequest(passwordTooCommonMessage);
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

/** Finds a single-use token; answers the matching sentence when it is unknown, used or expired. */
async function redeemToken(
  em: EntityManager,
  token: string,
  purpose: AuthTokenPurpose,
  errors: { invalid: string; expired: string; used?: string },
) {
  const record = await em.findOne(AuthToken, { token_hash: hashToken(token), purpose }, { populate: ['user'] });
  if (!record) throw badRequest(errors.invalid);
  if (record.used_at) throw badRequest(errors.used ?? errors.invalid);
  if (record.expires_at.getTime() < Date.now()) throw new HttpError(410, errors.expired);
  record.used_at = new Date();
  return record;
}

/** A new owner: the account with its trial's end, then the trial's workflow. */
export async function openAccount(
  deps: AppDeps,
  em: EntityManager,
  input: { email: string; passwordHash: string | null; fullName: string; confirmed: boolean },
) {
  const trialDurations = deps.trialDurations ?? productionTrialDurations;
  const trialEnd = new Date(Date.now() + trialDurations.lengthMs);
  const user = await createAccount(em, {
    ...input,
    isAdmin: deps.config.ADMIN_EMAILS.includes(input.email),
    trialEnd,
  }).catch((error: unknown) => {
    // Two sign-ups racing for the same address: the unique index decides, the loser gets the same answer.
    if (error instanceof Error && error.name === 'UniqueConstraintViolationException') {
      throw conflict(messages.duplicateEmail);
    }
    throw error;
  });
  await startTrial(deps.temporal, deps.config, { userId: user.id, trialEnd }, trialDurations).catch((error: unknown) =>
    // The account and its trial_ends_at are stored: the daily trial sweep starts the workflow later.
    deps.logger.warn({ err: error, userId: user.id }, 'trial workflow not started; the trial sweep will start it'),
  );
  return user;
}

export async function signUp(
  deps: AppDeps,
  em: EntityManager,
  input: { email: string; password: string; fullName: string },
) {
  assertAcceptablePassword(input.password, messages.signUpTooShort);
  if (await em.count(User, { email: input.email })) throw conflict(messages.duplicateEmail);
  const user = await openAccount(deps, em, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    fullName: input.fullName,
    confirmed: false,
  });
  const token = await issueToken(em, user, 'confirm_email', CONFIRMATION_LIFETIME_MS);
  const link = `${deps.config.publicOrigin}/api/auth/confirm?token=${token}`;
  await sendConfirmationMail(deps.mailer, user.email, input.fullName, link);
  return user;
}

export async function confirmEmail(em: EntityManager, token: string) {
  const record = await redeemToken(em, token, 'confirm_email', {
    invalid: messages.confirmInvalid,
    expired: messages.confirmExpired,
  });
  record.user.email_confirmed_at ??= new Date();
  await em.flush();
}

export async function signIn(em: EntityManager, email: string, password: string) {
  const user = await em.findOne(User, { email });
  if (!(await verifyPassword(user?.password_hash, password)) || !user) return null;
  // Only someone who knows the password learns that the account waits for confirmation.
  if (!user.email_confirmed_at) throw forbidden(messages.unconfirmed);
  return user;
}

export async function requestPasswordReset(deps: AppDeps, em: EntityManager, email: string) {
  const user = await em.findOne(User, { email });
  if (!user) return;
  const token = await issueToken(em, user, 'password_reset', RESET_LIFETIME_MS);
  const link = `${deps.config.publicOrigin}/password-reset?step=reset&token=${token}`;
  await sendPasswordResetMail(deps.mailer, user.email, link);
}

export async function resetPassword(em: EntityManager, token: string, password: string) {
  assertAcceptablePassword(password, messages.resetTooShort);
  await em.transactional(async (tx) => {
    const record = await redeemToken(tx, token, 'password_reset', {
      invalid: messages.resetInvalid,
      expired: messages.resetExpired,
      used: messages.resetUsed,
    });
    record.user.password_hash = await hashPassword(password);
    // A reset link proves the mailbox; it also confirms the address.
    record.user.email_confirmed_at ??= new Date();
    await tx.flush();
    await endAllSessions(tx, record.user.id);
  });
}

export async function changePassword(em: EntityManager, userId: string, current: string, next: string) {
  const user = await em.findOneOrFail(User, { id: userId });
  if (!(await verifyPassword(user.password_hash, current))) throw badRequest(messages.currentPasswordIncorrect);
  assertAcceptablePassword(next, messages.changeTooShort);
  user.password_hash = await hashPassword(next);
  await em.flush();
}
