import { hash, verify } from '@node-rs/argon2';
import { dictionary as commonPasswordDictionary } from '@zxcvbn-ts/language-common';

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

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verifying against a fixed hash when no account exists keeps the answer time the same either way.
const decoyHash = hash('turnproof-decoy-password', ARGON2_OPTIONS);

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
