/**
 * Device signatures, shared by the runner (which signs) and the API (which verifies), so both build the
 * same bytes: the runner phone signs each action it sends with its own ECDSA P-256 key (WebCrypto,
 * non-exportable), and the server records in the capture log which registered key signed it.
 */

/**
 * The runner actions that are signed, each named by its path under /api/public: every cleaner action that
 * writes a capture-log entry (a photo's upload reservation writes none; its confirmation does).
 */
export const SIGNED_ACTIONS = [
  'task',
  'pause',
  'resume',
  'supply-count',
  'media-confirm',
  'issue',
  'guest-present',
  'complete',
] as const;
export type SignedAction = (typeof SIGNED_ACTIONS)[number];

/** Which registered phone key signed an action, and its signature (base64url IEEE P1363), as recorded. */
export interface DeviceSignature {
  deviceKeyId: string;
  signature: string;
}

/** The fields of a request that are not part of what is signed: the link and the signature itself. */
const UNSIGNED_FIELDS = new Set(['token', 'device_key_id', 'signature']);

/** The WebCrypto and node:crypto names of the algorithm (IEEE P1363 r||s signatures, 64 bytes). */
export const DEVICE_KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const DEVICE_SIGNATURE_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** JSON with object keys sorted at every depth (the request bodies are plain JSON values). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The text a device signs for an action: a version, the action, and the request's fields as sent (all
 * but the token and the signature), in canonical JSON. Every field the server records comes from them.
 */
export function signedActionText(action: SignedAction, body: object): string {
  const fields = Object.fromEntries(Object.entries(body).filter(([key]) => !UNSIGNED_FIELDS.has(key)));
  return `turnproof-action-v1\n${action}\n${canonicalJson(fields)}`;
}

/** base64url without padding, the signature's form in requests and in the capture log. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
