import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: 256 bits, for session cookies, e-mail links and magic links. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Only this digest is stored, so a copy of the database cannot be replayed as tokens. One-shot hashing:
 * every request through a magic link hashes its token, and a Hash object per call was garbage.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
