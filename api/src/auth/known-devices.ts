import { createHash, randomUUID } from 'node:crypto';
import type { Config } from '@turnproof/config';
import type { AppContext } from '../http/context.ts';
import { signToken, verifyToken } from '../media/signed-tokens.ts';
import type { Budget } from './rate-limits.ts';

/**
 * Device cookies (OWASP's answer to targeted lockout): a browser that signed in to an account holds
 * a signed cookie naming that account. Wrong passwords typed without it count against the account,
 * and lock it for strangers once too many; wrong passwords typed with it count against that device
 * alone. A stranger's guesses therefore never lock the owner's own browser out.
 */
const DEVICE_COOKIE = 'turnproof_device';
const DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

interface DevicePayload {
  /** This browser. */
  device: string;
  /** The account, as a hash of its address: the cookie shows no e-mail. */
  account: string;
}

const accountKey = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('base64url');

/** This browser's id when its device cookie was issued for the account with this address; else null. */
function knownDevice(ctx: AppContext, config: Config, email: string): string | null {
  const cookie = ctx.cookies.get(DEVICE_COOKIE);
  if (!cookie) return null;
  const verified = verifyToken<DevicePayload>(config.SECRET_KEY, 'sign-in-device', cookie);
  return verified.ok && verified.payload.account === accountKey(email) ? verified.payload.device : null;
}

/** The budget a failed sign-in to this address from this browser spends. */
export function signInFailureBudget(ctx: AppContext, config: Config, email: string): Budget {
  const device = knownDevice(ctx, config, email);
  return device ? ['signInFailuresPerDevice', device] : ['signInFailuresPerEmail', email];
}

/** After a right password: this browser is known to the account from now on (for a year, renewed at each sign-in). */
export function rememberDevice(ctx: AppContext, config: Config, email: string): void {
  const device = knownDevice(ctx, config, email) ?? randomUUID();
  const payload: DevicePayload = { device, account: accountKey(email) };
  ctx.cookies.set(DEVICE_COOKIE, signToken(config.SECRET_KEY, 'sign-in-device', payload, DEVICE_LIFETIME_MS), {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.cookies.secure,
    // Only sign-in reads it.
    path: '/api/auth/login',
    maxAge: DEVICE_LIFETIME_MS,
    overwrite: true,
  });
}
