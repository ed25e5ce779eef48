import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../src/media/signed-tokens.ts';

const secret = 'test-secret-key-0123456789';
const now = Date.UTC(2025, 0, 1, 12, 0, 0);
const payload = { path: 'runs/r1/t1/abc-kitchen.jpg', runId: 'r1', maxBytes: 50_000_000 };

function flipChar(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'B' : 'A';
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

describe('signed tokens', () => {
  it('round-trips the payload and is URL-safe', () => {
    const token = signToken(secret, 'upload', payload, 60_000, now);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(verifyToken(secret, 'upload', token, now + 59_999)).toEqual({ ok: true, payload });
  });

  it('expires at exp', () => {
    const token = signToken(secret, 'media', payload, 60_000, now);
    expect(verifyToken(secret, 'media', token, now + 60_000)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyToken(secret, 'media', token, now + 3_600_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a tampered payload', () => {
    const token = signToken(secret, 'upload', payload, 60_000, now);
    const [, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload, maxBytes: 1e12, exp: now + 60_000 })).toString('base64url');
    expect(verifyToken(secret, 'upload', `${forged}.${mac}`, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyToken(secret, 'upload', flipChar(token, 5), now)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a tampered signature, including other spellings of the same bytes', () => {
    const token = signToken(secret, 'upload', payload, 60_000, now);
    const dot = token.indexOf('.');
    expect(verifyToken(secret, 'upload', flipChar(token, dot + 1), now)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyToken(secret, 'upload', `${token}A`, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyToken(secret, 'upload', token.slice(0, -1), now)).toEqual({ ok: false, reason: 'bad_signature' });
    // 43 characters carry 258 bits for 256: the last one has 2 spare bits, so a sibling letter decodes the same.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = alphabet[alphabet.indexOf(token.at(-1) ?? '') ^ 1] ?? '';
    const respelled = token.slice(0, -1) + sameBytes;
    expect(Buffer.from(respelled.slice(dot + 1), 'base64url')).toEqual(Buffer.from(token.slice(dot + 1), 'base64url'));
    expect(verifyToken(secret, 'upload', respelled, now)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('does not let an upload token pass as a media token, or back', () => {
    const upload = signToken(secret, 'upload', payload, 60_000, now);
    const media = signToken(secret, 'media', payload, 60_000, now);
    expect(verifyToken(secret, 'media', upload, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyToken(secret, 'upload', media, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(upload.split('.')[0]).toBe(media.split('.')[0]);
  });

  it('refuses a token signed with another secret', () => {
    const token = signToken('another-secret', 'upload', payload, 60_000, now);
    expect(verifyToken(secret, 'upload', token, now)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('calls garbage malformed and never throws', () => {
    const garbage: unknown[] = [
      '',
      '.',
      'abc',
      'a.b.c',
      '.abc',
      'abc.',
      'ab+c.de/f',
      'a b.cd',
      '%%%.%%%',
      'x'.repeat(10_000),
      `${'a'.repeat(5000)}.${'b'.repeat(5000)}`,
      undefined,
      null,
      42,
      {},
    ];
    for (const token of garbage) {
      const result = verifyToken(secret, 'upload', token as string, now);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(['malformed', 'bad_signature']).toContain(result.reason);
    }
    expect(verifyToken(secret, 'upload', 'abc', now)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyToken(secret, 'upload', 'a.b.c', now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('calls a correctly signed body that is not a token payload malformed', () => {
    // The documented scheme: HMAC-SHA256 over the base64url body, keyed by HKDF(SECRET_KEY, purpose).
    const key = Buffer.from(hkdfSync('sha256', secret, 'turnproof-signed-token', 'turnproof:upload', 32));
    const sign = (raw: string) => {
      const body = Buffer.from(raw).toString('base64url');
      return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
    };
    expect(verifyToken(secret, 'upload', sign(JSON.stringify({ a: 1, exp: now + 1000 })), now)).toEqual({
      ok: true,
      payload: { a: 1 },
    });
    for (const raw of [
      '[1,2,3]',
      'null',
      '"text"',
      '{"a":1}',
      '{"exp":"soon"}',
      '{"exp":null}',
      'not json',
      '\u00ff',
    ]) {
      expect(verifyToken(secret, 'upload', sign(raw), now)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('refuses bad arguments when signing', () => {
    expect(() => signToken(secret, 'upload', payload, 0, now)).toThrow(RangeError);
    expect(() => signToken(secret, 'upload', payload, Number.NaN, now)).toThrow(RangeError);
    expect(() => signToken(secret, 'upload', { exp: 1 }, 1000, now)).toThrow(TypeError);
    expect(() => signToken(secret, 'upload', [1, 2], 1000, now)).toThrow(TypeError);
    expect(() => signToken('', 'upload', payload, 1000, now)).toThrow(/secret/);
  });
});
