import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { hashToken, newSecretToken } from './secret-tokens.ts';

/** Where a link's token is read: `/r/` opens a run in the runner, `/w/` a work order on the vendor's page. */
export type LinkPage = 'r' | 'w';

export function buildMagicLink(origin: string, token: string, page: LinkPage = 'r'): string {
  if (!token) throw new Error('Missing token');
  return `${origin.replace(/\/+$/, '')}/${page}/${token}`;
}

function keyFrom(secretKey: string): Buffer {
  return createHash('sha256').update(`turnproof-magic-link:${secretKey}`).digest();
}

/** AES-256-GCM: the database keeps the link only in this form (plus the token's SHA-256 for look-up). */
export function encryptLink(secretKey: string, link: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secretKey), iv);
  const sealed = Buffer.concat([cipher.update(link, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function decryptLink(secretKey: string, stored: string): string {
  const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) throw new Error('Stored magic link is malformed');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secretKey), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}

export function newMagicLink(origin: string, secretKey: string, page: LinkPage = 'r') {
  const token = newSecretToken();
  const link = buildMagicLink(origin, token, page);
  return { token, link, tokenHash: hashToken(token), linkEncrypted: encryptLink(secretKey, link) };
}
