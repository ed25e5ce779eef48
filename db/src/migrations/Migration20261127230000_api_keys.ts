import { Migration } from '@mikro-orm/migrations';

/**
 * Owners' keys for the public API (/api/v1), kept as the SHA-256 of the key, and the runs created with an
 * Idempotency-Key, per key. Pages of runs use the existing (created_at desc, id) index.
 */
export class Migration20261127230000_api_keys extends Migration {
  override name = 'Migration20261127230000_api_keys';

  override up(): void | Promise<void> {
    this.addSql(`create table "api_keys" (
      "id" uuid not null default gen_random_uuid(),
      "owner_id" uuid not null references "users" ("id") on delete cascade,
      "name" text not null,
      "scopes" jsonb not null,
      "prefix" text not null,
      "key_sha256" varchar(64) not null,
      "last_used_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      primary key ("id"),
      constraint "api_keys_key_sha256_unique" unique ("key_sha256"));`);
    this.addSql(`create index "api_keys_owner_id_index" on "api_keys" ("owner_id");`);
    this.addSql(`create table "api_idempotency" (
      "api_key_id" uuid not null references "api_keys" ("id") on delete cascade,
      "idempotency_key" text not null,
      "body_sha256" varchar(64) not null,
      "run_id" uuid not null references "runs" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      primary key ("api_key_id", "idempotency_key"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "api_idempotency";`);
    this.addSql(`drop table "api_keys";`);
  }
}
