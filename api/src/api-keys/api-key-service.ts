import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKey, type ApiKeyScope } from '@turnproof/db';
import { FEATURES, mayUse } from '../access/access-guards.ts';
import { loadOwnerAccess } from '@turnproof/platform/owner-access';
import { hashToken } from '../auth/secret-tokens.ts';
import { forbidden, notFound } from '../http/errors.ts';

/** What every key starts with, so a leaked one is easy to recognise (and for secret scanners). */
export const API_KEY_PREFIX = 'tp_live_';
/** The key's first characters the list shows: the prefix and four of its random characters. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 4;
/** `last_used_at` is written at most this often per key, not on every request. */
const LAST_USED_STEP_MS = 60_000;

export const apiKeyMessages = {
  notFound: 'API key not found. It does not exist or was revoked.',
  upgrade: FEATURES.api_access.message,
};

/** A key as the owner sees it in the list: never the key itself, nor its hash. */
export function toApiKeyRecord(key: ApiKey) {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    prefix: key.prefix,
    created_at: key.created_at.toISOString(),
    last_used_at: key.last_used_at?.toISOString() ?? null,
  };
}

/** Refuses owners whose plan does not include the API (the same 403 as the console's other plan gates). */
export async function assertApiAllowed(em: EntityManager, ownerId: string): Promise<void> {
  if (!mayUse(await loadOwnerAccess(em, ownerId), 'api_access')) {
    throw forbidden(FEATURES.api_access.message, FEATURES.api_access.code);
  }
}

/** A new key: answered once with its secret; only its SHA-256 is stored. */
export async function createApiKey(em: EntityManager, ownerId: string, input: { name: string; scopes: ApiKeyScope[] }) {
  await assertApiAllowed(em, ownerId);
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const key = em.create(ApiKey, {
    owner: ownerId,
    name: input.name,
    // One spelling per set of scopes, in the order the API names them.
    scopes: (['read', 'write'] as const).filter((scope) => input.scopes.includes(scope)),
    prefix: secret.slice(0, SHOWN_LENGTH),
    key_sha256: hashToken(secret),
  });
  await em.flush();
  return { ...toApiKeyRecord(key), key: secret };
}

export async function listApiKeys(em: EntityManager, ownerId: string) {
  const keys = await em.find(ApiKey, { owner: ownerId }, { orderBy: { created_at: 'desc', id: 'asc' } });
  return keys.map(toApiKeyRecord);
}

/** Revoking deletes the key: the next request with it is 401. Answers the key as it was. */
export async function revokeApiKey(em: EntityManager, ownerId: string, id: string) {
  const key = await em.findOne(ApiKey, { id, owner: ownerId });
  if (!key) throw notFound(apiKeyMessages.notFound);
  await em.nativeDelete(ApiKey, { id: key.id });
  return toApiKeyRecord(key);
}

export interface KeyHolder {
  keyId: string;
  ownerId: string;
  scopes: ApiKeyScope[];
}

/**
 * The key a request presents, or null. Looked up by the SHA-256 of what was presented: the database
 * compares digests, so how long the lookup takes says nothing about any stored key.
 */
export async function keyHolderOf(em: EntityManager, presented: string): Promise<KeyHolder | null> {
  if (!presented.startsWith(API_KEY_PREFIX)) return null;
  const key = await em.findOne(
    ApiKey,
    { key_sha256: hashToken(presented) },
    { fields: ['owner', 'scopes', 'last_used_at'] },
  );
  if (!key) return null;
  const now = Date.now();
  if (!key.last_used_at || now - key.last_used_at.getTime() >= LAST_USED_STEP_MS) {
    await em.nativeUpdate(ApiKey, { id: key.id }, { last_used_at: new Date(now) });
  }
  return { keyId: key.id, ownerId: key.owner.id, scopes: key.scopes };
}
