import { Migration } from '@mikro-orm/migrations';

/**
 * Device signatures: the public keys runner phones register with a run, and on each capture-log entry
 * the key that signed the action it records and the signature (both null for an unsigned entry).
 */
export class Migration20261128100400_device_keys extends Migration {
  override name = 'Migration20261128100400_device_keys';

  override up(): void | Promise<void> {
    this.addSql(`create table "device_keys" (
      "id" uuid not null,
      "run_id" uuid not null references "runs" ("id") on delete cascade,
      "public_key" jsonb not null,
      "created_at" timestamptz not null,
      constraint "device_keys_run_public_key_unique" unique ("run_id", "public_key"),
      primary key ("id"));`);
    this.addSql(`create index "device_keys_run_id_index" on "device_keys" ("run_id");`);
    this.addSql(`alter table "capture_entries"
      add "device_key_id" uuid null references "device_keys" ("id") on delete restrict,
      add "signature" varchar(200) null;`);
    this.addSql(`alter table "capture_entries" add constraint "capture_entries_signed_pair"
      check (("device_key_id" is null) = ("signature" is null));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "capture_entries" drop constraint "capture_entries_signed_pair";`);
    this.addSql(`alter table "capture_entries" drop column "device_key_id", drop column "signature";`);
    this.addSql(`drop table "device_keys";`);
  }
}
