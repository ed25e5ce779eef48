import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for an account with 50,000 runs (`npm run bench -- scale`), each chosen from EXPLAIN ANALYZE:
 * the runs list's sorts and status filter read 25 rows from an index instead of sorting every run; the
 * analytics' per-property counts and photo counts become index-only scans (500 ms -> 60 ms, 300 -> 18).
 */
export class Migration20261123234901_large_account_indexes extends Migration {
  override name = 'Migration20261123234901_large_account_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create index "runs_created_at_id_index" on "runs" ("created_at" desc, "id");`);
    this.addSql(`create index "runs_ended_at_id_index" on "runs" ("ended_at" desc, "id");`);
    this.addSql(`create index "runs_status_created_at_id_index" on "runs" ("status", "created_at" desc, "id");`);
    this.addSql(`create index "runs_property_id_created_at_index" on "runs" ("property_id", "created_at");`);
    this.addSql(
      `create index "runs_completed_property_id_ended_at_index" on "runs" ("property_id", "ended_at") where "status" = 'completed';`,
    );
    this.addSql(
      `create index "media_confirmed_photos_run_id_index" on "media" ("run_id") where "type" = 'photo' and "status" = 'confirmed';`,
    );
  }

  override down(): void | Promise<void> {
    for (const index of [
      'runs_created_at_id_index',
      'runs_ended_at_id_index',
      'runs_status_created_at_id_index',
      'runs_property_id_created_at_index',
      'runs_completed_property_id_ended_at_index',
      'media_confirmed_photos_run_id_index',
    ]) {
      this.addSql(`drop index if exists "${index}";`);
    }
  }
}
