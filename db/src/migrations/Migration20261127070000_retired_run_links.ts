import { Migration } from '@mikro-orm/migrations';

/**
 * The digests of magic links replaced because the run changed hands (member removed, hand-over to the
 * backup, schedule link revoked): such a link answers 410 with a sentence, not the 404 of a mistyped one.
 */
export class Migration20261127070000_retired_run_links extends Migration {
  override name = 'Migration20261127070000_retired_run_links';

  override up(): void {
    this.addSql(
      `create table "retired_run_links" ("token_hash" varchar(255) primary key, "run_id" uuid not null references "runs" ("id") on delete cascade, "retired_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "retired_run_links_run_id_index" on "retired_run_links" ("run_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "retired_run_links";`);
  }
}
