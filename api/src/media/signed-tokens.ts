import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export type TokenPurpose = 'upload' | 'media' | 'google-link' | 'sign-in-device';

export type VerifyResult<T> =
  { ok: true; payload: T } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

/** Longer strings are refused before any decoding work. */
const MAX_TOKEN_LENGTH = 8192;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** One key per purpose (HKDF from SECRET_KEY), so an upload token never passes as a media token or back. */
function keyFor(secret: string, purpose: TokenPurpose): Buffer {
  if (!secret) throw new Error('A secret key is needed to sign or verify tokens');
  return Buffer.from(hkdfSync('sha256', secret, 'turnproof-signed-token', `turnproof:${purpose}`, 32));
}

function macOf(secret: string, purpose: TokenPurpose, body: string): string {
  return createHmac('sha256', keyFor(secret, purpose)).update(body).digest('base64url');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `base64url(JSON of payload plus exp) + '.' + base64url(HMAC-SHA256)`. `exp` (epoch milliseconds) is
 * reserved: verifyToken hands the payload back without it.
 */
export function signToken<T extends object>(
  secret: string,
  purpose: TokenPurpose,
  payload: T,
  ttlMs: number,
  now = Date.now(),
): string {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError('ttlMs must be a positive number of milliseconds');
  if (!isPlainObject(payload)) throw new TypeError('The token payload must be an object');
  if ('exp' in payload) throw new TypeError("The token payload must not have its own 'exp'");
  const body = Buffer.from(JSON.stringify({ ...payload, exp: now + ttlMs })).toString('base64url');
  return `${body}.${macOf(secret, purpose, body)}`;
}

/** Never throws on any token value; the signature is checked before the payload is parsed. */
export function verifyToken<T>(
  secret: string,
  purpose: TokenPurpose,
  token: string,
  now = Date.now(),
): VerifyResult<T> {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  const [body, mac] = parts;
  if (parts.length !== 2 || !body || !mac || !BASE64URL.test(body) || !BASE64URL.test(mac)) {
    return { ok: false, reason: 'malformed' };
  }

  // Comparing the canonical base64url text also refuses other spellings of the same MAC bytes.
  const expected = Buffer.from(macOf(secret, purpose, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad_signature' };
  }

  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isPlainObject(decoded)) return { ok: false, reason: 'malformed' };
  const { exp, ...payload } = decoded;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return { ok: false, reason: 'malformed' };
  if (now >= exp) return { ok: false, reason: 'expired' };
  return { ok: true, payload: payload as T };
}
