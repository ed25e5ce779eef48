import { hash, verify } from '@node-rs/argon2';
import { dictionary as commonPasswordDictionary } from '@zxcvbn-ts/language-common';
import pLimit from 'p-limit';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// OWASP's argon2id minimum: m=19 MiB, t=2, p=1. Algorithm 2 is Argon2id (the package's enum is a const enum).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** The 3,000 most common passwords of zxcvbn's ranked list (it is ordered by frequency). */
const commonPasswords = new Set(
  (commonPasswordDictionary['passwords-common'] as string[]).slice(0, 3000).map((password) => password.toLowerCase()),
);

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common';

export function passwordProblem(password: string): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'too_short';
  if ([...password].length > PASSWORD_MAX_LENGTH) return 'too_long';
  if (commonPasswords.has(password.toLowerCase())) return 'too_common';
  return null;
}

export const passwordTooLongMessage = `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
export const passwordTooCommonMessage = 'This password is too common. Please choose one that is harder to guess.';

/**
 * Each argon2id call holds 19 MiB and a thread of the pool that file reads and image checks share: a
 * burst of sign-ins (many addresses, each within its budget) waits its turn instead of taking the
 * process's memory and threads.
 */
export const ARGON2_CONCURRENCY = 4;
const argon2Turns = pLimit(ARGON2_CONCURRENCY);

/** argon2id calls running now and waiting for a turn. */
export const passwordHashingLoad = () => ({ running: argon2Turns.activeCount, waiting: argon2Turns.pendingCount });

export function hashPassword(password: string): Promise<string> {
  return argon2Turns(() => hash(password, ARGON2_OPTIONS));
}

// Verifying against a fixed hash when no account exists keeps the answer time the same either way.
const decoyHash = hash('turnproof-decoy-password', ARGON2_OPTIONS);

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  const against = storedHash ?? (await decoyHash);
  const right = await argon2Turns(() => verify(against, password).catch(() => false));
  return Boolean(storedHash) && right;
}
