import { Migration } from '@mikro-orm/migrations';

/**
 * Timestamp anchors: a run's capture-log head (its seq and hash) as an RFC 3161 time-stamping authority
 * signed it, with the time from the token and the token itself (DER), which anyone can check offline.
 */
export class Migration20261128100300_timestamp_anchors extends Migration {
  override name = 'Migration20261128100300_timestamp_anchors';

  override up(): void | Promise<void> {
    this.addSql(`create table "timestamp_anchors" (
      "id" uuid not null default gen_random_uuid(),
      "run_id" uuid not null references "runs" ("id") on delete cascade,
      "head_seq" int not null,
      "head_hash" varchar(64) not null,
      "stamped_at" timestamptz not null,
      "tsa_url" text not null,
      "token" bytea not null,
      "created_at" timestamptz not null default now(),
      primary key ("id"));`);
    // One anchor per head: the hourly stamp skips a head the completion already stamped, and a retried
    // activity that stored before failing does not store twice.
    this.addSql(
      `create unique index "timestamp_anchors_run_head_unique" on "timestamp_anchors" ("run_id", "head_seq");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "timestamp_anchors";`);
  }
}
