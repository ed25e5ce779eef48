import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './accounts.ts';
import { createdAt, uuidPrimaryKey } from './common.ts';
import { Run } from './runs.ts';

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * An owner's key for the public API (/api/v1). The key itself is shown once at creation; the row keeps
 * its SHA-256 (looked up by that hash) and its first characters, so the owner can tell keys apart.
 * Revoking deletes the row: the next request with the key finds nothing.
 */
export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: uuidPrimaryKey(),
    owner: () => p.manyToOne(User).deleteRule('cascade').index(),
    name: p.text(),
    scopes: p.json<ApiKeyScope[]>(),
    /** The key's first characters (`tp_live_` and four more), as the owner sees it in the list. */
    prefix: p.text(),
    key_sha256: p.string().length(64).unique(),
    /** Written at most once a minute per key, not on every request. */
    last_used_at: p.datetime().nullable(),
    created_at: createdAt(),
  },
});

export type ApiKey = InferEntity<typeof ApiKey>;

/**
 * A run created through /api/v1 with an `Idempotency-Key`: the same key and body within 24 hours answer
 * this run again; another body with the key is refused. Written in the run's own transaction.
 */
export const ApiIdempotency = defineEntity({
  name: 'ApiIdempotency',
  tableName: 'api_idempotency',
  properties: {
    api_key: () => p.manyToOne(ApiKey).deleteRule('cascade').primary(),
    idempotency_key: p.text().primary(),
    body_sha256: p.string().length(64),
    run: () => p.manyToOne(Run).deleteRule('cascade'),
    created_at: createdAt(),
  },
});

export type ApiIdempotency = InferEntity<typeof ApiIdempotency>;
